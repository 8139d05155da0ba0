// The key table as Markdown, for the README (a test keeps the doc in step).
import { BINDINGS, bindingId, keyLabel, type Scope } from "./keymap.js";

const TITLES: Record<Scope, string> = {
  global: "Everywhere",
  list: "Lists (session list, tree, feedback, digests, search results)",
  sessions: "Session list (every printable key is typed into its search, as in pi's /resume)",
  tree: "Tree",
  "tree-query": "Tree: typing a search (other keys edit the query)",
  compare: "Tree: the compare view (m marks, = compares)",
  feedback: "Feedback queue",
  digests: "Digests",
  search: "Search (5): results",
  "search-query": "Search (5): typing the query (other keys are typed)",
  stats: "Stats (6)",
  pane: "Detail / context pane (after Tab)",
  prompt: "Tree: a text prompt (label, name, summary; other keys are typed)",
  line: "Editing a line (text prompts and search lines)",
  choose: "Tree: continue from here, which summary",
  confirm: "Tree: confirming a write (preview, live session, fork written)",
  delete: "Session list: deleting (^d asked first)",
  pick: "Tree: choosing a subagent (o on a call that started several)",
  help: "The help overlay (?)",
};

export function keysMarkdown(): string {
  const out: string[] = [];
  for (const [scope, title] of Object.entries(TITLES)) {
    const rows = BINDINGS.filter((b) => b.scope === scope);
    if (rows.length === 0) continue;
    out.push(`### ${title}`, "", "| keys | action | id (keybindings.json) |", "|---|---|---|");
    for (const b of rows) {
      const keys = b.keys.map((k) => "`" + keyLabel(k).replace("|", "\\|") + "`").join(" ");
      const id = b.typed || b.anywhere ? "" : "`" + bindingId(b) + "`";
      out.push(`| ${keys} | ${b.help} | ${id} |`);
    }
    out.push("");
  }
  return out.join("\n").trimEnd() + "\n";
}
