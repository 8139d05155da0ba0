// Fresh ids in the file's own style. Entry ids are 8 lowercase hex (what pi and
// omp write) and never collide with any id already in the file; session ids
// copy the source header's shape (UUID v7 for omp/newer pi, other UUIDs, hex…).
import { randomBytes, randomUUID } from "node:crypto";

/** 8 lowercase hex, not in `taken` (the caller adds it once used). */
export function newEntryId(taken: { has(id: string): boolean }): string {
  for (;;) {
    const id = randomBytes(4).toString("hex");
    if (!taken.has(id)) return id;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([0-9a-f])[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID v7: 48-bit millisecond time, version 7, variant 10, random rest. */
export function uuidV7(now = Date.now()): string {
  const b = randomBytes(16);
  const t = BigInt(now);
  for (let i = 0; i < 6; i++) b[i] = Number((t >> BigInt(8 * (5 - i))) & 0xffn);
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A new session id shaped like `like` (the source session's id). */
export function newSessionId(like: unknown, now = Date.now()): string {
  const s = typeof like === "string" ? like : "";
  const m = UUID.exec(s);
  if (m) {
    const id = m[1] === "7" ? uuidV7(now) : randomUUID();
    return s === s.toUpperCase() ? id.toUpperCase() : id;
  }
  if (/^[0-9a-f]+$/.test(s) && s.length >= 8 && s.length <= 64)
    return randomBytes(Math.ceil(s.length / 2))
      .toString("hex")
      .slice(0, s.length);
  // Anything else (nanoid, custom): a UUID v7 is what current agents write.
  return uuidV7(now);
}
