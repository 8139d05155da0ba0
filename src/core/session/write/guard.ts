// What makes a session file unwritable for us, whatever the operation.
import { WriteRefusedError } from "../../errors.js";
import type { Session } from "../model.js";
import { readOnlyReason } from "../agents.js";

/** Throws WriteRefusedError (exit 4) for files we must never append to. */
export function assertAppendable(s: Session): void {
  assertWritable(s);
  if (s.gzip) throw new WriteRefusedError(`${s.file} is an archived (.jsonl.gz) session: it is read-only; fork it to get a writable copy`);
  if (s.version < 2) {
    throw new WriteRefusedError(`${s.file} is a version 1 session (its entries have no ids, so an appended entry could not point at one); fork it to get a version 3 copy, or open it once in the agent to migrate it`);
  }
  if (s.version > 3) throw new WriteRefusedError(`${s.file} is session version ${s.version}, newer than this tool knows; refusing to write to it`);
}

/** Throws WriteRefusedError (exit 4) for another agent's session: those are read-only (the one line session/agents.ts words). */
export function assertWritable(s: Session): void {
  const readOnly = readOnlyReason(s);
  if (readOnly) throw new WriteRefusedError(`${s.file}: ${readOnly}`);
}
