// The stats worker prices the sessions it loads under the prices it read; the
// main thread adopts those figures only when they were priced under the same
// table and prices.json it uses (figures-scan.ts FiguresTaps.worker.adopt).
// Figures priced under other prices (prices.json changed while the worker
// ran) are dropped, and collectFigures reads the file again: the figures are
// then those of a plain read under the main thread's prices, never the
// worker's.
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { collectFigures } from "../../../src/core/stats/collect.js";
import { FiguresTaps } from "../../../src/core/stats/figures-scan.js";
import { encodeFigures, stampText } from "../../../src/core/stats/figures-cache.js";
import type { SessionFigures } from "../../../src/core/stats/figures.js";
import { PRICE_TABLE } from "../../../src/core/stats/prices.js";
import { stampOf } from "../../../src/core/fs/stat.js";
import { FIXTURES, filesUnder } from "../../helpers/fixtures.js";

const overrides = { rates: new Map(), stamp: "main-prices", error: null, path: "" };
const facts = (f: SessionFigures) => ({ id: f.id, agent: f.agent, total: f.total, models: f.models, buckets: f.buckets, calls: f.calls });

describe("figures the stats worker priced", () => {
  it("are adopted under the same prices, and read again under other prices", async () => {
    const file = filesUnder(join(FIXTURES, "agents", "claude"), (n) => n.endsWith(".jsonl") && !n.startsWith("agent-"))[0];
    const plain = (await collectFigures([file], { cache: false, overrides })).figures;
    expect(plain).toHaveLength(1);
    expect(plain[0].total.calls).toBeGreaterThan(0);
    // what a worker would post: the same session with other totals, so that adopting it shows
    const forged: SessionFigures = { ...plain[0], total: { ...plain[0].total, calls: plain[0].total.calls + 1000 } };
    const stamp = stampText(stampOf(file)!);

    const stale = new FiguresTaps(overrides);
    await stale.worker.adopt(file, { stamp, priceStamp: `${PRICE_TABLE}+an-older-prices-json`, figures: encodeFigures(forged) });
    expect(stale.figured.has(file)).toBe(false);
    const reread = (await collectFigures([file], { cache: false, overrides, taps: stale })).figures;
    expect(reread.map(facts)).toEqual(plain.map(facts));

    const same = new FiguresTaps(overrides);
    await same.worker.adopt(file, { stamp, priceStamp: `${PRICE_TABLE}+${overrides.stamp}`, figures: encodeFigures(forged) });
    expect(same.figured.get(file)?.figures.total.calls).toBe(forged.total.calls);
  });
});
