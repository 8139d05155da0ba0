// What one model call cost. The cost the file records wins (pi, omp and
// OpenCode write one); else the user's prices.json; else the price table of
// @pydantic/genai-prices, bundled into our package (its data ships inside it:
// no network at run time). A model none of them knows is unpriced — null,
// never $0.
import type { CallUsage } from "./usage.js";
import { modelKey } from "./usage.js";
import type { PriceOverrides, Rates } from "./price-overrides.js";
import { tableCostOf } from "./table-price.js";
import { requireFromCodeCache } from "../code-cache.js";

/** The bundled table's name and version: part of the figures cache's key (a new table prices again). */
export const PRICE_TABLE = "@pydantic/genai-prices@0.1.8";

type CalcPrice = (typeof import("@pydantic/genai-prices"))["calcPrice"];

export interface Pricer {
  /** Dollars, or null when no price is known for the call's model. The call is read, never kept (priceFigures fills one object in for every call). */
  cost(call: CallUsage): number | null;
  /** PRICE_TABLE and the overrides' stamp: figures priced under another stamp are priced again. */
  stamp: string;
}

const MILLION = 1_000_000;

function fromRates(r: Rates, call: CallUsage): number {
  return (call.input * r.input + call.output * r.output + call.cacheRead * r.cacheRead + call.cacheWrite * r.cacheWrite) / MILLION;
}

/** No model call costs more than this (dollars): a larger figure is an overflow or a forged file, not a cost. */
export const MAX_CALL_COST = 1e9;

/** A cost we can add up and show: finite, not negative, not absurd. Anything else is no cost at all (unpriced). */
export const sane = (n: number | null): number | null => (n !== null && Number.isFinite(n) && n >= 0 && n <= MAX_CALL_COST ? n : null);

/**
 * A pricer. It loads the table (half a megabyte of JavaScript), so it is
 * made only when some call must be priced: a warm run never makes one.
 */
export async function makePricer(overrides: PriceOverrides, loadTable: () => Promise<CalcPrice> = () => loadCalcPrice()): Promise<Pricer> {
  const calc = await loadTable();
  const tableCost = tableCostOf(calc);
  const pricer: Pricer = {
    stamp: `${PRICE_TABLE}+${overrides.stamp}`,
    cost(call) {
      // A recorded cost of 0 with tokens spent is what an agent writes for a
      // model it has no price for: priced here instead, or left unpriced.
      const recorded = sane(call.recordedCost);
      if (recorded !== null && (recorded > 0 || call.input + call.output + call.cacheRead + call.cacheWrite === 0)) {
        return recorded;
      }
      // a cost that overflows (huge counts or rates) is unpriced, never Infinity, NaN or a $0 in disguise
      const own = overrides.rates.size > 0 ? (overrides.rates.get(modelKey(call.provider, call.modelId)) ?? overrides.rates.get(call.modelId)) : undefined;
      if (own) return sane(fromRates(own, call));
      return sane(tableCost(call));
    },
  };
  return pricer;
}

/** Set by the build (scripts/build.mjs) for the commands' bundles: the table as one file of its own, loaded only to price. */
declare const OMP_PRICES_BUNDLE: string | undefined;

/** The table's calcPrice: from its bundle (`bundle`, relative to this bundle; default the commands' OMP_PRICES_BUNDLE), else the package. */
export async function loadCalcPrice(bundle = typeof OMP_PRICES_BUNDLE === "string" ? OMP_PRICES_BUNDLE : undefined): Promise<CalcPrice> {
  if (typeof OMP_PRICES_BUNDLE === "string" && bundle !== undefined) {
    try {
      // (node:module taken only now: loading it at start-up costs every warm run)
      const req = process.getBuiltinModule("node:module").createRequire(import.meta.url);
      // From the code cache the build made of it when there is one of this build (code-cache.ts), else compiled.
      const table = (requireFromCodeCache(req.resolve(bundle)) ?? req(bundle)) as typeof import("@pydantic/genai-prices");
      return table.calcPrice;
    } catch {
      // not built next to us: the package itself
    }
  }
  return (await import("@pydantic/genai-prices")).calcPrice;
}
