// lineBatches reads through the pool's buffers (lines.ts): scans side by side,
// one left early, and long lines that outgrow the buffer all see their own bytes;
// scanLines asks its beforeRead before each read that has something to read.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lineBatches, scanLines } from "../../../src/core/session/read/lines.js";

const dir = mkdtempSync(join(tmpdir(), "omp-batches-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, lines: string[]): string {
  const p = join(dir, name);
  writeFileSync(p, lines.map((l) => l + "\n").join(""));
  return p;
}

const text = (f: string) => lineBatches(f, (buf, start, end) => buf.toString("utf8", start, end));

async function all(f: string): Promise<string[]> {
  const out: string[] = [];
  for await (const b of text(f)) out.push(...b);
  return out;
}

describe("lineBatches over pooled buffers", () => {
  it("gives each of several scans at once its own lines, long ones included", async () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i} ${"x".repeat(i % 700)}`);
    const b = Array.from({ length: 50 }, (_, i) => `b${i} ${"y".repeat(i === 20 ? 3 << 20 : 10)}`);
    const [fa, fb] = [file("a.jsonl", a), file("b.jsonl", b)];
    const [ga, gb] = await Promise.all([all(fa), all(fb)]);
    expect(ga).toEqual(a);
    expect(gb).toEqual(b);
  });

  it("a scan left early gives its buffer back unharmed for the next", async () => {
    const a = Array.from({ length: 20000 }, (_, i) => `line ${i} ${"z".repeat(100)}`);
    const fa = file("c.jsonl", a);
    for await (const batch of text(fa)) {
      expect(batch[0]).toBe(a[0]);
      break;
    }
    expect(await all(fa)).toEqual(a);
  });
});

describe("scanLines reading blocking", () => {
  it("reads a file of many chunks blocking (a listing's scan) as through the thread pool: the same lines, offsets and resume point", async () => {
    // Several 1 MB chunks, a line longer than one, and a last line without its newline.
    const lines = Array.from({ length: 6000 }, (_, i) => `{"n":${i},"t":"${"w".repeat(i === 3000 ? 1_500_000 : i % 900)}"}`);
    const p = join(dir, "blocking.jsonl");
    writeFileSync(p, lines.join("\n"));
    const seen = async (blocking: boolean) => {
      const out: string[] = [];
      const result = await scanLines(p, (buf, start, end, offset, line, terminated) => out.push(`${offset}:${line}:${terminated}:${buf.toString("utf8", start, end)}`), { blocking });
      return { out, result };
    };
    const pooled = await seen(false);
    const blocking = await seen(true);
    expect(pooled.out).toHaveLength(lines.length);
    expect(blocking).toEqual(pooled);
  });
});

describe("scanLines' beforeRead", () => {
  it("is asked before each read with something to read: once for a file of one chunk, once per slice of a bigger one", async () => {
    const small = file("one-chunk.jsonl", ["a", "b", "c"]);
    let asked = 0;
    const lines: string[] = [];
    await scanLines(small, (buf, s, e) => void lines.push(buf.toString("utf8", s, e)), { beforeRead: async () => void asked++ });
    expect(lines).toEqual(["a", "b", "c"]);
    // Not again for the end of the file: a gate that makes later reads wait does not hold a small file's last one.
    expect(asked).toBe(1);
    const big = file(
      "slices.jsonl",
      Array.from({ length: 1000 }, (_, i) => `${i}`.padEnd(99, "x")),
    );
    asked = 0;
    let n = 0;
    await scanLines(big, () => void n++, { beforeRead: async () => void asked++, buffer: Buffer.alloc(1 << 14) });
    expect(n).toBe(1000);
    expect(asked).toBe(Math.ceil(100_000 / (1 << 14)));
  });
});
