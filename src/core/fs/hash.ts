// A hash object, node:crypto taken only when one is made: most commands hash
// nothing on a warm run, and loading node:crypto (and the streams it brings)
// at start-up costs each of them a few ms.
import type { Hash } from "node:crypto";

export function hashOf(algorithm: "sha1" | "sha256"): Hash {
  return process.getBuiltinModule("node:crypto").createHash(algorithm);
}
