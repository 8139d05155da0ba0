// Figures on hand-made sessions: branches partition the entries, copies of a
// streamed response count once (the last copy), the pricer's order (recorded,
// prices.json, table; unknown stays unpriced), days by time zone.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { figuresOfSession } from "../../../src/core/stats/read-session.js";
import { branchesOf, callHash, entryKey, hash32, totalOf } from "../../../src/core/stats/figures.js";
import { makePricer, PRICE_TABLE } from "../../../src/core/stats/prices.js";
import { packCalls } from "../../../src/core/stats/figures-cache.js";
import { parsePriceOverrides, type PriceOverrides } from "../../../src/core/stats/price-overrides.js";
import { checkTimeZone, dayFormatter, lastDays, parseDay } from "../../../src/core/stats/days.js";
import type { CallUsage } from "../../../src/core/stats/usage.js";

const noOverrides: PriceOverrides = { rates: new Map(), stamp: "none", error: null, path: "" };

function writeSession(lines: object[]): { file: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "omp-figures-"));
  const file = join(dir, "s.jsonl");
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return { file, done: () => rmSync(dir, { recursive: true, force: true }) };
}

const header = { type: "session", version: 3, id: "s1", timestamp: "2026-12-01T10:00:00.000Z", cwd: "/p" };
const user = (id: string, parentId: string | null) => ({ type: "message", id, parentId, timestamp: "2026-12-01T10:00:00.000Z", message: { role: "user", content: "hi" } });
const assistant = (id: string, parentId: string, output: number, extra: Record<string, unknown> = {}) => ({
  type: "message",
  id,
  parentId,
  timestamp: "2026-12-01T10:00:01.000Z",
  message: { role: "assistant", content: [], provider: "anthropic", model: "claude-sonnet-4-5", usage: { input: 10, output, cacheRead: 100, cacheWrite: 5, totalTokens: 0, cost: { total: 0.5 } }, ...extra },
});

describe("branches", () => {
  it("give every entry one branch: the active path first, then each other leaf's path less what earlier branches took", async () => {
    const s = writeSession([header, user("u1", null), assistant("a1", "u1", 1), user("u2", "a1"), assistant("a2", "u2", 1), user("u3", "a1"), assistant("a3", "u3", 1)]);
    try {
      const session = await loadSession(s.file);
      const { branchOf, branches } = branchesOf(session);
      expect(branches.map((b) => b.leafId)).toEqual(["a3", "a2"]);
      expect(Object.fromEntries(session.entries.map((e, i) => [e.id, branchOf[i]]))).toEqual({ u1: 0, a1: 0, u3: 0, a3: 0, u2: 1, a2: 1 });
      expect(branches.reduce((n, b) => n + b.entries, 0)).toBe(session.entries.length);
    } finally {
      s.done();
    }
  });
});

describe("a Claude-Code-like streamed response listed more than once", () => {
  // What a dialect that did not merge Claude Code's streamed copies would give:
  // one response (same message.id, kept as pi's responseId) as three entries,
  // the first copies' output counts partial. It must count once, as its last copy.
  const copies = [
    header,
    user("u1", null),
    assistant("c1", "u1", 12, { responseId: "msg_01ABC", stopReason: null }),
    assistant("c2", "c1", 40, { responseId: "msg_01ABC", stopReason: null }),
    assistant("c3", "c2", 431, { responseId: "msg_01ABC", stopReason: "toolUse" }),
    user("u2", "c3"),
    assistant("d1", "u2", 7, { responseId: "msg_02DEF" }),
  ];

  it("counts each response once, with the last copy's usage", async () => {
    const s = writeSession(copies);
    try {
      const f = await figuresOfSession(await loadSession(s.file), await makePricer(noOverrides));
      const t = totalOf(f);
      expect(t.calls).toBe(2);
      expect(t.output).toBe(431 + 7);
      expect(t.input).toBe(20);
      expect(t.cost).toBeCloseTo(1.0, 10);
      expect(f.duplicates).toBe(2);
    } finally {
      s.done();
    }
  });

  it("would be caught: without response ids the same lines sum three copies", async () => {
    const s = writeSession(copies.map((l) => (l.type === "message" && "message" in l ? { ...l, message: { ...l.message, responseId: undefined } } : l)));
    try {
      const t = totalOf(await figuresOfSession(await loadSession(s.file), await makePricer(noOverrides)));
      expect(t.calls).toBe(4);
      expect(t.output).not.toBe(431 + 7);
    } finally {
      s.done();
    }
  });
});

