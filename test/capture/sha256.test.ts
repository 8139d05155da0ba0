// The hook's own SHA-256 (core/capture/sha256.ts) and sha256Hex, which uses it
// for short input and node:crypto for long: both must give node:crypto's digest.
import { describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { sha256HexJs } from "../../src/core/capture/sha256.js";
import { sha256Hex } from "../../src/core/capture/serialize.js";
import { randomHex } from "../../src/core/fs/random-hex.js";

const ref = (b: Buffer | string): string => createHash("sha256").update(b).digest("hex");

describe("sha256", () => {
  it("the JavaScript digest equals node:crypto's at every padding boundary and beyond", () => {
    for (const n of [0, 1, 3, 55, 56, 57, 63, 64, 65, 111, 119, 120, 127, 128, 129, 1000, 1024, 1025, 5000]) {
      for (let k = 0; k < 3; k++) {
        const b = randomBytes(n);
        expect(sha256HexJs(b), `${n} bytes`).toBe(ref(b));
      }
    }
    expect(sha256HexJs(Buffer.from("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("sha256Hex hashes a string's UTF-8 as node:crypto does, short or long, lone surrogates included", () => {
    for (const s of ["", "hello", '"hello"', "héllo wörld ✓ 👍", "\ud800 lone", "x".repeat(1024), "é".repeat(512), "é".repeat(513), "y".repeat(70_000)]) expect(sha256Hex(s), s.slice(0, 20)).toBe(ref(s));
    const b = randomBytes(2048);
    expect(sha256Hex(b)).toBe(ref(b));
    // past the process's first hashes (JavaScript) short input goes to node:crypto: the same digests
    for (let i = 0; i < 100; i++) expect(sha256Hex(`short ${i}`)).toBe(ref(`short ${i}`));
  });

  it("randomHex gives 2 × bytes hex digits, different each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const h = randomHex(8);
      expect(h).toMatch(/^[0-9a-f]{16}$/);
      seen.add(h);
    }
    expect(seen.size).toBe(1000);
    expect(randomHex(3)).toMatch(/^[0-9a-f]{6}$/);
  });
});
