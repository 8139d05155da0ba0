// Issue 27: costs that overflow. A price or a recorded cost that cannot give a
// finite sum is no cost: the call is unpriced, and no cell shows $0 or $∞.
import { describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadPriceOverrides, parsePriceOverrides } from "../../../src/core/stats/price-overrides.js";
import { makePricer } from "../../../src/core/stats/prices.js";
import { costCell, dollars } from "../../../src/core/stats/format.js";
import { emptyFigure } from "../../../src/core/stats/figures.js";
import type { CallUsage } from "../../../src/core/stats/usage.js";

const call = (over: Partial<CallUsage>): CallUsage => ({ input: 1000, output: 100, cacheRead: 0, cacheWrite: 0, recordedCost: null, provider: "acme", modelId: "m", time: 0, responseId: "", ...over });
const noTable = async () => (() => null) as never;

describe("costs that overflow (issue 27)", () => {
  it("prices.json: 1e308 and other absurd prices are refused with the reason", () => {
    expect(parsePriceOverrides(JSON.stringify({ m: { input: 1e308 } }))).toEqual({ error: '"m".input: 1e+308 is over $1,000,000 per million tokens, not a price' });
    expect("rates" in parsePriceOverrides(JSON.stringify({ m: { input: 15, output: 75 } }))).toBe(true);
  });

  it("a cost that overflows, or a recorded cost that is absurd, is unpriced (null), never Infinity or 0", async () => {
    const p = await makePricer({ rates: new Map([["acme/m", { input: 1e6, output: 1e6, cacheRead: 0, cacheWrite: 0 }]]), stamp: "x", error: null, path: "" }, noTable);
    expect(p.cost(call({ input: 1e306 }))).toBeNull();
    expect(p.cost(call({ recordedCost: 1e308, modelId: "unknown" }))).toBeNull();
    expect(p.cost(call({ recordedCost: 1.5 }))).toBe(1.5);
    expect(p.cost(call({}))).toBe(1100);
  });

  it("a sum we could not compute shows as ?, not $∞ or $0", () => {
    expect(dollars(Infinity)).toBe("?");
    expect(dollars(NaN)).toBe("?");
    const f = { ...emptyFigure(), calls: 2, unpricedCalls: 1, cost: Infinity };
    expect(costCell(f)).toBe("?");
  });

  it("prices.json as a FIFO or /dev/zero: refused with the reason, no hang", () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-prices-"));
    execFileSync("mkfifo", [join(dir, "fifo.json")]);
    symlinkSync("/dev/zero", join(dir, "zero.json"));
    expect(loadPriceOverrides(join(dir, "fifo.json")).error).toMatch(/a FIFO, not a regular file/);
    expect(loadPriceOverrides(join(dir, "zero.json")).error).toMatch(/a device, not a regular file/);
  });
});
