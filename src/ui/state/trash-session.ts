// Deleting a session from the list: the file goes to the desktop trash
// through a `trash` command (trash-cli, macOS's trash, …), after the list has
// asked for a yes. Without such a command nothing is deleted: a session file
// is the user's history, and a plain unlink cannot be undone.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { archivedCopyOf } from "../../core/keep/archived.js";
import { keepConfigOrOff } from "../../core/keep/config.js";

export type TrashResult = { ok: boolean; message: string };

export function trashSession(file: string): TrashResult {
  // "--" so a file name starting with "-" is never read as an option.
  const r = spawnSync("trash", ["--", file], { encoding: "utf8", timeout: 30_000 });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") {
    return { ok: false, message: "no `trash` command on this machine (install trash-cli): nothing deleted" };
  }
  if (r.status === 0 && !existsSync(file)) return { ok: true, message: `moved to the trash: ${file}` };
  const why = (r.error?.message ?? r.stderr?.trim() ?? "").split("\n")[0].slice(0, 160) || `exit ${r.status ?? "?"}`;
  return { ok: false, message: `trash failed (${why}): nothing deleted` };
}

/** For the delete question: whether the archive (keep) holds a copy of the file, so its history stays. */
export function archivedNote(file: string): string {
  const config = keepConfigOrOff();
  if (archivedCopyOf(file, process.env, config)) return "an archived copy remains (keep)";
  return config.enabled ? "no archived copy yet (keep --now makes one)" : "no archived copy (keep is off)";
}
