// Fast line decoding for the tree pass. Decoding a line as latin1 makes a
// one-byte string (no UTF-8 validation, half the memory of a two-byte one),
// and JSON.parse reads it about twice as fast. JSON's structure is ASCII, so
// the parse is the same; only strings holding non-ASCII bytes come out as
// raw bytes, and those are re-decoded here — just the parts the tree keeps.

const HIGH = /[\u0080-\u00ff]/;
/** Longer strings are cut before re-decoding: the tree keeps previews, not bodies. */
const KEEP_CHARS = 4096;
const MAX_DEPTH = 6;
const MAX_ITEMS = 500;

/**
 * Parses one line decoded as latin1. Lines with non-ASCII bytes get their
 * strings re-decoded as UTF-8; a line that also has \u escapes (which would
 * mix with raw bytes) is parsed again from UTF-8, exactly.
 */
export function parseLine(buf: Buffer, start: number, end: number): unknown {
  const text = buf.toString("latin1", start, end);
  const obj: unknown = JSON.parse(text);
  if (!HIGH.test(text)) return obj;
  if (text.includes("\\u")) return JSON.parse(buf.toString("utf8", start, end));
  return redecode(obj, 0);
}

function fix(s: string): string {
  if (!HIGH.test(s)) return s;
  if (s.length <= KEEP_CHARS) return Buffer.from(s, "latin1").toString("utf8");
  // Cut mid-sequence at worst: drop the replacement characters that leaves at the end.
  return Buffer.from(s.slice(0, KEEP_CHARS), "latin1").toString("utf8").replace(/\uFFFD+$/, "");
}

function redecode(v: unknown, depth: number): unknown {
  if (typeof v === "string") return fix(v);
  if (typeof v !== "object" || v === null || depth > MAX_DEPTH) return v;
  if (Array.isArray(v)) {
    const n = Math.min(v.length, MAX_ITEMS);
    for (let i = 0; i < n; i++) v[i] = redecode(v[i], depth + 1);
    return v;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) o[k] = redecode(o[k], depth + 1);
  return v;
}
