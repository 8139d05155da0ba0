import { loadSession } from "../../core/session/tree/load.js";
import type { Session } from "../../core/session/model.js";
import { jsonText } from "../../core/session/text/json-text.js";
import { UsageError } from "../command.js";
import { stdout } from "../stdout.js";

/** Loads FILE for a command; a missing argument is a usage error, a bad file a SessionError (exit 3). */
export async function loadArg(file: string | undefined): Promise<Session> {
  if (!file) throw new UsageError("missing FILE");
  return loadSession(file);
}

/** One JSON document on stdout; any nesting depth (json-text.ts). */
export function printJson(value: unknown): void {
  stdout().write(jsonText(value) + "\n");
}
