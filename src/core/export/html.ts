// The HTML export: one self-contained page. The main column shows the path
// root → leaf; every other entry of the tree is in the page too (hidden), so
// clicking any row of the side panel's tree shows the path to it. Tool calls,
// tool output and thinking fold away (<details>); compactions and branch
// summaries are drawn as bands; labels show on rows and entries. The colours
// follow the system's light or dark scheme. Every session string is escaped.
import { describeEntry } from "../session/index.js";
import { buildRows } from "../session/index.js";
import type { EntryMeta, Session } from "../session/index.js";
import { fullEntries } from "./entries.js";
import { EXPORT_CSP, EXPORT_CSS, EXPORT_JS } from "./html-assets.js";
import { esc } from "./html-escape.js";
import type { ExportOptions } from "./options.js";
import { planExport, type ExportPlan } from "./plan.js";
import { changesEntries, prepareEntry } from "./transform.js";
import { entryView, type EntryView, type Part } from "./view.js";

/** A text longer than this shows its first HEAD characters; the rest waits, unlaid-out, until asked for. */
export const LONG_TEXT = 16 * 1024;
const HEAD = 2 * 1024;

/**
 * A text as a block (`div.text` or `pre`). A long one — a tool's megabytes of
 * output — would make the browser lay out the whole session before it shows
 * anything (a 22 MB session took minutes to open): its head is shown, and the
 * rest sits in a hidden textarea (parsed as plain text, never laid out) that
 * the page's script turns into the block's continuation when "more" is opened.
 */
function block(text: string, as: "text" | "pre"): string {
  const open = as === "pre" ? "<pre>" : '<div class="text">';
  const close = as === "pre" ? "</pre>" : "</div>";
  if (text.length <= LONG_TEXT) return open + esc(text) + close;
  let cut = HEAD;
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--; // never split a surrogate pair
  const more = text.length - cut;
  return `${open}${esc(text.slice(0, cut))}${close}<details class="more" data-as="${as}"><summary>${more.toLocaleString("en-US")} more characters (open to show them)</summary><textarea hidden readonly>${esc(text.slice(cut))}</textarea></details>`;
}

function partHtml(p: Part): string {
  switch (p.kind) {
    case "text":
      return block(p.text, "text");
    case "thinking":
      return `<details class="think"><summary>thinking</summary>${block(p.text, "text")}</details>`;
    case "call":
      return `<details class="call"><summary><span class="fn">→ ${esc(p.name)}</span> <code>${esc(p.arg)}</code></summary>${p.id ? `<div class="facts">${esc(p.id)}</div>` : ""}${block(p.args, "pre")}</details>`;
    case "image":
      // data is checked base64 of a raster type (view.ts), so it cannot leave the attribute.
      return p.data !== null ? `<figure><img alt="image ${esc(p.mime)}" src="data:${p.mime};base64,${p.data}"></figure>` : `<p class="ph">[image ${esc(p.mime || "?")}, ${esc(p.note)}]</p>`;
    case "json":
      return `<details class="json"><summary>${esc(p.title)}</summary>${block(p.text, "pre")}</details>`;
  }
}

function bodyHtml(v: EntryView): string {
  const parts = v.parts.map(partHtml).join("");
  if (!parts) return "";
  if (!v.fold) return `<div class="body">${parts}</div>`;
  const first = v.parts.find((p) => p.kind === "text");
  const peek = first && first.kind === "text" ? first.text.slice(0, 200).replace(/\s+/g, " ").trim() : "output";
  return `<div class="body"><details class="out"${v.error ? " open" : ""}><summary>${esc(peek.length > 120 ? peek.slice(0, 119) + "…" : peek)}</summary>${parts}</details></div>`;
}

function sectionHtml(i: number, meta: EntryMeta, v: EntryView, label: string | undefined, on: boolean): string {
  const cls = `entry k-${v.kind}${v.error ? " err" : ""}${on ? " on" : ""}`;
  const lbl = label !== undefined ? `<span class="lbl">[${esc(label)}]</span>` : "";
  const time = meta.timestamp ? `<time>${esc(meta.timestamp)}</time>` : "";
  const facts = v.facts.length ? `<p class="facts">${esc(v.facts.join(" · "))}</p>` : "";
  return `<section class="${cls}" id="e${i}"><header><span class="n"></span><span class="who">${esc(v.title)}</span>${lbl}<code class="id">${esc(meta.id)}</code>${time}</header>${facts}${bodyHtml(v)}</section>\n`;
}

