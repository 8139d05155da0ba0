// A session's figures as plain data, every field of SessionFigures: figures
// kept as the cache's text (FiguresTaps, the stats worker's, the cache's own)
// decode their fields on use, so comparing the objects themselves would
// compare how they are kept, not what they hold.
import type { SessionFigures } from "../../src/core/stats/figures.js";

export function figureFacts(f: SessionFigures | null | undefined): Record<string, unknown> | null | undefined {
  if (!f) return f;
  const { file, id, cwd, agent, created, parentSession, subagent, models, branches, total, modelTotals, buckets, calls, inherited, duplicates } = f;
  return { file, id, cwd, agent, created, parentSession, subagent, models, branches, total, modelTotals, buckets, calls, inherited, duplicates };
}
