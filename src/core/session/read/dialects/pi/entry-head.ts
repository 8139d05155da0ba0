// Reads an entry's leading fields straight from its bytes, without decoding or
// parsing the line: pi and omp write every entry as
//   {"type":"…","id":"…","parentId":…,"timestamp":"…","message":{"role":"…"
// and listing thousands of sessions must cost little more than reading them.
// Only this exact shape is accepted, each field in turn: whatever is not
// found is left undefined, so the caller parses the line instead of guessing.

const HEAD_LIMIT = 512;

const bytes = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, "latin1"));
const P_TYPE = bytes('{"type":"');
const P_ID = bytes(',"id":"');
const P_PARENT = bytes(',"parentId":');
const P_NULL = bytes("null");
const P_TS = bytes(',"timestamp":"');
const P_ROLE = bytes(',"message":{"role":"');
const P_TAIL_TS = bytes('"timestamp":');

const KNOWN: readonly string[] = ["message", "user", "assistant", "toolResult", "label", "compaction", "branch_summary", "custom", "custom_message"];
const KNOWN_BYTES = KNOWN.map(bytes);

export interface EntryHead {
  type: string;
  id: string | undefined;
  /** undefined: not found in the head; null: written as null. */
  parentId: string | null | undefined;
  /** Byte range of the ISO timestamp's text (tsStart -1: not found). */
  tsStart: number;
  tsEnd: number;
  /** message entries: message.role, when found. */
  role: string | undefined;
  /** Index just past the role's closing quote (-1: role not found in the head). */
  roleEnd: number;
}

export function newEntryHead(): EntryHead {
  return { type: "", id: undefined, parentId: undefined, tsStart: -1, tsEnd: -1, role: undefined, roleEnd: -1 };
}

/** Index just past the literal at pos, or -1. */
function lit(buf: Buffer, pos: number, limit: number, l: Uint8Array): number {
  if (pos + l.length > limit) return -1;
  for (let i = 0; i < l.length; i++) if (buf[pos + i] !== l[i]) return -1;
  return pos + l.length;
}

/** 1 for the bytes of a plain ASCII string: printable, not a quote or a backslash. */
const PLAIN = new Uint8Array(256).map((_, c) => (c >= 0x20 && c < 0x80 && c !== 0x22 && c !== 0x5c ? 1 : 0));

/** Index of the closing quote of a plain ASCII string starting at pos (no escapes), or -1. */
function strEnd(buf: Buffer, pos: number, limit: number): number {
  let i = pos;
  while (i < limit && PLAIN[buf[i]] === 1) i++;
  return i < limit && buf[i] === 0x22 ? i : -1;
}

/** Whether [a, a + 8) holds the 8 characters of `s` (a string of 8 one-byte characters). */
function sameEight(buf: Buffer, a: number, s: string): boolean {
  for (let i = 0; i < 8; i++) if (buf[a + i] !== s.charCodeAt(i)) return false;
  return true;
}

/** The ASCII text of [a, b): known words and 8-char ids without a native call. */
function ascii(buf: Buffer, a: number, b: number): string {
  const n = b - a;
  if (n === 8) {
    return String.fromCharCode(buf[a], buf[a + 1], buf[a + 2], buf[a + 3], buf[a + 4], buf[a + 5], buf[a + 6], buf[a + 7]);
  }
  for (let k = 0; k < KNOWN_BYTES.length; k++) {
    const w = KNOWN_BYTES[k];
    if (w.length !== n) continue;
    let same = true;
    for (let i = 0; i < n; i++) {
      if (buf[a + i] !== w[i]) {
        same = false;
        break;
      }
    }
    if (same) return KNOWN[k];
  }
  return buf.toString("latin1", a, b);
}

/**
 * Fills `out` from the head of the line [start, end). Returns false when the
 * line does not even start with `{"type":"…"`; fields after the first one that
 * does not match are left undefined.
 */
