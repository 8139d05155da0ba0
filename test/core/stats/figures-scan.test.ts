// The figures read in the list's pass (figures-scan.ts: entry heads and each
// assistant line's tail) equal the figures read through the tree loader
// (read-session.ts), on every session file of the fixtures, damaged ones
// included, and on lines made to defeat the tail reader.
import { describe, expect, it, vi } from "vitest";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FiguresTaps, scanFigures, type ScannedSession } from "../../../src/core/stats/figures-scan.js";
import { listSessions } from "../../../src/core/session/list/list.js";
import { readSessionFigures } from "../../../src/core/stats/read-session.js";
import { figuresOf, type SessionFigures } from "../../../src/core/stats/figures.js";
import { resolveParent } from "../../../src/core/stats/parent.js";
import { makePricer, type Pricer } from "../../../src/core/stats/prices.js";
import type { PriceOverrides } from "../../../src/core/stats/price-overrides.js";
import { assistantTail } from "../../../src/core/session/read/message-tail.js";
import { newEntryHead, readEntryHead } from "../../../src/core/session/read/dialects/pi/entry-head.js";
import { callUsage } from "../../../src/core/stats/usage.js";
import { FIXTURES } from "../../helpers/fixtures.js";
import { figureFacts } from "../../helpers/figures.js";

const noOverrides: PriceOverrides = { rates: new Map(), stamp: "none", error: null, path: "" };

function sessionFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sessionFiles(p, out);
    else if (/\.jsonl(\.gz)?$/.test(name)) out.push(p);
  }
  return out;
}

/** The fast figures, a fork's copied calls settled as collect.ts does. */
async function fast(s: ScannedSession, pricer: Pricer): Promise<SessionFigures> {
  const parent = s.parts.subagent ? null : resolveParent(s.parts.file, s.parts.header.parentSession);
  const pre = parent !== null && parent !== s.parts.file ? await scanFigures(parent) : null;
  return figuresOf({ ...s.parts, inheritedKeys: pre ? pre.callKeys() : parent !== null && parent !== s.parts.file ? new Set() : undefined }, pricer);
}

describe("figures read in the list's pass", () => {
  it("equal the loader's on every fixture session", async () => {
    const pricer = await makePricer(noOverrides);
    // The repo's copies of the fixtures (scripts/refresh-fixtures.mjs), so a plain clone runs this.
    const files = sessionFiles(FIXTURES);
    let compared = 0;
    let withCalls = 0;
    for (const file of files) {
      const s = await scanFigures(file);
      const slow = await readSessionFigures(file, pricer);
      if (s === null) continue; // v1 files, other agents' files, no session: read by the loader only
      compared++;
      const f = await fast(s, pricer);
      if (f.calls.length > 0) withCalls++;
      expect({ ...f, calls: f.calls, buckets: f.buckets, branches: f.branches }).toEqual({ ...slow, calls: slow!.calls, buckets: slow!.buckets, branches: slow!.branches });
    }
    // The fixtures hold dozens of pi and omp sessions with calls: the comparison must have happened.
    expect(compared).toBeGreaterThan(40);
    expect(withCalls).toBeGreaterThan(30);
  });
});

