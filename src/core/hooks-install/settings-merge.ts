// Our hook entries in and out of a harness's JSON settings, as pure functions
// of the file's text. An entry we add is a group of its own,
// `{matcher?, hooks: [{type: "command", command}]}`, whose command carries
// TAG (the hook ignores options it does not know): that is how --uninstall
// finds exactly ours. A hook line written by hand (the README's blocks, no
// tag) counts as wired and is never touched. The text is written back with the
// file's own indent and final newline, so a file written the usual way
// (JSON.stringify with an indent) comes back byte for byte.
import { appendEntry, member, removeEntry, scanJson, styleOf } from "./json-text.js";
import type { EventSpec } from "./targets.js";

export const TAG = "--managed-by=install-hooks";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export class SettingsShapeError extends Error {
  override name = "SettingsShapeError";
}

/** The hook commands of one group, or [] for anything that is not a group. */
function commandsOf(group: unknown): string[] {
  if (!isObj(group) || !Array.isArray(group.hooks)) return [];
  return group.hooks.flatMap((h) => (isObj(h) && typeof h.command === "string" ? [h.command] : []));
}

export const isTagged = (command: string): boolean => command.split(/\s+/).includes(TAG);
/** An omp-sessions hook line, ours or written by hand. */
export const isCaptureHook = (command: string): boolean => /(^|[\s/'"\\])omp-sessions('|")?\s+(\S+\s+)*hook(\s|$)/.test(command);

export interface ParsedSettings {
  doc: Obj;
  indent: string;
  newline: boolean;
}

/** Parses a settings file's text ("" = no file); throws SyntaxError or SettingsShapeError. */
export function parseSettings(text: string): ParsedSettings {
  if (text.trim() === "") return { doc: {}, indent: "  ", newline: true };
  const doc: unknown = JSON.parse(text);
  if (!isObj(doc)) throw new SettingsShapeError("the file holds no JSON object");
  if (doc.hooks !== undefined && !isObj(doc.hooks)) throw new SettingsShapeError('"hooks" is not an object');
  for (const [event, list] of Object.entries(isObj(doc.hooks) ? doc.hooks : {})) {
    if (!Array.isArray(list)) throw new SettingsShapeError(`"hooks.${event}" is not a list`);
  }
  const m = /\n([ \t]+)"/.exec(text);
  return { doc, indent: m ? m[1] : "", newline: text.endsWith("\n") };
}

export function printSettings(p: ParsedSettings): string {
  return JSON.stringify(p.doc, null, p.indent) + (p.newline ? "\n" : "");
}

export interface MergeResult {
  /** Events a group was added to. */
  added: string[];
  /** Events already wired by a hook line written by hand (left as they are). */
  byHand: string[];
}

/** Adds a tagged group running `command` to each event that has no capture hook yet (mutates p.doc). */
export function addHooks(p: ParsedSettings, events: EventSpec[], command: string): MergeResult {
  const out: MergeResult = { added: [], byHand: [] };
  const hooks = isObj(p.doc.hooks) ? p.doc.hooks : {};
  for (const e of events) {
    const list = (hooks[e.event] as unknown[] | undefined) ?? [];
    const existing = list.flatMap(commandsOf).filter(isCaptureHook);
    if (existing.some(isTagged)) continue;
    if (existing.length > 0) {
      out.byHand.push(e.event);
      continue;
    }
    const group: Obj = e.matcher !== undefined ? { matcher: e.matcher } : {};
    group.hooks = [{ type: "command", command }];
    hooks[e.event] = [...list, group];
    out.added.push(e.event);
  }
  if (out.added.length > 0) p.doc.hooks = hooks;
  return out;
}

/**
 * Removes every tagged hook (mutates p.doc); a group, an event list or the
 * `hooks` object left empty by that is removed too. Returns the events touched.
 */
export function removeHooks(p: ParsedSettings): string[] {
  const hooks = p.doc.hooks;
  if (!isObj(hooks)) return [];
  const touched: string[] = [];
  for (const [event, list] of Object.entries(hooks)) {
    if (!Array.isArray(list)) continue;
    let changed = false;
    const kept: unknown[] = [];
    for (const group of list) {
      if (!isObj(group) || !Array.isArray(group.hooks)) {
        kept.push(group);
        continue;
      }
      const rest = group.hooks.filter((h) => !(isObj(h) && typeof h.command === "string" && isTagged(h.command)));
      if (rest.length === group.hooks.length) kept.push(group);
      else {
        changed = true;
        if (rest.length > 0) kept.push({ ...group, hooks: rest });
      }
    }
    if (!changed) continue;
    touched.push(event);
    if (kept.length > 0) hooks[event] = kept;
    else delete hooks[event];
  }
  if (touched.length > 0 && Object.keys(hooks).length === 0) delete p.doc.hooks;
  return touched;
}

/** The capture hook lines (ours and hand-written) per event. */
export function captureHooks(p: ParsedSettings): { event: string; command: string }[] {
  const hooks = isObj(p.doc.hooks) ? p.doc.hooks : {};
  return Object.entries(hooks).flatMap(([event, list]) =>
    (Array.isArray(list) ? list : [])
      .flatMap(commandsOf)
      .filter(isCaptureHook)
      .map((command) => ({ event, command })),
  );
}

/** Same JSON value (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return a === b;
}

/**
 * The settings text with the groups addHooks added to `p.doc` (for the events
 * in `added`) inserted in place: each at the end of its event's list, a new
 * event at the end of `hooks`, a new `hooks` at the end of the file's object.
 * Every other byte of the text stays. Throws JsonEditError when the file
 * names `hooks` or an event twice (which one would the harness read?).
 */
export function insertHooksText(text: string, p: ParsedSettings, added: string[]): string {
  const style = styleOf(text, p.indent);
  const hooks = p.doc.hooks as Obj;
  let out = text;
  const root = scanJson(out);
  if (!member(root, "hooks")) {
    const fresh: Obj = {};
    for (const e of added) fresh[e] = hooks[e];
    return appendEntry(out, root, fresh, style, "hooks");
  }
  for (const e of added) {
    const list = hooks[e] as unknown[];
    const group = list[list.length - 1];
    const node = member(scanJson(out), "hooks")!;
    const existing = member(node, e);
    out = existing ? appendEntry(out, existing, group, style) : appendEntry(out, node, [group], style, e);
  }
  return out;
}

/**
 * The settings text without our tagged hooks, taken out of the text one at a
 * time: a group left with no hooks goes, an event left with no groups goes,
 * and `hooks` left empty goes. Every other byte stays.
 */
export function removeHooksText(text: string): string {
  let out = text;
  for (;;) {
    const next = removeOneTagged(out);
    if (next === null) return out;
    out = next;
  }
}

function removeOneTagged(text: string): string | null {
  const root = scanJson(text);
  const hooksAt = root.members.findIndex((m) => m.key === "hooks");
  if (hooksAt < 0 || root.members[hooksAt].value.kind !== "object") return null;
  const hooks = root.members[hooksAt].value;
  for (let ei = 0; ei < hooks.members.length; ei++) {
    const list = hooks.members[ei].value;
    for (let gi = 0; gi < list.items.length; gi++) {
      const groupNode = list.items[gi];
      const group: unknown = JSON.parse(text.slice(groupNode.start, groupNode.end));
      if (!isObj(group) || !Array.isArray(group.hooks)) continue;
      const tagged = group.hooks.map((h) => isObj(h) && typeof h.command === "string" && isTagged(h.command));
      if (!tagged.some(Boolean)) continue;
      if (!tagged.every(Boolean)) {
        const inner = groupNode.members.find((m) => m.key === "hooks")!.value;
        return removeEntry(text, inner, tagged.indexOf(true));
      }
      if (list.items.length > 1) return removeEntry(text, list, gi);
      if (hooks.members.length > 1) return removeEntry(text, hooks, ei);
      return removeEntry(text, root, hooksAt);
    }
  }
  return null;
}