function headHtml(s: Session, plan: ExportPlan): string {
  const facts = plan.facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${EXPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="generator" content="omp-sessions export">
<title>${esc(plan.title)} · session export</title>
<style>${EXPORT_CSS}</style>
</head><body>
<header class="top"><h1>${esc(plan.title)}</h1><dl>${facts}</dl>
<div class="tools"><span id="where">path root → ${esc(plan.leafId ?? "nothing")}: ${plan.path.length} entries</span><button type="button" id="fold">unfold tool calls and thinking</button></div>
<p class="note">Texts over ${LONG_TEXT / 1024} KB show their first ${HEAD / 1024} KB; open "more characters" under one for the rest (kept out of the page's layout so that a big session opens quickly; the browser's find sees only what is shown).</p></header>
<main id="path" data-target="${plan.leafId === null ? -1 : s.topology.posOf(plan.leafId)}">
`;
}

/** Each entry's parent as a position in s.entries (-1: none), the way pathTo walks it. */
function parentList(s: Session): string {
  const pos = s.topology.posOf;
  const out: number[] = new Array(s.entries.length);
  s.entries.forEach((e, i) => (out[i] = e.parentId === null ? -1 : pos(e.parentId)));
  return out.join(",");
}

function rowClass(meta: EntryMeta): string {
  if (meta.isError) return "k-err";
  if (meta.type === "message" && meta.role === "user") return "k-user";
  if (meta.role === "toolResult" || meta.role === "bashExecution" || (meta.role === "assistant" && meta.summary.startsWith("["))) return "k-tool";
  return "";
}

function* navHtml(s: Session, plan: ExportPlan, o: ExportOptions, summaries: (string | null)[] | null): Generator<string> {
  const rows = buildRows(s, { filter: o.noTools ? "no-tools" : "default" });
  yield `</main>\n<nav id="tree"><h2>Tree <small>${s.entries.length} entries · click one to show its path</small></h2><div class="rows">\n`;
  let chunk = "";
  for (let i = 0; i < rows.count; i++) {
    const r = rows.row(i);
    const at = s.topology.posOf(r.id);
    const text = summaries ? (summaries[at] ?? "(left out)") : r.text;
    const label = plan.labelOf(r.id);
    const cls = `row${plan.onPath.has(r.id) ? " on" : ""}${r.isLeaf ? " leaf" : ""}${r.id === plan.leafId ? " cur" : ""}`;
    chunk += `<a class="${cls}" href="#e${at}" data-i="${at}"><span class="d">• </span><span class="g">${esc(r.prefix)}</span>${label !== undefined ? `<span class="lb">[${esc(label)}]</span> ` : ""}<span class="${rowClass(r.entry)}">${esc(text)}</span></a>\n`;
    if (chunk.length > 64 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  if (rows.count === 0) chunk += `<p class="empty">no entries</p>`;
  yield chunk + `</div></nav>\n<div id="parents" hidden data-p="${parentList(s)}"></div>\n<script>${EXPORT_JS}</script>\n</body></html>\n`;
}

/** The HTML export, in chunks for the writer to stream. */
export async function* htmlExport(s: Session, o: ExportOptions = {}): AsyncGenerator<string> {
  const plan = planExport(s, o);
  yield headHtml(s, plan);
  // Under --redact, --no-tools or --no-thinking the side panel's one-line
  // texts are made again from the changed entries: the loader's previews were
  // made from the raw text.
  const summaries: (string | null)[] | null = changesEntries(o) ? new Array(s.entries.length).fill(null) : null;
  let i = 0;
  let chunk = "";
  for await (const [meta, raw] of fullEntries(s, s.entries, { blobs: true })) {
    const at = i++;
    const e = prepareEntry(raw, o);
    if (!e) continue;
    if (summaries) summaries[at] = describeEntry(e).summary;
    chunk += sectionHtml(at, meta, entryView(e), plan.labelOf(meta.id), plan.onPath.has(meta.id));
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
  yield* navHtml(s, plan, o, summaries);
}