describe("a provider that reuses short response ids (Ollama's chatcmpl-N) for other calls", () => {
  it("counts every call: the same id with another prompt is not a copy", async () => {
    const withInput = (id: string, parentId: string, input: number, responseId: string) => {
      const a = assistant(id, parentId, 5, { responseId });
      return { ...a, message: { ...a.message, usage: { ...a.message.usage, input } } };
    };
    const s = writeSession([header, user("u1", null), withInput("a1", "u1", 19183, "chatcmpl-14"), user("u2", "a1"), withInput("a2", "u2", 136552, "chatcmpl-14"), user("u3", "a2"), withInput("a3", "u3", 22538, "chatcmpl-85")]);
    try {
      const f = await figuresOfSession(await loadSession(s.file), await makePricer(noOverrides));
      const t = totalOf(f);
      expect(t.calls).toBe(3);
      expect(t.input).toBe(19183 + 136552 + 22538);
      expect(f.duplicates).toBe(0);
    } finally {
      s.done();
    }
  });
});

describe("the pricer", () => {
  const call = (over: Partial<CallUsage>): CallUsage => ({
    input: 1000,
    output: 100,
    cacheRead: 2000,
    cacheWrite: 0,
    recordedCost: null,
    provider: "anthropic",
    modelId: "claude-sonnet-4-5",
    time: 0,
    responseId: "",
    ...over,
  });

  it("takes the recorded cost, then prices.json, then the bundled table; an unknown model is null, never 0", async () => {
    const parsed = parsePriceOverrides(JSON.stringify({ "acme/m1": { input: 1, output: 2, cacheRead: 0.5, cacheWrite: 4 }, "gpt-local": { input: 0 } }));
    if ("error" in parsed) throw new Error(parsed.error);
    const p = await makePricer({ rates: parsed.rates, stamp: "x", error: null, path: "" });
    expect(p.cost(call({ recordedCost: 0.25 }))).toBe(0.25);
    // Sonnet 4.5: $3 input, $15 output, $0.30 cache read per million.
    expect(p.cost(call({}))).toBeCloseTo((1000 * 3 + 100 * 15 + 2000 * 0.3) / 1e6, 12);
    // A recorded 0 with tokens spent is an agent's "no price": priced from the table.
    expect(p.cost(call({ recordedCost: 0 }))).toBeCloseTo(0.0051, 12);
    expect(p.cost(call({ provider: "acme", modelId: "m1" }))).toBeCloseTo((1000 * 1 + 100 * 2 + 2000 * 0.5) / 1e6, 12);
    expect(p.cost(call({ provider: "local", modelId: "gpt-local" }))).toBe(0);
    expect(p.cost(call({ provider: "acme", modelId: "unheard-of-7" }))).toBeNull();
    expect(p.cost(call({ provider: "", modelId: "" }))).toBeNull();
    expect(p.stamp).toBe(`${PRICE_TABLE}+x`);
  });

  it("names the table's installed version in its stamp (a new table prices cached figures again)", () => {
    const pkg = JSON.parse(readFileSync("node_modules/@pydantic/genai-prices/package.json", "utf8")) as { name: string; version: string };
    expect(PRICE_TABLE).toBe(`${pkg.name}@${pkg.version}`);
  });

  it("refuses a prices.json it cannot apply whole", () => {
    expect(parsePriceOverrides("[]")).toMatchObject({ error: expect.stringMatching(/not a JSON object/) });
    expect(parsePriceOverrides(JSON.stringify({ m: { input: "3" } }))).toMatchObject({ error: expect.stringMatching(/"m".input: not a price/) });
    expect(parsePriceOverrides(JSON.stringify({ m: { prompt: 3 } }))).toMatchObject({ error: expect.stringMatching(/unknown field "prompt"/) });
  });
});

