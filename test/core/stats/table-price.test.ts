import { calcPrice } from "@pydantic/genai-prices";
import { describe, expect, it, vi } from "vitest";
import { tableCostOf } from "../../../src/core/stats/table-price.js";
import type { CallUsage } from "../../../src/core/stats/usage.js";

const call = (modelId: string, input: number, output: number, cacheRead: number, cacheWrite: number, provider = ""): CallUsage => ({ modelId, provider, input, output, cacheRead, cacheWrite, recordedCost: null, time: 0, responseId: "" });

/** calcPrice's own answer, as the pricer asked it before the memo. */
function direct(c: CallUsage): number | null {
  try {
    const r = calcPrice({ input_tokens: c.input + c.cacheRead + c.cacheWrite, output_tokens: c.output, cache_read_tokens: c.cacheRead, cache_write_tokens: c.cacheWrite }, c.modelId, c.provider ? { providerId: c.provider } : undefined);
    return r && Number.isFinite(r.total_price) ? r.total_price : null;
  } catch {
    return null;
  }
}

const MODELS = ["claude-sonnet-4-5-20250929", "claude-opus-4-1", "claude-3-5-haiku", "claude-opus-4-5", "gpt-4o", "gemini-2.5-pro", "o3", "no-such-model"];

describe("the price table's memoised cost", () => {
  it("is calcPrice's to the last bit, flat and tiered, below and above a tier, after the checked calls", () => {
    const calc = vi.fn(calcPrice);
    const cost = tableCostOf(calc);
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 400; i++) {
      for (const m of MODELS) {
        const c = call(m, rnd(5000), rnd(20000), rnd(i % 2 ? 400_000 : 150_000), rnd(30000), i % 3 === 0 ? "anthropic" : "");
        expect(cost(c)).toBe(direct(c));
      }
    }
    for (const m of MODELS) expect(cost(call(m, 0, 0, 0, 0))).toBe(direct(call(m, 0, 0, 0, 0)));
    // The Claude models were computed here, not asked of the table.
    expect(calc.mock.calls.length).toBeLessThan(4 * 401 + 200);
  });

  it("asks calcPrice for counts that are not whole numbers", () => {
    const calc = vi.fn(calcPrice);
    const cost = tableCostOf(calc);
    for (let i = 0; i < 20; i++) cost(call("claude-opus-4-1", 10, 10, 10, 10));
    const before = calc.mock.calls.length;
    const odd = call("claude-opus-4-1", 10.5, 3, 0.25, 1);
    expect(cost(odd)).toBe(direct(odd));
    expect(calc.mock.calls.length).toBe(before + 1);
  });

  it("falls back to calcPrice for good when a model's computed cost ever differs from it", () => {
    // A table whose answer is not the rates' sum (a price per call on top).
    const calc = vi.fn((...args: Parameters<typeof calcPrice>) => {
      const r = calcPrice(...args);
      return r && { ...r, total_price: r.total_price + 1 };
    });
    const cost = tableCostOf(calc);
    const c = call("claude-opus-4-1", 100, 100, 100, 100);
    const want = (direct(c) ?? 0) + 1;
    for (let i = 0; i < 20; i++) expect(cost(c)).toBe(want);
  });
});
