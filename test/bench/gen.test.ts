import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeLinearSession, makeLongLineSession, writeSession, writeStore } from "../../bench/gen.js";

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), "bench-gen-"));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every non-blank line parsed; throws on the first one that is not JSON. */
function parseLines(file: string): Record<string, any>[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l));
}

function listFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((d) => d.isFile())
    .map((d) => relative(root, join(d.parentPath, d.name)))
    .sort();
}

describe("bench data generator", () => {
  it("writes the same bytes for the same seed, and different bytes for another seed", () => {
    const d = tmp();
    writeSession(join(d, "a.jsonl"), { seed: 42, targetBytes: 200_000 });
    writeSession(join(d, "b.jsonl"), { seed: 42, targetBytes: 200_000 });
    writeSession(join(d, "c.jsonl"), { seed: 43, targetBytes: 200_000 });
    const a = readFileSync(join(d, "a.jsonl"));
    expect(a.equals(readFileSync(join(d, "b.jsonl")))).toBe(true);
    expect(a.equals(readFileSync(join(d, "c.jsonl")))).toBe(false);
  });

  it("writes a v3 session whose lines all parse and whose parents all exist", () => {
    const d = tmp();
    const file = join(d, "s.jsonl");
    const res = writeSession(file, { seed: 5, targetBytes: 1_500_000 });
    const [header, ...entries] = parseLines(file);
    expect(header).toMatchObject({ type: "session", version: 3, id: res.id });
    expect(entries.length).toBe(res.entries);
    expect(res.bytes).toBeGreaterThanOrEqual(1_500_000);
    const seen = new Set<string>();
    let branches = 0;
    let prev: string | null = null;
    for (const e of entries) {
      expect(seen.has(e.id)).toBe(false);
      if (e.parentId !== null) expect(seen.has(e.parentId)).toBe(true);
      if (prev !== null && e.parentId !== prev) branches++;
      seen.add(e.id);
      prev = e.id;
    }
    expect(branches).toBeGreaterThan(0);
    const types = new Set(entries.map((e) => e.type));
    for (const t of ["message", "label", "model_change", "compaction"]) expect(types).toContain(t);
    // Tool calls are answered by tool results naming them.
    const calls = new Set(
      entries
        .flatMap((e) => (e.message?.role === "assistant" ? e.message.content : []))
        .filter((b: any) => b.type === "toolCall")
        .map((b: any) => b.id),
    );
    const results = entries.filter((e) => e.message?.role === "toolResult");
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(calls).toContain(r.message.toolCallId);
  });

  it("lays out a store as <agentdir>/sessions/--<encoded cwd>--/<ts>_<id>.jsonl, deterministically", () => {
    const opts = { seed: 9, sessions: 12, totalBytes: 400_000, projects: 3, minBytes: 3000 };
    const [d1, d2] = [tmp(), tmp()];
    const s1 = writeStore(d1, opts);
    writeStore(d2, opts);
    const f1 = listFiles(d1);
    expect(f1).toEqual(listFiles(d2));
    expect(f1).toHaveLength(12);
    for (const rel of f1) {
      expect(readFileSync(join(d1, rel)).equals(readFileSync(join(d2, rel)))).toBe(true);
      const m = /^sessions\/--(home-u-proj\d+)--\/(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)_([0-9a-f-]{36})\.jsonl$/.exec(rel);
      expect(m).not.toBeNull();
      const [header] = parseLines(join(d1, rel));
      expect(header.cwd).toBe("/" + m![1].replace(/-/g, "/"));
      expect(header.id).toBe(m![3]);
      expect(header.timestamp.replace(/[:.]/g, "-")).toBe(m![2]);
    }
    expect(s1.bytes).toBeGreaterThan(300_000);
  });

  it("makes a linear session of exactly N entries, each the child of the one before", () => {
    const file = join(tmp(), "lin.jsonl");
    makeLinearSession(file, 500);
    const [, ...entries] = parseLines(file);
    expect(entries).toHaveLength(500);
    entries.forEach((e, i) => expect(e.parentId).toBe(i === 0 ? null : entries[i - 1].id));
  });

  it("makes a session with one line of at least the asked size that still parses", () => {
    const file = join(tmp(), "long.jsonl");
    makeLongLineSession(file, 300_000);
    const lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    const longest = lines.reduce((a, l) => Math.max(a, Buffer.byteLength(l)), 0);
    expect(longest).toBeGreaterThanOrEqual(299_000);
    expect(() => lines.forEach((l) => JSON.parse(l))).not.toThrow();
  });
});
