// The full collection the browser makes once a big session is read whole
// (src/ui/state/collect-now.ts): it runs where V8 gives a gc(), and where it
// cannot be had nothing is collected and nothing throws.
import { describe, expect, it } from "vitest";
import { PerformanceObserver, constants } from "node:perf_hooks";
import { collector, createCollector } from "../../src/ui/state/collect-now.js";

describe("the browser's collector", () => {
  it("leaves a heap under the bound alone", () => {
    expect(collector.collectIfBig(Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it("makes a major collection over the bound, on this Node", async () => {
    const seen = new Promise<void>((resolve) => {
      const obs = new PerformanceObserver((list) => {
        if (!list.getEntries().some((e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) return;
        obs.disconnect();
        resolve();
      });
      obs.observe({ entryTypes: ["gc"] });
    });
    expect(collector.collectIfBig(0)).toBe(true);
    await seen;
  });

  it("finds V8's gc once and hands back the same function", () => {
    const f = collector.gcFunction();
    expect(typeof f).toBe("function");
    expect(collector.gcFunction()).toBe(f);
  });
});

describe("the fallback, where the engine gives no gc", () => {
  it("collects nothing when the flag is refused (the maker throws), and asks only once", () => {
    let asked = 0;
    const c = createCollector(() => {
      asked++;
      throw new Error("flag refused");
    });
    expect(c.gcFunction()).toBeNull();
    expect(c.collectIfBig(0)).toBe(false);
    expect(c.collectIfBig(0)).toBe(false);
    expect(asked).toBe(1);
  });

  it("collects nothing when no function comes back", () => {
    const c = createCollector(() => null);
    expect(c.collectIfBig(0)).toBe(false);
  });
});
