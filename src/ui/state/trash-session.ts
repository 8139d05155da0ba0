// Deleting a session from the list: the file goes to the desktop trash
// through a trash command (trash-cli's `trash` or `trash-put`, macOS's
// `trash`, GNOME's `gio trash`), after the list has asked for a yes. Without
// such a command nothing is deleted: a session file is the user's history,
// and a plain unlink cannot be undone.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";
import { archivedCopyOf } from "../../core/keep/archived.js";
import { keepConfigOrOff } from "../../core/keep/config.js";

export type TrashResult = { ok: boolean; message: string };

/** The commands tried, in order: the program and the arguments before the file. */
const COMMANDS: { bin: string; args: string[] }[] = [
  { bin: "trash", args: ["--"] },
  { bin: "trash-put", args: ["--"] },
  { bin: "gio", args: ["trash", "--"] },
];

export const NO_TRASH = "no trash command on this machine (install trash-cli, or use a desktop with `gio trash`): nothing can be deleted from here";

function onPath(bin: string): boolean {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, bin);
    try {
      if (!statSync(p).isFile()) continue;
      accessSync(p, constants.X_OK);
      return true;
    } catch {
      // not here
    }
  }
  return false;
}

/** The first trash command on the PATH, or null (checked before the list asks for a yes). */
export function findTrashCommand(): { bin: string; args: string[] } | null {
  return COMMANDS.find((c) => onPath(c.bin)) ?? null;
}

export function trashSession(file: string): TrashResult {
  const cmd = findTrashCommand();
  if (!cmd) return { ok: false, message: NO_TRASH };
  // "--" so a file name starting with "-" is never read as an option.
  const r = spawnSync(cmd.bin, [...cmd.args, file], { encoding: "utf8", timeout: 30_000 });
  if (r.status === 0 && !existsSync(file)) return { ok: true, message: `moved to the trash: ${file}` };
  const why = (r.error?.message ?? r.stderr?.trim() ?? "").split("\n")[0].slice(0, 160) || `exit ${r.status ?? "?"}`;
  return { ok: false, message: `${[cmd.bin, ...cmd.args.slice(0, -1)].join(" ")} failed (${why}): nothing deleted` };
}

/** For the delete question: whether the archive (keep) holds a copy of the file, so its history stays. */
export function archivedNote(file: string): string {
  const config = keepConfigOrOff();
  if (archivedCopyOf(file, process.env, config)) return "an archived copy remains (keep)";
  return config.enabled ? "no archived copy yet (keep --now makes one)" : "no archived copy (keep is off)";
}
