// Random hex for names that must not collide (temp files, lock nonces, queue
// line ids), not for secrets: none of them guards anything, a clash is only
// retried or told apart by other fields. Math.random (seeded from the OS by
// Node) spares the hook loading node:crypto, 2–3 ms of its start-up.

/** `bytes` random bytes as 2 × bytes lowercase hex digits. */
export function randomHex(bytes: number): string {
  let out = "";
  while (out.length < bytes * 2) {
    const word = Math.floor(Math.random() * 0x100000000);
    out += word.toString(16).padStart(8, "0");
  }
  return out.slice(0, bytes * 2);
}
