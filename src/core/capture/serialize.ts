// The store's byte formats, identical to the reference helper's (Python
// json.dumps with sort_keys), so both tools write the same files.
import { sha256HexJs } from "./sha256.js";
import { envSlot } from "../env.js";

/** Up to this many bytes are hashed in JavaScript (see sha256.ts); longer input loads node:crypto. */
const JS_HASH_MAX = 1024;
/**
 * A process's first hashes only (a hook makes a handful): JavaScript is 3–8×
 * slower per hash than node:crypto once both are warm, so a command hashing
 * in bulk goes to node:crypto after these. Speed only: both give the same digest.
 */
const jsHashes = envSlot(() => ({ left: 64 }));

export function sha256Hex(s: string | Buffer): string {
  const bytes = typeof s === "string" ? Buffer.from(s, "utf8") : s;
  const budget = bytes.length <= JS_HASH_MAX ? jsHashes() : null;
  if (budget && budget.left > 0) {
    budget.left--;
    return sha256HexJs(bytes);
  }
  const { createHash } = process.getBuiltinModule("node:crypto") as typeof import("node:crypto");
  return createHash("sha256").update(bytes).digest("hex");
}

/** Compares by Unicode code point (Python's str order), not UTF-16 unit. */
export function cmpCodePoint(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // surrogates (astral code points) sort after every other BMP unit
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

const sortedKeys = (o: object): string[] => Object.keys(o).sort(cmpCodePoint);

/** A deep copy with every object's keys in code-point order. */
export function sortKeysDeep(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeysDeep);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of sortedKeys(v)) {
      const x = (v as Record<string, unknown>)[k];
      if (x !== undefined) out[k] = sortKeysDeep(x);
    }
    return out;
  }
  return v;
}

/** Every non-ASCII UTF-16 unit as `\uXXXX` (Python's ensure_ascii). */
export const escapeNonAscii = (s: string): string => s.replace(/[\u0080-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));

/** JSON file text: sorted keys, 2-space indent, ASCII only, trailing newline. */
export const jsonFileText = (v: unknown): string => escapeNonAscii(JSON.stringify(sortKeysDeep(v), null, 2)) + "\n";

/** The py-compact serializer: sorted keys, `", "` and `": "` separators, literal UTF-8. */
export function pyCompact(v: unknown): string {
  if (v === null || v === undefined) return "null";
  switch (typeof v) {
    case "string":
      return JSON.stringify(v);
    case "number":
      return Number.isFinite(v) ? String(v) : v > 0 ? "Infinity" : v < 0 ? "-Infinity" : "NaN";
    case "boolean":
      return v ? "true" : "false";
    case "bigint":
      return v.toString();
    case "object": {
      if (Array.isArray(v)) return "[" + v.map(pyCompact).join(", ") + "]";
      const o = v as Record<string, unknown>;
      const parts: string[] = [];
      for (const k of sortedKeys(o)) if (o[k] !== undefined) parts.push(JSON.stringify(k) + ": " + pyCompact(o[k]));
      return "{" + parts.join(", ") + "}";
    }
    default:
      return "null";
  }
}

/** A YAML double-quoted scalar (a JSON string literal, ASCII only); null → `""`. */
export const yamlScalar = (v: string | null | undefined): string => (v == null ? '""' : escapeNonAscii(JSON.stringify(v)));

/** A file-name-safe id (the reference's safe_id). */
export function safeId(v: string): string {
  let s = v.replace(/[^A-Za-z0-9_.@:+-]+/g, "-");
  if (process.platform === "win32") s = s.replace(/:/g, "-");
  s = s.replace(/^[.-]+|[.-]+$/g, "");
  if (!s) return sha256Hex(v).slice(0, 16);
  return s.slice(0, 120);
}

export function slug(v: string): string {
  const s = v
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return s || "session";
}

/** Index just past the first `n` code points of `s` (never splitting a pair). */
function codePointEnd(s: string, n: number): number {
  let i = 0;
  for (let count = 0; i < s.length && count < n; count++) {
    const c = s.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < s.length ? 2 : 1;
  }
  return i;
}

/** The first `n` code points, without a marker. */
export const headCodePoints = (s: string, n: number): string => (s.length <= n ? s : s.slice(0, codePointEnd(s, n)));

/** Cut to N: the first `n` code points, plus `…` when anything was removed. */
export function cut(s: string, n: number): string {
  if (s.length <= n) return s;
  const end = codePointEnd(s, n);
  return end >= s.length ? s : s.slice(0, end) + "…";
}

export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}
