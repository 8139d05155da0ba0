// Reading and writing the store's JSON and JSONL files, tolerating damage (§5).
import { constants, copyFileSync } from "node:fs";
import { dirname } from "node:path";
import { appendLine } from "../fs/append.js";
import { atomicWrite } from "../fs/atomic.js";
import { ensureDir } from "../fs/dir.js";
import { readRegularText } from "../fs/read-capped.js";
import { corruptStamp } from "./clock.js";
import { jsonFileText, pyCompact } from "./serialize.js";

/** The leading complete `{…}` of a damaged text (string- and escape-aware), or null. */
export function leadingObject(text: string): Record<string, unknown> | null {
  const start = text.search(/\S/);
  if (start < 0 || text[start] !== "{") return null;
  let depth = 0;
  let inStr = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inStr) {
      if (c === "\\") i++;
      else if (c === '"') inStr = false;
    } else if (c === '"') inStr = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      try {
        const v = JSON.parse(text.slice(start, i + 1)) as unknown;
        return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export type ReadStatus = "missing" | "ok" | "healed" | "default";

export interface JsonRead {
  value: Record<string, unknown> | null;
  status: ReadStatus;
}

/** Reads a JSON object file: whole parse, else the leading object (healed), else nothing (default). */
export function readJsonObject(path: string): JsonRead {
  // a FIFO or device planted here throws (UnsafeFileError) instead of blocking the hook
  const text = readRegularText(path);
  if (text === null) return { value: null, status: "missing" };
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return { value: v as Record<string, unknown>, status: "ok" };
  } catch {}
  const healed = leadingObject(text);
  return healed ? { value: healed, status: "healed" } : { value: null, status: "default" };
}

/** Keeps a damaged file's bytes next to it before it gets overwritten. */
export function keepCorruptCopy(path: string): string | null {
  const copy = `${path}.corrupt-${corruptStamp()}`;
  try {
    // COPYFILE_EXCL: a planted file or link at the copy's name is never written through
    copyFileSync(path, copy, constants.COPYFILE_EXCL);
    return copy;
  } catch {
    return null;
  }
}

/** Objects of a JSONL file; blank, unparseable and non-object lines are skipped. */
export function readJsonl(path: string): Record<string, unknown>[] {
  const text = readRegularText(path);
  if (text === null) return [];
  const out: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    const t = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (!t.trim()) continue;
    try {
      const v = JSON.parse(t) as unknown;
      if (v && typeof v === "object" && !Array.isArray(v)) out.push(v as Record<string, unknown>);
    } catch {}
  }
  return out;
}

/** Writes a store JSON file (sorted keys, ASCII) by atomic replace, creating its directory. */
export function writeJsonFile(path: string, value: unknown): void {
  ensureDir(dirname(path));
  atomicWrite(path, jsonFileText(value));
}

/** Appends one py-compact JSONL record, creating the directory. */
export function appendRecord(path: string, record: Record<string, unknown>): void {
  ensureDir(dirname(path));
  appendLine(path, pyCompact(record));
}