export function readEntryHead(buf: Buffer, start: number, end: number, out: EntryHead): boolean {
  // The line before's id: most entries name it as their parent, and then share its string.
  const before = out.id;
  out.id = undefined;
  out.parentId = undefined;
  out.tsStart = out.tsEnd = -1;
  out.role = undefined;
  out.roleEnd = -1;
  const limit = Math.min(end, start + HEAD_LIMIT);
  let p = lit(buf, start, limit, P_TYPE);
  if (p < 0) return false;
  let q = strEnd(buf, p, limit);
  if (q < 0) return false;
  out.type = ascii(buf, p, q);
  p = q + 1;

  let r = lit(buf, p, limit, P_ID);
  if (r >= 0) {
    q = strEnd(buf, r, limit);
    if (q < 0) return true;
    out.id = ascii(buf, r, q);
    p = q + 1;
  }
  r = lit(buf, p, limit, P_PARENT);
  if (r >= 0) {
    const n = lit(buf, r, limit, P_NULL);
    if (n >= 0) {
      out.parentId = null;
      p = n;
    } else {
      if (buf[r] !== 0x22) return true;
      q = strEnd(buf, r + 1, limit);
      if (q < 0) return true;
      out.parentId = q - r - 1 === 8 && before !== undefined && before.length === 8 && sameEight(buf, r + 1, before) ? before : ascii(buf, r + 1, q);
      p = q + 1;
    }
  }
  r = lit(buf, p, limit, P_TS);
  if (r >= 0) {
    q = strEnd(buf, r, limit);
    if (q < 0) return true;
    out.tsStart = r;
    out.tsEnd = q;
    p = q + 1;
  }
  r = lit(buf, p, limit, P_ROLE);
  if (r >= 0) {
    q = strEnd(buf, r, limit);
    if (q >= 0) {
      out.role = ascii(buf, r, q);
      out.roleEnd = q + 1;
    }
  }
  return true;
}

/** The last byte of the line that is not a space, tab or CR (-1 for none). */
export function lastByte(buf: Buffer, start: number, end: number): number {
  let i = end - 1;
  while (i >= start && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0d)) i--;
  return i >= start ? buf[i] : -1;
}

/**
 * A message's own epoch-ms timestamp when the line ends `"timestamp":123}}`
 * (written last in the message, which is the entry's last field); else NaN.
 */
export function tailTimestamp(buf: Buffer, start: number, end: number): number {
  let i = end - 1;
  while (i >= start && (buf[i] === 0x20 || buf[i] === 0x09 || buf[i] === 0x0d)) i--;
  if (i - 1 < start || buf[i] !== 0x7d || buf[i - 1] !== 0x7d) return NaN;
  i -= 2;
  const last = i;
  while (i >= start && buf[i] >= 0x30 && buf[i] <= 0x39) i--;
  const digits = last - i;
  if (digits === 0 || digits > 16) return NaN;
  const from = i + 1 - P_TAIL_TS.length;
  if (from < start || lit(buf, from, i + 1, P_TAIL_TS) < 0) return NaN;
  let n = 0;
  for (let k = i + 1; k <= last; k++) n = n * 10 + (buf[k] - 0x30);
  return n;
}

type Json = Record<string, unknown>;

/** The head fields of a parsed entry, as readEntryHead would give them. */
export function headOf(obj: Json, out: EntryHead): void {
  const msg = obj.message;
  out.type = typeof obj.type === "string" ? obj.type : "";
  out.id = typeof obj.id === "string" ? obj.id : undefined;
  out.parentId = typeof obj.parentId === "string" ? obj.parentId : null;
  out.tsStart = out.tsEnd = -1;
  out.roleEnd = -1;
  out.role = msg !== null && typeof msg === "object" && typeof (msg as Json).role === "string" ? ((msg as Json).role as string) : undefined;
}

/**
 * A session header's file version (docs/session-format.md §3): a finite
 * number, else 1. The one rule the tree, the list, the figures and search
 * read a header's version by.
 */
export function headerVersion(header: Json): number {
  const v = header.version;
  return typeof v === "number" && Number.isFinite(v) ? v : 1;
}