describe("days", () => {
  it("groups quarter hours into the zone's days, including zones off the hour", () => {
    const slot = Date.parse("2026-11-30T18:45:00Z") / (15 * 60 * 1000);
    expect(dayFormatter("UTC")(slot)).toBe("2026-11-30");
    expect(dayFormatter("Asia/Kolkata")(slot)).toBe("2026-12-01"); // +05:30: 00:15 the next day
    expect(dayFormatter("America/Los_Angeles")(slot)).toBe("2026-11-30");
    expect(dayFormatter("UTC")(-1)).toBe("");
  });

  it("the local zone's days (read from Date's offsets) are the days Intl gives for that zone by name, across changes of offset", () => {
    const before = process.env.TZ;
    try {
      for (const zone of ["UTC", "Asia/Kolkata", "America/Los_Angeles", "Australia/Lord_Howe", "Pacific/Chatham", "Europe/London"]) {
        process.env.TZ = zone;
        const local = dayFormatter(undefined);
        const named = dayFormatter(checkTimeZone(undefined));
        // The zone took: 18:45 UTC is the next day in Kolkata (+05:30).
        if (zone === "Asia/Kolkata") expect(local(Date.parse("2026-11-30T18:45:00Z") / (15 * 60 * 1000))).toBe("2026-12-01");
        // Every 7 quarter hours through two years: every hour of the day, both sides of each change of offset.
        const from = Date.parse("2025-01-01T00:00:00Z") / (15 * 60 * 1000);
        for (let slot = from; slot < from + 2 * 366 * 96; slot += 7) expect(local(slot), `${zone} ${slot}`).toBe(named(slot));
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("reads days and zones strictly", () => {
    expect(parseDay("2026-02-28")).toBe("2026-02-28");
    expect(parseDay("20260228")).toBe("2026-02-28");
    expect(parseDay("2026-02-30")).toBeNull();
    expect(parseDay("today")).toBeNull();
    expect(checkTimeZone("Europe/Berlin")).toBe("Europe/Berlin");
    expect(() => checkTimeZone("Nowhere/Else")).toThrow(/unknown time zone/);
    expect(lastDays("2026-03-01", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
  });
});

describe("a call's key", () => {
  it("is hash32 of its entry key, made without the string", () => {
    const ids = ["", "a", "00000000-0000-4000-8000-000000000002", "msg_ü_日本", "x".repeat(300)];
    const times = ["", "2026-06-01T00:00:02.000Z", "not a time", "\u0000"];
    for (const id of ids) for (const ts of times) expect(callHash(id, ts)).toBe(hash32(entryKey(id, ts)));
  });
});

describe("the calls file's text", () => {
  it("packCalls writes what JSON.stringify writes of the calls' numbers, one flat array", () => {
    const calls = [
      { key: 4294967295, branch: 0, model: 1, slot: -1, input: 12, output: 80, cacheRead: 9000, cacheWrite: 300, cost: 0.0050609999999999995 },
      { key: 0, branch: 3, model: 0, slot: 1981556, input: 0, output: -0, cacheRead: 1e21, cacheWrite: 1.5, cost: null },
      { key: 7, branch: 1, model: 2, slot: 5, input: NaN, output: Infinity, cacheRead: 0, cacheWrite: 0, cost: 0 },
    ];
    const packed = calls.flatMap((c) => [c.key, c.branch, c.model, c.slot, c.input, c.output, c.cacheRead, c.cacheWrite, c.cost ?? -1]);
    expect(packCalls(calls)).toBe(JSON.stringify(packed));
    expect(packCalls([])).toBe("[]");
  });
});
