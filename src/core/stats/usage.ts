// One model call's usage, read from a pi-shaped entry (docs/session-format.md §3):
// an assistant message's `usage`, omp's `model_usage` entry (a side call —
// a title, a memory — that costs tokens too but is no message), and what pi
// 1.6.0 adds: `usage` entries, and usage on tool results and summaries.
import { parseIsoTime } from "../session/index.js";

type Obj = Record<string, unknown>;

export interface Tokens {
  /** Input tokens without the cached ones (the dialect contract's `input`). */
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface CallUsage extends Tokens {
  /** `usage.cost.total` when the file records a cost, else null (priced from the table). */
  recordedCost: number | null;
  provider: string;
  modelId: string;
  /** Milliseconds since the epoch; NaN when the entry has no readable time. */
  time: number;
  /** The provider's id of the response (pi's `responseId`), "" when not recorded: copies of one response count once. */
  responseId: string;
}

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** A count from a file: a finite, non-negative number, else 0 (a damaged field costs that field only). */
const count = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : 0);
const text = (v: unknown): string => (typeof v === "string" ? v : "");

function timeOf(entry: Obj, message: Obj | null): number {
  const t = typeof entry.timestamp === "string" ? parseIsoTime(entry.timestamp) : NaN;
  if (Number.isFinite(t)) return t;
  const m = message?.timestamp;
  return typeof m === "number" && Number.isFinite(m) ? m : NaN;
}

function fromUsage(usage: unknown, holder: Obj, entry: Obj, message: Obj | null): CallUsage | null {
  if (!isObj(usage)) return null;
  const cost = isObj(usage.cost) && typeof usage.cost.total === "number" && Number.isFinite(usage.cost.total) ? usage.cost.total : null;
  return {
    input: count(usage.input),
    output: count(usage.output),
    cacheRead: count(usage.cacheRead),
    cacheWrite: count(usage.cacheWrite),
    recordedCost: cost,
    provider: text(holder.provider),
    modelId: text(holder.model),
    time: timeOf(entry, message),
    responseId: text(holder.responseId),
  };
}

/**
 * Whether an entry of this type (and message role) may carry usage: what pi
 * 1.6.0's own session totals count (AgentSession.getSessionStats: assistant
 * messages, tool results, `usage` entries, compactions and branch summaries)
 * and omp's model_usage side calls.
 */
export function mayCarryUsage(type: string, role: string | undefined): boolean {
  if (type === "message") return role === "assistant" || role === "toolResult";
  return type === "model_usage" || type === "usage" || type === "compaction" || type === "branch_summary";
}

/** The model Claude Code names in the assistant messages it makes itself (shown, never sent; context.ts leaves them out too). */
const SYNTHETIC_MODEL = "<synthetic>";

/** The model pi 1.6.0 files usage under when no model made it (a tool's, a summary's): its "Tools/summaries". */
export const TOOLS_AND_SUMMARIES = "(tools and summaries)";

/** The usage an entry carries, or null (not a model call, or no usage recorded). */
export function callUsage(entry: Obj): CallUsage | null {
  switch (entry.type) {
    case "message": {
      const m = entry.message;
      if (!isObj(m)) return null;
      // Claude Code's own messages (an API error, an interruption, "No response requested.") carry the model
      // "<synthetic>" and no tokens: no model made them, so they are no call (not an unpriced one).
      if (m.role === "assistant") return m.model === SYNTHETIC_MODEL ? null : fromUsage(m.usage, m, entry, m);
      // pi 1.6.0: a tool that called a model itself records what it spent.
      if (m.role === "toolResult") return fromUsage(m.usage, { model: TOOLS_AND_SUMMARIES }, entry, m);
      return null;
    }
    // omp's side call (a title, a memory) and pi 1.6.0's usage outside any message (a cache warm-up): the entry names the model.
    case "model_usage":
    case "usage":
      return fromUsage(entry.usage, entry, entry, null);
    // pi 1.6.0: what writing the summary cost.
    case "compaction":
    case "branch_summary":
      return fromUsage(entry.usage, { model: TOOLS_AND_SUMMARIES }, entry, null);
    default:
      return null;
  }
}

/** "provider/model", or whichever of the two is known ("" when neither). */
export function modelKey(provider: string, modelId: string): string {
  if (!provider) return modelId;
  if (!modelId) return provider;
  return `${provider}/${modelId}`;
}

export const tokenSum = (t: Tokens): number => t.input + t.output + t.cacheRead + t.cacheWrite;
