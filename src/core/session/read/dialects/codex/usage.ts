// Codex writes its token counts as `event_msg` `token_count` records whose
// `info.total_token_usage` is the session's running total and
// `info.last_token_usage` the latest request's own figures. Codex re-emits a
// token_count with an unchanged running total (rate-limit and UI refreshes):
// summing `last_token_usage` counts those again, so a request's own figures are
// the difference of two running totals. A total that goes down (a spawned
// agent starts its own count after copying its parent's history, a resumed
// process starts at zero) is a reset: that event's `last_token_usage` is the
// request's figures.
//
// OpenAI counts cached prompt tokens inside `input_tokens` and reasoning
// tokens inside `output_tokens`; pi's usage keeps cache reads apart from
// input, so input = input_tokens − cached_input_tokens.
import type { PiUsage } from "../../dialect-api.js";

export interface CodexTokens {
  input: number;
  cached: number;
  output: number;
  reasoning: number;
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);

export function readTokens(v: unknown): CodexTokens | null {
  if (!v || typeof v !== "object") return null;
  const o = v as Record<string, unknown>;
  return {
    input: num(o.input_tokens),
    cached: num(o.cached_input_tokens),
    output: num(o.output_tokens),
    reasoning: num(o.reasoning_output_tokens),
  };
}

const isZero = (t: CodexTokens): boolean => t.input === 0 && t.cached === 0 && t.output === 0 && t.reasoning === 0;

export const addTokens = (a: CodexTokens, b: CodexTokens): CodexTokens => ({
  input: a.input + b.input,
  cached: a.cached + b.cached,
  output: a.output + b.output,
  reasoning: a.reasoning + b.reasoning,
});

/** Turns a session's token_count events, in file order, into each request's own figures. */
export class TokenCounter {
  private prevTotal: CodexTokens | null = null;
  private prevLast: CodexTokens | null = null;

  /** The request's own figures from one token_count `info`, or null when it adds nothing (a re-emit). */
  next(info: unknown): CodexTokens | null {
    if (!info || typeof info !== "object") return null;
    const o = info as Record<string, unknown>;
    const total = readTokens(o.total_token_usage);
    const last = readTokens(o.last_token_usage);
    let own: CodexTokens | null;
    if (total && this.prevTotal) {
      const p = this.prevTotal;
      const d = { input: total.input - p.input, cached: total.cached - p.cached, output: total.output - p.output, reasoning: total.reasoning - p.reasoning };
      if (d.input >= 0 && d.cached >= 0 && d.output >= 0 && d.reasoning >= 0) own = d;
      else own = last ?? total; // a reset
    } else if (total) {
      own = total;
    } else if (last) {
      // No running total to tell a re-emit by: an identical repeat of the previous figures is one.
      own = this.prevLast && sameTokens(this.prevLast, last) ? null : last;
    } else own = null;
    if (total) this.prevTotal = total;
    if (last) this.prevLast = last;
    return own && !isZero(own) ? own : null;
  }
}

const sameTokens = (a: CodexTokens, b: CodexTokens): boolean => a.input === b.input && a.cached === b.cached && a.output === b.output && a.reasoning === b.reasoning;

/** pi's usage for a request: input without the cached part, output with reasoning (as OpenAI bills it). */
export function piUsage(t: CodexTokens): PiUsage {
  const cacheRead = Math.min(t.cached, t.input);
  const input = t.input - cacheRead;
  return { input, output: t.output, cacheRead, cacheWrite: 0, totalTokens: input + cacheRead + t.output };
}
