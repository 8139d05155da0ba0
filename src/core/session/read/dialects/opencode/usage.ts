// OpenCode's token counts in pi's usage shape. OpenCode records, per model
// call (a `step-finish` part) and per message, `tokens: {input, output,
// reasoning, cache: {read, write}}` and a `cost` in dollars it computed from
// its model prices. Its `input` already leaves the cached tokens out (cache
// reads and writes are their own counts), and its `output` leaves reasoning
// out (it prices reasoning at the output rate on top), so pi's `output` — the
// billed output — is output + reasoning.
import { isObj, num, type Obj } from "./records.js";
import type { PiUsage } from "../../dialect-api.js";

/** pi's usage from an OpenCode `tokens` object and `cost`, or null when there are no tokens. */
export function piUsage(tokens: unknown, cost: unknown): PiUsage | null {
  if (!isObj(tokens)) return null;
  const cache: Obj = isObj(tokens.cache) ? tokens.cache : {};
  const reasoning = num(tokens.reasoning);
  const u: PiUsage = {
    input: num(tokens.input),
    output: num(tokens.output) + reasoning,
    cacheRead: num(cache.read),
    cacheWrite: num(cache.write),
    totalTokens: 0,
  };
  u.totalTokens = u.input + u.output + u.cacheRead + u.cacheWrite;
  if (reasoning > 0) u.reasoning = reasoning;
  if (typeof cost === "number" && Number.isFinite(cost)) u.cost = { total: cost };
  return u;
}
