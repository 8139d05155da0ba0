import { loadSession } from "../../core/session/index.js";
import type { LoadOptions, Session } from "../../core/session/index.js";
import { jsonText } from "../../core/session/index.js";
import { UsageError } from "../command.js";
import { stdout } from "../stdout.js";
import { assertWritable } from "../../core/session/index.js";

/** Loads FILE for a command; a missing argument is a usage error, a bad file a SessionError (exit 3). */
export async function loadArg(file: string | undefined, opts?: LoadOptions): Promise<Session> {
  if (!file) throw new UsageError("missing FILE");
  return loadSession(file, opts);
}

/** Loads FILE for a write command (label, continue, fork, rename): a read-only format is refused (exit 4) before anything else. */
export async function loadWritableArg(file: string | undefined): Promise<Session> {
  const s = await loadArg(file);
  assertWritable(s);
  return s;
}

/** One JSON document on stdout; any nesting depth (json-text.ts). */
export function printJson(value: unknown): void {
  stdout().write(jsonText(value) + "\n");
}
