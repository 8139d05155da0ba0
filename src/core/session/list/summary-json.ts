// A listing row as `ls --json` prints it (docs/commands.md): the row's own
// fields, with the `dialect` key the spec names made from its agent.
import type { SessionSummary } from "../model.js";
import { printedDialect } from "../agents.js";

/** The `ls --json` object of a row, keys in the documented order. */
export function summaryJson(s: SessionSummary): Record<string, unknown> {
  const { agent, valid, error, ...rest } = s;
  const o: Record<string, unknown> = { ...rest, dialect: printedDialect(s), agent, valid };
  if (error !== undefined) o.error = error;
  return o;
}
