// Header sniffing: the first bytes of a file tell a listing filtered by cwd
// whether it is a session of that dir, or that a scan must decide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSessionHeader, sessionHeaderIn } from "../../../src/core/session/read/dialects/pi/header.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-header-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const header = { type: "session", version: 3, id: "h1", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" };
const file = (name: string, text: string | Buffer) => {
  const p = join(tmp, name);
  writeFileSync(p, text);
  return p;
};

describe("readSessionHeader", () => {
  it("finds the header after a BOM, a title slot, blank and damaged lines, with CRLF", async () => {
    const slot = JSON.stringify({ type: "title", v: 1, title: "t" });
    const p = file("a.jsonl", "\ufeff" + slot + "\r\n\r\nnot json\r\n" + JSON.stringify(header) + "\r\n{}\r\n");
    expect(await readSessionHeader(p)).toEqual(header);
  });

  it("finds a header that is the file's last line, without a newline", async () => {
    expect(await readSessionHeader(file("b.jsonl", JSON.stringify(header)))).toEqual(header);
  });

  it("says null for a file whose first entry is not a header, and for an empty file", async () => {
    expect(await readSessionHeader(file("c.jsonl", JSON.stringify({ type: "message", id: "x" }) + "\n" + JSON.stringify(header) + "\n"))).toBeNull();
    expect(await readSessionHeader(file("d.jsonl", ""))).toBeNull();
    expect(await readSessionHeader(file("e.jsonl", "garbage\n"))).toBeNull();
  });

  it("cannot tell (undefined) past its first bytes, for gzip, or for a file it cannot read", async () => {
    const long = JSON.stringify({ ...header, pad: "x".repeat(20_000) });
    expect(await readSessionHeader(file("f.jsonl", long + "\n"))).toBeUndefined();
    expect(await readSessionHeader(file("g.jsonl", "junk\n".repeat(5000)))).toBeUndefined();
    expect(await readSessionHeader(file("h.jsonl.gz", Buffer.from([0x1f, 0x8b])))).toBeUndefined();
    expect(await readSessionHeader(join(tmp, "missing.jsonl"))).toBeUndefined();
  });
});

describe("sessionHeaderIn (other agents' sniffing asks it)", () => {
  it("decides as readSessionHeader does: the cases above and every plain fixture", async () => {
    const slot = JSON.stringify({ type: "title", v: 1, title: "t" });
    const made = [
      file("i.jsonl", "\ufeff" + slot + "\r\n\r\nnot json\r\n" + JSON.stringify(header) + "\r\n{}\r\n"),
      file("j.jsonl", JSON.stringify(header)),
      file("k.jsonl", JSON.stringify({ type: "message", id: "x" }) + "\n" + JSON.stringify(header) + "\n"),
      file("l.jsonl", JSON.stringify({ type: "session", version: 3 }) + "\n"),
      file("m.jsonl", slot + "\n" + JSON.stringify({ sessionId: "s", uuid: "u" }) + "\n"),
      file("n.jsonl", ""),
    ];
    const fixtures = readdirSync("test/fixtures", { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join("test/fixtures", f));
    expect(fixtures.length).toBeGreaterThan(20);
    let told = 0;
    for (const p of [...made, ...fixtures]) {
      const want = await readSessionHeader(p);
      if (want === undefined) continue;
      told++;
      expect(sessionHeaderIn(readFileSync(p).subarray(0, 16 * 1024)) ?? null, p).toEqual(want);
    }
    expect(told).toBeGreaterThan(20);
  });
});
