// A hash object, node:crypto taken only when one is made: most commands hash
// nothing on a warm run, and loading node:crypto (and the streams it brings)
// at start-up costs each of them a few ms.
import type { Hash } from "node:crypto";

export function hashOf(algorithm: "sha1" | "sha256"): Hash {
  return process.getBuiltinModule("node:crypto").createHash(algorithm);
}

/** murmur3's finalizer: every input bit moves every output bit. */
function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * A 64-bit hash of bytes (or of a string's UTF-16 units), as 16 hex digits,
 * made without node:crypto: not for secrets, only to tell whether a few bytes
 * are still the same (a session's header) and to spread keys over files. A
 * cold listing hashes thousands of headers, in the main thread and in its
 * scan worker: loading node:crypto costs each thread tens of ms, and a
 * digest object per header more than the hashing.
 */
export function quickHash(data: Uint8Array | string): string {
  const n = data.length;
  let a = 0x811c9dc5 ^ n;
  let b = 0x3c6ef372 ^ Math.imul(n, 0x9e3779b1);
  if (typeof data === "string") {
    for (let i = 0; i < n; i++) {
      const c = data.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
  } else {
    for (let i = 0; i < n; i++) {
      const c = data[i];
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
      b ^= b >>> 15;
    }
  }
  const hi = mix32(a ^ Math.imul(b, 0x27d4eb2f));
  const lo = mix32(b ^ hi);
  return hi.toString(16).padStart(8, "0") + lo.toString(16).padStart(8, "0");
}