describe("figures made in the catalog's own scan (on its tree)", () => {
  it("equal the loader's; files whose lines the scan's tree cannot vouch for are left to a read of their own", async () => {
    const pricer = await makePricer(noOverrides);
    const cacheDir = mkdtempSync(join(tmpdir(), "omp-figtaps-"));
    try {
      const dir = mkdtempSync(join(tmpdir(), "omp-figtaps-src-"));
      // A file with a call line cut short and the next written after it: the scan's tree holds it, the loader's does not.
      const header = { type: "session", version: 3, id: "cut", timestamp: "2026-12-01T10:00:00.000Z", cwd: "/p" };
      const a = (id: string, parentId: string) => ({
        type: "message",
        id,
        parentId,
        timestamp: "2026-12-01T10:00:01.000Z",
        message: { role: "assistant", content: [{ type: "text", text: "x" }], provider: "anthropic", model: "claude-sonnet-4-5", usage: { input: 10, output: 3, cacheRead: 0, cacheWrite: 0, cost: { total: 0.5 } } },
      });
      writeFileSync(join(dir, "cut.jsonl"), [header, a("a1", "a0")].map((l) => JSON.stringify(l)).join("\n") + "\n" + JSON.stringify(a("a2", "a1")).slice(0, 140) + JSON.stringify(a("a3", "a1")) + "\n");
      const taps = new FiguresTaps(noOverrides);
      const listed = await listSessions({ paths: [FIXTURES, dir], all: true, cacheDir, taps });
      expect(taps.figured.size).toBeGreaterThan(20); // the pi and omp sessions of test/fixtures with calls
      expect(taps.figured.has(join(dir, "cut.jsonl"))).toBe(false);
      for (const s of listed) {
        const got = taps.figured.get(s.path);
        if (!got) continue;
        const slow = await readSessionFigures(s.path, pricer);
        expect(figureFacts(got.figures)).toEqual(figureFacts(slow));
      }
      rmSync(dir, { recursive: true, force: true });
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

describe("the tail reader", () => {
  const lineOf = (obj: object | string): Buffer => Buffer.from(typeof obj === "string" ? obj : JSON.stringify(obj));
  const tailOf = (buf: Buffer): Record<string, unknown> | null => {
    const head = newEntryHead();
    expect(readEntryHead(buf, 0, buf.length, head)).toBe(true);
    return assistantTail(buf, 0, buf.length, head);
  };
  /** What stats reads of the line through the tail, and through JSON.parse: they must agree. */
  const both = (buf: Buffer): [unknown, unknown] => {
    const tail = tailOf(buf);
    const whole = JSON.parse(buf.toString("utf8")) as Record<string, unknown>;
    return [tail && callUsage({ type: "message", timestamp: whole.timestamp, message: tail }), callUsage(whole)];
  };
  const entry = (message: Record<string, unknown>) => ({ type: "message", id: "a1", parentId: "u1", timestamp: "2026-12-01T10:00:01.000Z", message });
  const usage = { input: 1, output: 2, cacheRead: 3, cacheWrite: 4, cost: { total: 0.5 } };
  const prefix = '{"type":"message","id":"a1","parentId":"u1","timestamp":"2026-12-01T10:00:01.000Z","message":{"role":"assistant","content":[]';

  it("reads what stats reads, as JSON.parse does, past any content", () => {
    const message = {
      role: "assistant",
      content: [
        { type: "text", text: 'a "quoted" ] } [ { \\ text\\' },
        { type: "toolCall", arguments: { usage: { input: 99 }, list: [1, [2]] } },
      ],
      api: "x",
      provider: "p",
      model: "m",
      usage,
      stopReason: "stop",
      timestamp: 5,
      responseId: "r1",
    };
    const [tail, whole] = both(lineOf(entry(message)));
    expect(tail).not.toBeNull();
    expect(tail).toEqual(whole);
    for (const rest of [
      ',"provider":"pröv ✓","model":"m","usage":{"input":123456789012345,"output":1234567890123456789,"cacheRead":1.5e3,"cacheWrite":-0,"cost":{"total":0.14610420000000002,"input":{"deep":[1,{"a":"b\\"c"}]}}},"stopReason":null,"x":{"y":[true,false]}',
      ',"model":"m","usage":{"input":"12","output":{"n":[1]},"cost":7},"responseId":{"a":1},"timestamp":"t"',
      ',"model":"m","usage":{"input":1},"usage":{"input":2},"model":"n"',
      ',"model":"m","usage":[1,2]',
    ]) {
      const buf = lineOf(prefix + rest + "}}");
      expect(tailOf(buf)).not.toBeNull();
      const [t, w] = both(buf);
      expect(t).toEqual(w);
    }
  });

  it("says null for what it cannot vouch for, so the line is parsed", () => {
    // a field after the message
    expect(tailOf(lineOf({ ...entry({ role: "assistant", content: [], model: "m", usage }), extra: 1 }))).toBeNull();
    // a field before the content
    expect(tailOf(lineOf(entry({ role: "assistant", model: "m", content: [], usage })))).toBeNull();
    // an array after the content hides what comes before it: no model seen
    expect(tailOf(lineOf(entry({ role: "assistant", content: [], model: "m", tags: ["t"], usage })))).toBeNull();
    // no usage
    expect(tailOf(lineOf(entry({ role: "assistant", content: [{ type: "text", text: "x" }], model: "m" })))).toBeNull();
    for (const rest of [
      ',"model":"m\\u0041","usage":{}', // an escape in a field it keeps
      ', "model":"m","usage":{}', // whitespace
      ',"model":"m","usage":{"input":01}', // numbers JSON refuses
      ',"model":"m","usage":{"input":1.}',
      ',"model":"m","usage":{"input":1}}', // one brace too many
      ',"model":"m","usage":{"input":nul}',
      ',"model":"m","usage":{"output":[1],"cost":7}', // an array followed by a field after the content: taken for the content's end
    ]) {
      expect(tailOf(lineOf(prefix + rest + "}}"))).toBeNull();
    }
  });

  it("refuses a line cut short with the next entry written after it", () => {
    const cut = JSON.stringify(entry({ role: "assistant", content: [{ type: "text", text: "half" }], model: "m", usage })).slice(0, 120);
    const next = JSON.stringify({ ...entry({ role: "assistant", content: [], model: "m2", usage }), id: "a2" });
    expect(tailOf(lineOf(cut + next))).toBeNull();
    // the next entry's message began after this entry was written: its time says so before any search
    const later = JSON.stringify({ ...entry({ role: "assistant", content: [], model: "m2", usage, timestamp: Date.parse("2026-12-01T10:00:09.000Z") }), id: "a2" });
    expect(tailOf(lineOf(cut + later))).toBeNull();
    // a whole line whose message ended before its entry was written is read from its tail
    const whole = lineOf(entry({ role: "assistant", content: [], model: "m", usage, timestamp: Date.parse("2026-12-01T10:00:00.500Z") }));
    expect(tailOf(whole)).not.toBeNull();
  });

  it("looks for a second entry head in this line only, not in the lines read after it", () => {
    // a message with no time of its own: only a second head in the line would say it was cut short
    const one = Buffer.from(JSON.stringify(entry({ role: "assistant", content: [{ type: "text", text: "x" }], provider: "p", model: "m", usage })));
    const rest = Buffer.from(("\n" + '{"k":"' + "z".repeat(200) + '"}').repeat(5000));
    const buf = Buffer.concat([one, rest]);
    const head = newEntryHead();
    expect(readEntryHead(buf, 0, one.length, head)).toBe(true);
    let covered = 0;
    const real = Buffer.prototype.indexOf;
    const spy = vi.spyOn(Buffer.prototype, "indexOf").mockImplementation(function (this: Buffer, ...args: unknown[]) {
      const [value, byteOffset] = args;
      if (typeof value !== "number") covered += this.length - (typeof byteOffset === "number" ? Math.max(0, byteOffset) : 0);
      return (real as (...a: unknown[]) => number).apply(this, args);
    });
    try {
      expect(assistantTail(buf, 0, one.length, head)).toMatchObject({ model: "m", provider: "p" });
    } finally {
      spy.mockRestore();
    }
    expect(covered).toBeLessThanOrEqual(one.length);
  });
});

describe("a session file with damage the loader skips", () => {
  it("gives the loader's figures", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-figscan-"));
    try {
      const file = join(dir, "s.jsonl");
      const header = { type: "session", version: 3, id: "s1", timestamp: "2026-12-01T10:00:00.000Z", cwd: "/p" };
      const user = (id: string, parentId: string | null) => ({ type: "message", id, parentId, timestamp: "2026-12-01T10:00:00.000Z", message: { role: "user", content: "hi" } });
      const a = (id: string, parentId: string, output: number) => ({
        type: "message",
        id,
        parentId,
        timestamp: "2026-12-01T10:00:01.000Z",
        message: { role: "assistant", content: [{ type: "text", text: "x]}" }], provider: "anthropic", model: "claude-sonnet-4-5", usage: { input: 10, output, cacheRead: 0, cacheWrite: 0, cost: { total: 0.5 } } },
      });
      const cut = JSON.stringify(a("a2", "u1", 7)).slice(0, 150);
      const lines = [header, user("u1", null), a("a1", "u1", 3)].map((l) => JSON.stringify(l));
      lines.push(cut + JSON.stringify(a("a3", "a1", 11)), JSON.stringify(a("a1", "u1", 5)), "{not json", JSON.stringify(a("a4", "a1", 13)).slice(0, 60));
      writeFileSync(file, lines.join("\r\n"));
      const pricer = await makePricer(noOverrides);
      const s = await scanFigures(file);
      expect(s).not.toBeNull();
      const f = await fast(s!, pricer);
      const slow = await readSessionFigures(file, pricer);
      expect(f).toEqual({ ...slow, calls: slow!.calls, buckets: slow!.buckets });
      // the later line of the reused id a1 counts (output 5), the concatenated and truncated lines do not
      expect(f.total.output).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
