// For `status`: is each harness wired to the hook (user and project scope),
// and when did it last call it (the newest write to its per-session state in
// the store).
import { readdirSync, statSync } from "node:fs";
import { readTextCapped } from "../fs/read-capped.js";
import { join } from "node:path";
import { stateDir } from "../capture/paths.js";
import { FILE_MARKER } from "./adapter-files.js";
import { captureHooks, isTagged, parseSettings } from "./settings-merge.js";
import { HARNESSES, targetOf, type HarnessName, type Scope } from "./targets.js";

export interface Wiring {
  harness: HarnessName;
  /** Where it is wired: scope, file, and whether install-hooks wrote it or it was written by hand. */
  wired: { scope: Scope; file: string; by: "install-hooks" | "hand" }[];
  /** A settings file that could not be read as JSON. */
  problems: string[];
  /** ISO time of the last hook call recorded in the store, or null. */
  lastCall: string | null;
}

function wiredIn(h: HarnessName, scope: Scope, cwd: string, env: NodeJS.ProcessEnv, home?: string): { w: Wiring["wired"]; problem: string | null } {
  const t = targetOf(h, scope, cwd, env, home);
  let text: string;
  try {
    // a FIFO or /dev/zero planted as settings.json must not hang or fill memory: read as a capped regular file
    const read = readTextCapped(t.file, 4 * 1024 * 1024);
    if (read === null) return { w: [], problem: null };
    text = read;
  } catch (err) {
    return { w: [], problem: `${t.file}: ${(err as Error).message.replace(t.file + ": ", "")}` };
  }
  if (t.kind === "file") {
    return { w: [{ scope, file: t.file, by: text.slice(0, 200).includes(FILE_MARKER) ? "install-hooks" : "hand" }], problem: null };
  }
  try {
    const hooks = captureHooks(parseSettings(text));
    if (hooks.length === 0) return { w: [], problem: null };
    return { w: [{ scope, file: t.file, by: hooks.some((x) => isTagged(x.command)) ? "install-hooks" : "hand" }], problem: null };
  } catch (err) {
    return { w: [], problem: `${t.file}: ${(err as Error).message}` };
  }
}

/** The newest mtime among a harness's state files in the store. */
function lastCall(root: string, h: HarnessName): string | null {
  const dir = join(stateDir(root), h);
  let newest = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  for (const n of names) {
    if (!n.endsWith(".json")) continue;
    try {
      newest = Math.max(newest, statSync(join(dir, n)).mtimeMs);
    } catch {
      // removed meanwhile
    }
  }
  return newest > 0 ? new Date(newest).toISOString() : null;
}

export function hookWiring(root: string, cwd: string, env: NodeJS.ProcessEnv = process.env, home?: string): Wiring[] {
  return HARNESSES.map((h) => {
    const user = wiredIn(h, "user", cwd, env, home);
    // Run from the home folder, the project's files are the user's: counted once.
    const same = targetOf(h, "project", cwd, env, home).file === targetOf(h, "user", cwd, env, home).file;
    const project = same ? { w: [], problem: null } : wiredIn(h, "project", cwd, env, home);
    return {
      harness: h,
      wired: [...user.w, ...project.w],
      problems: [user.problem, project.problem].filter((p): p is string => p !== null),
      lastCall: lastCall(root, h),
    };
  });
}
