// What the export flags do to one full entry before any renderer sees it:
// --no-thinking and --no-tools take blocks and whole entries out, --redact
// runs the capture store's redactor over every string in it. The three
// formats share this, so a flag means the same in each.
import { isInnocentValue, isSecretKey, scrub } from "../capture/redact.js";
import type { ExportOptions } from "./options.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Messages that are a tool's run or output: left out whole by --no-tools. */
export const TOOL_ROLES: ReadonlySet<string> = new Set(["toolResult", "bashExecution", "pythonExecution"]);
const THINKING_BLOCKS: ReadonlySet<string> = new Set(["thinking", "redactedThinking"]);

/** Fields that hold ids, times and enum words, never user text: the redactor skips them. */
const STRUCTURAL: ReadonlySet<string> = new Set(["type", "id", "parentId", "timestamp", "targetId", "fromId", "firstKeptEntryId", "toolCallId", "role", "stopReason", "api"]);

/** True when any flag changes entries (then previews must be made again from the changed entries). */
export const changesEntries = (o: ExportOptions): boolean => Boolean(o.redact || o.noThinking || o.noTools);

/**
 * The entry as the export shows it, or null when the flags leave it out
 * entirely (a tool result under --no-tools, an assistant turn that held only
 * what was taken out). With keepEmpty (the JSONL export, whose entries keep
 * their ids and parents) such a turn stays with an empty content instead.
 * The entry object is changed in place: it is a fresh parse made for the export.
 */
export function prepareEntry(e: Obj, o: ExportOptions, keepEmpty = false): Obj | null {
  if (e.type === "message" && isObj(e.message)) {
    const m = e.message;
    if (o.noTools && typeof m.role === "string" && TOOL_ROLES.has(m.role)) return null;
    if ((o.noTools || o.noThinking) && Array.isArray(m.content) && m.content.length > 0) {
      const kept = m.content.filter((b) => !(isObj(b) && ((o.noThinking && THINKING_BLOCKS.has(String(b.type))) || (o.noTools && b.type === "toolCall"))));
      if (kept.length === 0 && !keepEmpty) return null;
      if (kept.length !== m.content.length) e.message = { ...m, content: kept };
    }
  }
  if (o.redact) redactInPlace(e);
  return e;
}

/** Redacts one string as the export does everywhere (names, paths, labels too). */
export const redactText = (s: string): string => scrub(s);

/**
 * Every string in the value through the redactor; values under secret-named
 * keys become "[REDACTED]". Iterative, so a deeply nested hostile entry cannot
 * overflow the stack. Image data (base64) is left alone: no pattern applies to
 * it and scanning megabytes of it would be wasted work.
 */
export function redactInPlace(root: Obj): void {
  const stack: (Obj | unknown[])[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v = node[i];
        if (typeof v === "string") node[i] = scrub(v);
        else if (typeof v === "object" && v !== null) stack.push(v as Obj | unknown[]);
      }
      continue;
    }
    const image = node.type === "image";
    for (const k of Object.keys(node)) {
      const v = node[k];
      if (isSecretKey(k) && (typeof v === "string" || typeof v === "number") && !isInnocentValue(v, k)) node[k] = "[REDACTED]";
      else if (typeof v === "string") {
        if (!STRUCTURAL.has(k) && !(image && k === "data")) node[k] = scrub(v);
      } else if (typeof v === "object" && v !== null) stack.push(v as Obj | unknown[]);
    }
  }
}
