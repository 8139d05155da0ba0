// The user's own prices: prices.json in the config dir, per model id, in
// dollars per million tokens: {"provider/model" or "model": {input, output,
// cacheRead, cacheWrite}}. A file that does not parse or holds a price that
// is no number is not half-applied: it is ignored, and the caller says why.
import { readTextCapped } from "../fs/read-capped.js";
import { join } from "node:path";
import { hashOf } from "../fs/hash.js";
import { configDir } from "../config-dir.js";
import type { Tokens } from "./usage.js";

/** Dollars per million tokens of each kind. */
export type Rates = Tokens;

export interface PriceOverrides {
  rates: Map<string, Rates>;
  /** Changes whenever the file's contents do (part of the figures cache's key). */
  stamp: string;
  /** Why the file was ignored, or null. */
  error: string | null;
  path: string;
}

export const pricesPath = (env: NodeJS.ProcessEnv = process.env): string => join(configDir(env), "prices.json");

const KINDS = ["input", "output", "cacheRead", "cacheWrite"] as const;

/** The most a million tokens of any kind may cost in prices.json (dollars). */
export const MAX_RATE = 1_000_000;

/** Parses a prices.json text: the rates, or the first problem. */
export function parsePriceOverrides(text: string): { rates: Map<string, Rates> } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { error: `not valid JSON (${(err as Error).message})` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { error: "not a JSON object of model id → prices" };
  const rates = new Map<string, Rates>();
  for (const [model, v] of Object.entries(data as Record<string, unknown>)) {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return { error: `"${model}": not an object of {input, output, cacheRead, cacheWrite}` };
    const r: Rates = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 };
    for (const [k, n] of Object.entries(v as Record<string, unknown>)) {
      if (!(KINDS as readonly string[]).includes(k)) return { error: `"${model}": unknown field "${k}" (input, output, cacheRead, cacheWrite)` };
      if (typeof n !== "number" || !Number.isFinite(n) || n < 0) return { error: `"${model}".${k}: not a price (dollars per million tokens)` };
      // 1e308 is a finite number, but times a token count it is Infinity: no real price comes near this
      if (n > MAX_RATE) return { error: `"${model}".${k}: ${n} is over $${MAX_RATE.toLocaleString("en-US")} per million tokens, not a price` };
      r[k as keyof Rates] = n;
    }
    rates.set(model, r);
  }
  return { rates };
}

/** Reads prices.json (absent: no overrides, no error). */
export function loadPriceOverrides(file: string = pricesPath()): PriceOverrides {
  let text: string;
  try {
    // a regular file of sane size: a FIFO or /dev/zero named prices.json is refused, not waited on
    const got = readTextCapped(file, 16 * 1024 * 1024);
    if (got === null) return { rates: new Map(), stamp: "none", error: null, path: file };
    text = got;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { rates: new Map(), stamp: "none", error: null, path: file };
    return { rates: new Map(), stamp: "none", error: `cannot read it (${(err as Error).message})`, path: file };
  }
  const parsed = parsePriceOverrides(text);
  if ("error" in parsed) return { rates: new Map(), stamp: "none", error: parsed.error, path: file };
  return { rates: parsed.rates, stamp: hashOf("sha256").update(text).digest("hex").slice(0, 16), error: null, path: file };
}
