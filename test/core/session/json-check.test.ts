// read/json-check.ts's isJson against JSON.parse: every line of every fixture
// and fuzz mutant, hand-made edge cases, and random lines made of JSON's
// characters (a fixed seed), each at every alignment (its word loop).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { FIXTURES, filesUnder, linesOf } from "../../helpers/fixtures.js";
import { makeMutants, prng } from "../../helpers/mutants.js";
import { isJson } from "../../../src/core/session/read/json-check.js";
import { parseRecord } from "../../../src/core/session/read/parse-line.js";

const parses = (line: Buffer): boolean => {
  try {
    parseRecord(line, 0, line.length);
    return true;
  } catch {
    return false;
  }
};

/** The lines where isJson and JSON.parse disagree, each tried at four alignments inside a bigger buffer. */
function disagreements(name: string, lines: Buffer[]): string[] {
  const out: string[] = [];
  lines.forEach((line, k) => {
    const want = parses(line);
    for (let pad = 0; pad < 4; pad++) {
      const big = Buffer.alloc(line.length + pad + 3, 0x22);
      line.copy(big, pad);
      if (isJson(big, pad, pad + line.length) !== want) {
        out.push(`${name}:${k + 1} (offset ${pad}): JSON.parse ${want ? "reads" : "rejects"} it`);
        break;
      }
    }
  });
  return out;
}

describe("isJson keeps and rejects exactly the lines JSON.parse keeps and rejects", () => {
  it("on every line of every fixture file", () => {
    const files = filesUnder(FIXTURES, (n) => n.endsWith(".jsonl") || n.endsWith(".json"));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => disagreements(f, linesOf(readFileSync(f))))).toEqual([]);
  });

  it("on every line of every fuzz mutant", () => {
    expect(makeMutants().flatMap((m) => disagreements(m.name, linesOf(m.bytes)))).toEqual([]);
  });

  it("on hand-made edge cases", () => {
    const cases = [
      "{}",
      "[]",
      " {} ",
      "\t[ ]\r",
      "{",
      "}",
      "[",
      "{]",
      "[}",
      '{"a"}',
      '{"a":}',
      '{"a":1,}',
      "[1,]",
      "[,1]",
      '{,"a":1}',
      '{"a":1 "b":2}',
      "[1 2]",
      '"x"',
      "1",
      "-0",
      "-",
      "01",
      "1.",
      ".5",
      "1e",
      "1e+",
      "1E-5",
      "1.5e10",
      "-0.0e0",
      "2e400",
      "true",
      "tru",
      "truex",
      "nul",
      "null",
      "false",
      "False",
      '"\\u00e9"',
      '"\\u00g9"',
      '"\\u00e"',
      '"\\x"',
      '"\\/"',
      '"\\b\\f\\n\\r\\t\\"\\\\"',
      '"a\tb"',
      '"a\u0001b"',
      '"a\u001fb"',
      '"a\u007fb"',
      '"\u2028"',
      '"é"',
      '{"a":[1,{"b":[]},"c"],"d":{"e":null}}',
      "[[[[[]]]]]",
      "[[[[[]]]]",
      '{"a":1}}',
      '{"a":1}x',
      "{} {}",
      '{"a":1}\t',
      '"abc',
      '"abc\\"',
      "\\",
      "",
      "[" + "1,".repeat(100) + "1]",
      '{"' + "k".repeat(200) + '":"' + "v\\n".repeat(300) + '"}',
      '{"x":"' + "y".repeat(500) + '\u0002"}',
      '{"x":"' + "y".repeat(501) + '\\q"}',
    ].map((s) => Buffer.from(s));
    cases.push(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x22, 0x7d]), Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), Buffer.from([0x7b, 0x7d, 0x80]), Buffer.from([0x5b, 0x31, 0x00, 0x5d]));
    expect(disagreements("case", cases)).toEqual([]);
  });

  it("on random lines made of JSON's characters", () => {
    const r = prng(0x22c0de);
    const alphabet = ["{", "}", "[", "]", ":", ",", '"', '"', '"', "\\", "a", "1", "0", "-", ".", "e", " ", "\t", "true", "null", "\\u12ab", "\\n", "é", "\u0001", '"k":', '{"a":', "[1,", '"s"'];
    const lines: Buffer[] = [];
    for (let n = 0; n < 20000; n++) {
      let s = "";
      for (let k = 1 + Math.floor(r() * 12); k > 0; k--) s += alphabet[Math.floor(r() * alphabet.length)];
      lines.push(Buffer.from(s));
    }
    // Valid lines, damaged one byte at a time.
    const good = Buffer.from(JSON.stringify({ type: "message", id: "a1", message: { role: "user", content: [{ type: "text", text: "long text ".repeat(20) + 'é\n\t"' }], n: -1.5e3, ok: true, no: null } }));
    for (let n = 0; n < 3000; n++) {
      const b = Buffer.from(good);
      b[Math.floor(r() * b.length)] = Math.floor(r() * 256);
      lines.push(b);
    }
    expect(disagreements("random", lines)).toEqual([]);
  });
});
