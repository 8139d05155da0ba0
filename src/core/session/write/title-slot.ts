// omp's fixed-width title slot: the first physical line, padded with spaces
// inside a JSON string to an exact byte size (256 including "\n") so a rename
// can overwrite it in place without moving a single byte after it.

export const SLOT_BYTES = 256;

export interface SlotFields {
  title: string;
  source?: string;
  updatedAt: string;
}

function line(f: SlotFields, title: string, pad: string): string {
  const o: Record<string, unknown> = { type: "title", v: 1, title };
  if (f.source !== undefined) o.source = f.source;
  o.updatedAt = f.updatedAt;
  o.pad = pad;
  return JSON.stringify(o) + "\n";
}

/**
 * The slot line for `f`, exactly `size` UTF-8 bytes including "\n". A title
 * too long to fit is cut (by code point) to the longest prefix that fits.
 * Returns null when even an empty title cannot fit.
 */
export function serializeSlot(f: SlotFields, size = SLOT_BYTES): { text: string; title: string } | null {
  const fits = (t: string) => Buffer.byteLength(line(f, t, "")) <= size;
  if (!fits("")) return null;
  const cps = [...f.title];
  let lo = 0;
  let hi = cps.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (fits(cps.slice(0, mid).join(""))) lo = mid;
    else hi = mid - 1;
  }
  const title = cps.slice(0, lo).join("");
  const bare = line(f, title, "");
  const text = line(f, title, " ".repeat(size - Buffer.byteLength(bare)));
  return Buffer.byteLength(text) === size ? { text, title } : null;
}

/** Parses slot bytes as read from the file: the title slot object, or null when they are not one. */
export function parseSlot(bytes: Buffer): Record<string, unknown> | null {
  if (bytes.length === 0 || bytes[bytes.length - 1] !== 0x0a) return null;
  try {
    const v = JSON.parse(bytes.toString("utf8", 0, bytes.length - 1)) as unknown;
    if (typeof v === "object" && v !== null && !Array.isArray(v) && (v as Record<string, unknown>).type === "title") {
      return v as Record<string, unknown>;
    }
  } catch {
    // not a slot
  }
  return null;
}

/** omp's cleaning of a session name: control characters become spaces, runs of spaces one, ends trimmed. */
export function cleanOmpTitle(raw: string): string {
  return raw
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")
    .replace(/ +/g, " ")
    .trim();
}

/**
 * The name omp itself gives a session, and its source: from the title slot
 * when there is one (an empty slot title: no name), else from the header.
 * omp never takes a name from title_change entries.
 */
export function ompNameOf(s: { titleSlot: { title: string; source?: string } | null; header: Record<string, unknown> }): { title?: string; source?: string } {
  const src = s.titleSlot ? { title: s.titleSlot.title, source: s.titleSlot.source } : { title: s.header.title, source: s.header.titleSource };
  const out: { title?: string; source?: string } = {};
  if (typeof src.title === "string" && src.title !== "") out.title = src.title;
  // A source without a name names nothing: an unnamed fork gets neither.
  if (out.title !== undefined && (src.source === "user" || src.source === "auto")) out.source = src.source;
  return out;
}
