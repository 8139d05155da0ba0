// A JSONL source parses the lines of each read from one decoded run when the
// run is ASCII (parse-line.ts RunParser), else line by line: either way each
// record is the line's value, as parseRecord gives it, the last line without
// its newline included.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jsonlSource } from "../../../src/core/session/read/jsonl-source.js";
import { RunParser, parseRecord } from "../../../src/core/session/read/parse-line.js";
import type { SourceRecord } from "../../../src/core/session/read/dialect-api.js";

const dir = mkdtempSync(join(tmpdir(), "omp-run-parser-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function records(text: string, name: string, leadingNul = false): Promise<SourceRecord[]> {
  const p = join(dir, name);
  writeFileSync(p, text);
  const out: SourceRecord[] = [];
  for await (const r of jsonlSource(p, { leadingNul }).records()) out.push(r);
  return out;
}

const values = (rs: SourceRecord[]) => rs.map((r) => ("value" in r ? r.value : r.warning));

describe("a JSONL source's records", () => {
  it("are the lines' values in ASCII runs, in runs with other bytes, and past CRLF, NUL padding and a damaged line", async () => {
    const ascii = Array.from({ length: 4000 }, (_, i) => JSON.stringify({ n: i, t: "x".repeat(i % 500) }));
    const other = [JSON.stringify({ t: "日本語 ünïcödé 🚀" }), JSON.stringify({ t: "caf\u00e9" })];
    const text = [...ascii, ...other, "\u0000\u0000" + JSON.stringify({ padded: true }), "not json", "", JSON.stringify({ crlf: 1 }) + "\r", JSON.stringify({ last: "no newline" })].join("\n");
    const got = values(await records(text, "mixed.jsonl", true));
    expect(got).toEqual([...ascii.map((l) => JSON.parse(l)), ...other.map((l) => JSON.parse(l)), { padded: true }, "not valid JSON, skipped", { crlf: 1 }, { last: "no newline" }]);
  });

  it("give the last line without its newline its own bytes when it was moved to the front of the buffer after a run (no stale run read)", async () => {
    // About 1 MB of short lines, then a last line of 5,000 bytes without its newline across the first read's end:
    // it is moved to the buffer's front, where the first run's lines were, and completed by a read without a newline.
    const lines: string[] = [];
    let size = 0;
    while (size < (1 << 20) - 2000) {
      const l = JSON.stringify({ n: lines.length, pad: "p".repeat(80) });
      lines.push(l);
      size += l.length + 1;
    }
    const last = JSON.stringify({ last: "q".repeat(5000) });
    const got = values(await records(lines.join("\n") + "\n" + last, "straddle.jsonl"));
    expect(got.length).toBe(lines.length + 1);
    expect(got[got.length - 1]).toEqual(JSON.parse(last));
    expect(got.slice(0, 3)).toEqual(lines.slice(0, 3).map((l) => JSON.parse(l)));
  });
});

describe("RunParser", () => {
  const buf = Buffer.from('{"a":1}\n{"b":"é"}\n{"c":3}\n');
  it("parses a line of an ASCII run from the run's text, and one outside the run it was told of as parseRecord does", () => {
    const p = new RunParser();
    p.run(buf, 0, 8);
    expect(p.parse(buf, 0, 7)).toEqual({ a: 1 });
    // outside the run told of: decoded on its own (here UTF-8)
    expect(p.parse(buf, 8, 18)).toEqual(parseRecord(buf, 8, 18));
  });

  it("decodes each line of a run with any non-ASCII byte on its own, as UTF-8", () => {
    const p = new RunParser();
    p.run(buf, 0, buf.length);
    expect(p.parse(buf, 8, 18)).toEqual({ b: "é" });
    expect(p.parse(buf, 19, 26)).toEqual({ c: 3 });
  });

  it("throws on a line that is not JSON, as parseRecord does", () => {
    const bad = Buffer.from('{"a":\n');
    const p = new RunParser();
    p.run(bad, 0, bad.length);
    expect(() => p.parse(bad, 0, 5)).toThrow(SyntaxError);
  });
});
