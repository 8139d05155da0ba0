// The path root → leaf as Markdown: a heading with the session's facts, then
// one section per entry. Prose stays as the agent wrote it (it is Markdown
// already) except that "<" is written "&lt;": session text is untrusted, and a
// Markdown viewer would otherwise render its HTML. Tool arguments, output and
// JSON go in fences longer than any backtick run inside them. Every chunk is
// terminal-safe (control characters become visible symbols), so the export
// can go straight to a terminal.
import type { Session } from "../session/index.js";
import { fullEntries } from "./entries.js";
import type { ExportOptions } from "./options.js";
import { planExport } from "./plan.js";
import { safeLines } from "./safe.js";
import { prepareEntry } from "./transform.js";
import { entryView, type EntryView, type Part } from "./view.js";

/** The longest run of backticks in s. */
function longestRun(s: string): number {
  let best = 0;
  for (const m of s.matchAll(/`+/g)) if (m[0].length > best) best = m[0].length;
  return best;
}

/** A fenced block that no line of `text` can close early. */
export function fence(text: string, lang = ""): string {
  const f = "`".repeat(Math.max(3, longestRun(text) + 1));
  return `${f}${lang}\n${text.endsWith("\n") ? text : text + "\n"}${f}\n`;
}

/** Inline code that survives backticks inside it. */
export function code(s: string): string {
  const one = s.replace(/\s+/g, " ");
  const f = "`".repeat(longestRun(one) + 1);
  const pad = one.startsWith("`") || one.endsWith("`") ? " " : "";
  return `${f}${pad}${one}${pad}${f}`;
}

/** Session text outside code: no HTML tag can open in it. */
export const prose = (s: string): string => s.replace(/</g, "&lt;");

/** Text as a Markdown block quote, line by line. */
const quote = (text: string): string =>
  text
    .split("\n")
    .map((l) => (l ? `> ${l}` : ">"))
    .join("\n") + "\n";

function partMarkdown(p: Part): string {
  switch (p.kind) {
    case "text":
      return prose(p.text.endsWith("\n") ? p.text : p.text + "\n");
    case "thinking":
      return quote(`**thinking**\n\n${prose(p.text)}`);
    case "call":
      return `**→ ${prose(p.name)}**${p.id ? ` ${code(p.id)}` : ""}\n\n${fence(p.args, "json")}`;
    case "image":
      return `*[image ${prose(p.mime || "?")}, ${prose(p.note)}]*\n`;
    case "json":
      return `*${prose(p.title)}*\n\n${fence(p.text, "json")}`;
  }
}

function entryMarkdown(n: number, id: string, timestamp: string, label: string | undefined, v: EntryView): string {
  const tag = label !== undefined ? ` · **[${prose(label)}]**` : "";
  const at = timestamp ? ` · ${prose(timestamp)}` : "";
  const title = prose(v.title.replace(/\n/g, " "));
  if (v.kind === "setting" || v.kind === "label") return `*${n}. ${title}* · ${code(id)}${at}${tag}\n\n${v.parts.map(partMarkdown).join("\n")}${v.parts.length ? "\n" : ""}`;
  let out = `### ${n}. ${v.error ? "✗ " : ""}${title}\n\n${code(id)}${at}${tag}\n\n`;
  if (v.facts.length) out += `*${prose(v.facts.join(" · "))}*\n\n`;
  // Output in a fence: it is not Markdown, and a stray "#" or "<" would reshape the page.
  if (v.fold) out += v.parts.map((p) => (p.kind === "text" ? fence(p.text) : partMarkdown(p))).join("\n");
  else out += v.parts.map(partMarkdown).join("\n");
  return out + "\n";
}

/** The Markdown export, in chunks (one per entry) for the writer to stream. */
export async function* markdownExport(s: Session, o: ExportOptions = {}): AsyncGenerator<string> {
  const plan = planExport(s, o);
  let head = `# ${prose(plan.title.replace(/\n/g, " "))}\n\n`;
  for (const [k, v] of plan.facts) head += `- **${k}:** ${prose(v)}\n`;
  yield safeLines(head + "\n");
  let n = 0;
  for await (const [meta, raw] of fullEntries(s, plan.path, { blobs: true })) {
    const e = prepareEntry(raw, o);
    if (!e) continue;
    n++;
    yield safeLines(`---\n\n${entryMarkdown(n, meta.id, meta.timestamp, plan.labelOf(meta.id), entryView(e))}`);
  }
  if (n === 0) yield "*(no entries on this path)*\n";
}
