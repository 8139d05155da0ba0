// errors.jsonl (§3.9): the hook's only voice. Fixed messages, never payload text.
import { lstatSync, renameSync } from "node:fs";
import { isoTs } from "./clock.js";
import { appendRecord } from "./jsonfile.js";
import { errorsPath } from "./paths.js";
import { scrubCut } from "./redact.js";

export type HookErrorKind =
  | "stdin-too-large"
  | "invalid-json"
  | "not-an-object"
  | "config-invalid"
  | "lock-timeout"
  | "corrupt-file"
  | "io-error"
  | "internal"
  /** `--harness` names none of the harnesses we know (a typo in a hook config): the event is still recorded. */
  | "unknown-harness"
  /** additions: the pipe stayed open and silent past the idle deadline; a link inside the store was refused */
  | "no-input"
  | "symlink-refused";

const ROTATE_BYTES = 1024 * 1024;

export function logHookError(root: string, kind: HookErrorKind, message: string, harness: string | null = null, bytes: number | null = null): void {
  const path = errorsPath(root);
  try {
    const st = lstatSync(path);
    if (st.isFile() && st.size >= ROTATE_BYTES) renameSync(path, path + ".1");
  } catch {}
  appendRecord(path, { schema_version: 1, ts: isoTs(), event: "hook_error", kind, harness: harness == null ? null : scrubCut(harness, 1000), bytes, message: scrubCut(message, 300) });
}
