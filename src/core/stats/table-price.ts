// The bundled price table's cost of a call, memoised per model. calcPrice
// finds the provider and model and checks the table's units on every call
// (about 2 µs a call, most of a cold `stats`). For a model priced by rates
// per million tokens (flat or tiered by the call's whole input; no dated or
// timed prices, no price per request) the cost is the same sum the table
// makes, in its order and with its arithmetic, so it is computed here. Any
// other model, and any call with counts that are not whole numbers, goes to
// calcPrice; each model's first calls are checked against it, and a model
// that ever differs goes to calcPrice from then on.
import type { CallUsage } from "./usage.js";

type CalcPrice = (typeof import("@pydantic/genai-prices"))["calcPrice"];
type TokenField = "input" | "output" | "cacheRead" | "cacheWrite";

/** One priced unit of a model, in the table's order: which count, its rate per million (or its tiers), and whether it is an output price. */
interface Unit {
  field: TokenField;
  rate: number;
  /** Tiered rates: the rate of the last tier whose start the call's whole input exceeds. */
  tiers: { start: number; rate: number }[] | null;
  output: boolean;
}

/** The table's price keys whose counts we report, and the count each one prices. Other keys price counts we never report (0), except a price per request. */
const TOKEN_KEYS: Record<string, { field: TokenField; output: boolean }> = {
  input_mtok: { field: "input", output: false },
  cache_read_mtok: { field: "cacheRead", output: false },
  cache_write_mtok: { field: "cacheWrite", output: false },
  output_mtok: { field: "output", output: true },
};
/** Calls of a model checked against calcPrice before its rates are trusted alone. */
const CHECKED_CALLS = 8;

export type TableCost = (call: CallUsage) => number | null;

/** The table's cost of a call with calcPrice's own arithmetic (null: the table has no price). */
function slowCost(calc: CalcPrice, call: CallUsage): number | null {
  try {
    // genai-prices counts input with the cached tokens in it (the API's way); ours is without.
    const r = calc(
      { input_tokens: call.input + call.cacheRead + call.cacheWrite, output_tokens: call.output, cache_read_tokens: call.cacheRead, cache_write_tokens: call.cacheWrite },
      call.modelId,
      call.provider ? { providerId: call.provider } : undefined,
    );
    return r && Number.isFinite(r.total_price) ? r.total_price : null;
  } catch {
    return null;
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isRate = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

/** A price as a unit's rate or tiers, or null when it is neither. */
function rateOf(price: unknown): Pick<Unit, "rate" | "tiers"> | null {
  if (isRate(price)) return { rate: price, tiers: null };
  if (!isObj(price) || !isRate(price.base) || !Array.isArray(price.tiers)) return null;
  const tiers: { start: number; rate: number }[] = [];
  for (const t of price.tiers as unknown[]) {
    if (!isObj(t) || !isRate(t.price) || typeof t.start !== "number") return null;
    tiers.push({ start: t.start, rate: t.price });
  }
  return { rate: price.base, tiers };
}

/** A model's units from a calcPrice result, or null when its price is anything else (dated or timed prices, a price per request). */
function unitsOf(calc: CalcPrice, call: CallUsage): Unit[] | null {
  let r: ReturnType<CalcPrice>;
  try {
    r = calc({ input_tokens: 1, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0 }, call.modelId, call.provider ? { providerId: call.provider } : undefined);
  } catch {
    return null;
  }
  if (!r || Array.isArray(r.model.prices)) return null;
  const units: Unit[] = [];
  const seen = new Set<TokenField>();
  for (const [key, price] of Object.entries(r.model_price)) {
    if (price === undefined) continue;
    if (key.startsWith("requests")) return null;
    const known = TOKEN_KEYS[key];
    if (!known) continue;
    const rate = rateOf(price);
    if (!rate) return null;
    units.push({ field: known.field, ...rate, output: known.output });
    seen.add(known.field);
  }
  // Without a cache price the table counts those tokens as input: not our counts.
  return seen.has("input") && seen.has("cacheRead") && seen.has("cacheWrite") ? units : null;
}

/** The sum calcPrice makes, in its order and with its arithmetic (a tiered rate goes through per-million and back). */
function unitsCost(units: Unit[], call: CallUsage): number {
  const allInput = call.input + call.cacheRead + call.cacheWrite;
  let input = 0;
  let output = 0;
  for (const u of units) {
    const n = call[u.field];
    let part: number;
    if (u.tiers === null) part = (u.rate * n) / 1_000_000;
    else if (n <= 0) part = 0;
    else {
      let rate = u.rate;
      for (const t of u.tiers) if (allInput > t.start) rate = t.rate;
      part = (((rate * n) / 1_000_000) * 1_000_000) / 1_000_000;
    }
    if (u.output) output += part;
    else input += part;
  }
  return input + output + 0;
}

const whole = (call: CallUsage): boolean =>
  Number.isSafeInteger(call.input + call.output + call.cacheRead + call.cacheWrite) && Number.isInteger(call.input) && Number.isInteger(call.output) && Number.isInteger(call.cacheRead) && Number.isInteger(call.cacheWrite);

/** The table's cost function over `calc`, memoised per (provider, model). */
export function tableCostOf(calc: CalcPrice): TableCost {
  /** Per model: its units and how many calls are left to check, or null (always calcPrice). */
  const models = new Map<string, { units: Unit[]; toCheck: number } | null>();
  // Calls come in runs of one model: the last one's entry is kept at hand (no key made per call).
  let lastProvider = "";
  let lastModelId = "";
  let last: { units: Unit[]; toCheck: number } | null | undefined;
  return (call) => {
    if (!call.modelId) return null;
    if (!whole(call)) return slowCost(calc, call);
    let m = call.modelId === lastModelId && call.provider === lastProvider ? last : undefined;
    if (m === undefined) {
      const key = `${call.provider}\u0000${call.modelId}`;
      m = models.get(key);
      if (m === undefined) {
        const units = unitsOf(calc, call);
        m = units ? { units, toCheck: CHECKED_CALLS } : null;
        models.set(key, m);
      }
      lastProvider = call.provider;
      lastModelId = call.modelId;
      last = m;
    }
    if (m === null) return slowCost(calc, call);
    const cost = unitsCost(m.units, call);
    if (m.toCheck > 0) {
      m.toCheck--;
      const slow = slowCost(calc, call);
      if (slow !== cost) {
        models.set(`${call.provider}\u0000${call.modelId}`, null);
        last = null;
        return slow;
      }
    }
    return cost;
  };
}
