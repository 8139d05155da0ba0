// The key table as Markdown, for the README (a test keeps the doc in step).
import { BINDINGS, keyLabel, type Scope } from "./keymap.js";

const TITLES: Record<Exclude<Scope, "help">, string> = {
  global: "Everywhere",
  list: "Lists (session list, tree, feedback, digests, search results)",
  sessions: "Session list",
  tree: "Tree",
  feedback: "Feedback queue",
  digests: "Digests",
  search: "Search (5): results",
  "search-query": "Search (5): typing the query (other keys are typed)",
  pane: "Detail / context pane (after Tab)",
  prompt: "Tree: a text prompt (label, name, summary; other keys are typed)",
  choose: "Tree: continue from here, which summary",
  confirm: "Tree: confirming a write (preview, live session, fork written)",
};

export function keysMarkdown(): string {
  const out: string[] = [];
  for (const [scope, title] of Object.entries(TITLES)) {
    const rows = BINDINGS.filter((b) => b.scope === scope);
    if (rows.length === 0) continue;
    out.push(`### ${title}`, "", "| keys | action |", "|---|---|");
    for (const b of rows) {
      const keys = b.keys.map((k) => "`" + keyLabel(k).replace("|", "\\|") + "`").join(" ");
      out.push(`| ${keys} | ${b.help}${b.soon ? " *(coming soon)*" : ""} |`);
    }
    out.push("");
  }
  return out.join("\n").trimEnd() + "\n";
}
