// A comparison as plain lines, one side after the other: the headless
// command's output (the browser draws its own columns from the same facts).
// Lines alike on both sides start with "=".
import { costCell, figureTokens, shortCount } from "../stats/format.js";
import { messageKey, type Comparison } from "./compare.js";
import type { SideFacts } from "./side.js";

/** One line saying where the two sides part. */
export function commonText(c: Comparison): string {
  const { kind, id } = c.common;
  if (kind === "branch") return `common point: ${id} (the branch point: both paths hold the entries up to it)`;
  if (kind === "fork") return `common point: ${id} (the fork point: the fork copied its source's path up to it)`;
  return "no common entry: compared from their starts";
}

/** Tokens, calls and cost of a side: "2.50k tokens · 2 calls · $0.0123". */
export function figureText(side: SideFacts): string {
  const f = side.figure;
  if (f.calls === 0) return "no model calls";
  return `${shortCount(figureTokens(f))} tokens · ${f.calls} call${f.calls === 1 ? "" : "s"} · ${costCell(f)}`;
}

export interface SideAlike {
  message(m: { role: string; line: string }): boolean;
  read(p: string): boolean;
  changed(p: string): boolean;
  command(c: string): boolean;
}

export function alikeOf(c: Comparison): SideAlike {
  const msgs = new Set(c.alike.messages);
  const read = new Set(c.alike.filesRead);
  const changed = new Set(c.alike.filesChanged);
  const cmds = new Set(c.alike.commands);
  return { message: (m) => msgs.has(messageKey(m)), read: (p) => read.has(p), changed: (p) => changed.has(p), command: (x) => cmds.has(x) };
}

const mark = (alike: boolean): string => (alike ? "= " : "  ");

function sideLines(name: string, side: SideFacts, alike: SideAlike): string[] {
  const out = [`${name}  ${side.file} at ${side.pointId} · ${side.entries} entries after the common point`];
  out.push(`  messages (${side.messages.length}):`);
  for (const m of side.messages) out.push(`  ${mark(alike.message(m))}${m.line}`);
  const list = (title: string, items: string[], same: (x: string) => boolean) => {
    out.push(`  ${title} (${items.length}):`);
    for (const x of items) out.push(`  ${mark(same(x))}${x.split("\n")[0]}`);
  };
  list("files read", side.filesRead, alike.read);
  list("files changed", side.filesChanged, alike.changed);
  list("commands", side.commands, alike.command);
  out.push(`  tokens and cost: ${figureText(side)}`);
  if (side.lastAnswer) {
    out.push(`  last answer (${side.lastAnswer.id}):`);
    for (const l of side.lastAnswer.text.split("\n")) out.push(`    ${l}`);
  } else out.push("  last answer: none");
  return out;
}

export function compareText(c: Comparison): string {
  const alike = alikeOf(c);
  return [commonText(c), "", ...sideLines("A", c.a, alike), "", ...sideLines("B", c.b, alike)].join("\n");
}
