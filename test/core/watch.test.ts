import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { watchMemory, watchSessions } from "../../src/core/session/list/watch.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-watch-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

// a safety net for a failing test: on a loaded machine a poll pass or an fs.watch event may take seconds
const until = async (cond: () => boolean, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return cond();
};

for (const native of [true, false]) {
  describe(`watchSessions (${native ? "fs.watch and poll" : "poll only"})`, () => {
    it("reports a session that grew, one added and one removed, debounced", async () => {
      const agent = join(tmp, `agent-${native}`);
      const dir = join(agent, "sessions", "--p--");
      mkdirSync(dir, { recursive: true });
      const a = join(dir, "a.jsonl");
      writeFileSync(a, '{"type":"session","id":"a"}\n');
      const calls: string[][] = [];
      const stop = watchSessions([agent], (c) => calls.push(c), { pollMs: 100, debounceMs: 50, native });
      try {
        await new Promise((r) => setTimeout(r, 300));
        for (let i = 0; i < 5; i++) appendFileSync(a, `{"type":"message","id":"m${i}"}\n`);
        expect(await until(() => calls.flat().includes(a))).toBe(true);
        const b = join(dir, "b.jsonl");
        writeFileSync(b, '{"type":"session","id":"b"}\n');
        expect(await until(() => calls.flat().includes(b))).toBe(true);
        const before = calls.length;
        rmSync(a);
        expect(await until(() => calls.slice(before).flat().includes(a))).toBe(true);
        // Five appends in a burst are far fewer calls than five.
        expect(calls.filter((c) => c.includes(a)).length).toBeLessThanOrEqual(3);
      } finally {
        stop();
      }
      const after = calls.length;
      appendFileSync(join(dir, "b.jsonl"), "{}\n");
      await new Promise((r) => setTimeout(r, 400));
      expect(calls.length).toBe(after);
    });
  });
}

describe("watchSessions with fs.watch alone (no poll)", () => {
  it("follows a project folder made after it started, and a file growing in it", async () => {
    const agent = join(tmp, "agent-native-only");
    mkdirSync(join(agent, "sessions", "--p--"), { recursive: true });
    writeFileSync(join(agent, "sessions", "--p--", "a.jsonl"), '{"type":"session","id":"a"}\n');
    const calls: string[][] = [];
    const stop = watchSessions([agent], (c) => calls.push(c), { pollMs: 0, debounceMs: 30 });
    try {
      await new Promise((r) => setTimeout(r, 200));
      const dir = join(agent, "sessions", "--q--");
      mkdirSync(dir);
      const b = join(dir, "b.jsonl");
      writeFileSync(b, '{"type":"session","id":"b"}\n');
      expect(await until(() => calls.flat().includes(b))).toBe(true);
      const before = calls.length;
      // The new folder is watched now: an append there is reported without any poll.
      await new Promise((r) => setTimeout(r, 100));
      appendFileSync(b, '{"type":"message","id":"m1"}\n');
      expect(await until(() => calls.slice(before).flat().includes(b))).toBe(true);
      // A file in a folder known from the start grows: reported too.
      const a = join(agent, "sessions", "--p--", "a.jsonl");
      const mid = calls.length;
      appendFileSync(a, '{"type":"message","id":"m2"}\n');
      expect(await until(() => calls.slice(mid).flat().includes(a))).toBe(true);
    } finally {
      stop();
    }
  });
});

describe("watchSessions with a memory (watchMemory)", () => {
  it("a watcher started from an earlier one's memory reports what was added, grown or removed between them", async () => {
    const agent = join(tmp, "agent-memory");
    const dir = join(agent, "sessions", "--p--");
    mkdirSync(dir, { recursive: true });
    const a = join(dir, "a.jsonl");
    const gone = join(dir, "gone.jsonl");
    writeFileSync(a, '{"type":"session","id":"a"}\n');
    writeFileSync(gone, '{"type":"session","id":"g"}\n');
    const memory = watchMemory();
    const stop1 = watchSessions([agent], () => {}, { pollMs: 0, native: false, memory });
    expect(await until(() => memory.passes > 0)).toBe(true);
    stop1();
    // Between the two watchers: one file grows, one is added, one removed.
    appendFileSync(a, '{"type":"message","id":"m1"}\n');
    const b = join(dir, "b.jsonl");
    writeFileSync(b, '{"type":"session","id":"b"}\n');
    rmSync(gone);
    const calls: string[][] = [];
    const stop2 = watchSessions([agent], (c) => calls.push(c), { pollMs: 0, native: false, debounceMs: 10, memory });
    try {
      expect(await until(() => [a, b, gone].every((f) => calls.flat().includes(f)))).toBe(true);
    } finally {
      stop2();
    }
  });
});
