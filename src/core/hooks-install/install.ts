// install-hooks: plan every change first (what `--dry-run` prints), then
// apply it. Settings files get our tagged groups merged in; the first change
// keeps the file as it was (`FILE.omp-sessions.orig`, or a
// `FILE.omp-sessions.none` marker when there was no file) and every change a
// backup of what it replaces (`FILE.omp-sessions.bak`). --uninstall takes our
// groups out again and, when what is left is what was there before, puts the
// original bytes back (or removes a file we created). A file that is not
// valid JSON, or not shaped like hooks settings, is left alone.
import { existsSync, readFileSync, realpathSync, statSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { atomicWrite } from "../fs/atomic.js";
import { ensureDir } from "../fs/dir.js";
import { shellWord } from "../agents/shell-word.js";
import { extensionFile, FILE_MARKER, opencodePlugin } from "./adapter-files.js";
import { addHooks, parseSettings, printSettings, removeHooks, sameJson, TAG, type ParsedSettings } from "./settings-merge.js";
import { targetOf, type HarnessName, type Scope, type Target } from "./targets.js";

export interface InstallOptions {
  harnesses: HarnessName[];
  /** Named on the command line (not `all`): installed even when the harness's folder is absent. */
  explicit: boolean;
  scope: Scope;
  cwd: string;
  uninstall: boolean;
  /** How the hook is started: the program and any words before `hook`. */
  base: string[];
  env?: NodeJS.ProcessEnv;
  home?: string;
}

export type Action = "create" | "update" | "remove" | "unchanged" | "skip" | "error";

export interface Change {
  harness: HarnessName;
  file: string;
  action: Action;
  /** What changes, one line each ("+ Stop: …", "- Stop"), or why nothing does. */
  detail: string[];
  /** The bytes to write; null removes the file. Absent: nothing to write. */
  after?: string | Buffer | null;
  /** Files written before it (backups, the original), and removed after it. */
  keep?: { path: string; data: Buffer }[];
  drop?: string[];
}

export const ORIG = ".omp-sessions.orig";
export const NONE = ".omp-sessions.none";
export const BAK = ".omp-sessions.bak";

/** The hook's shell command for one harness. */
export const hookCommand = (base: string[], harness: string): string => [...base.map(shellWord), "hook", "--harness", harness, "--if-enabled", TAG].join(" ");

function read(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

function settingsChange(t: Extract<Target, { kind: "settings" }>, o: InstallOptions): Change {
  const c: Change = { harness: t.harness, file: t.file, action: "unchanged", detail: [] };
  const before = read(t.file);
  let p: ParsedSettings;
  try {
    p = parseSettings(before?.toString("utf8") ?? "");
  } catch (err) {
    return { ...c, action: "error", detail: [`not valid hooks settings (${(err as Error).message}): left alone; add the hooks by hand (see docs/capture.md)`] };
  }
  if (!o.uninstall) {
    const command = hookCommand(o.base, t.harness);
    const r = addHooks(p, t.events, command);
    if (r.byHand.length) c.detail.push(`already wired by hand: ${r.byHand.join(", ")} (left as it is)`);
    if (r.added.length === 0) {
      if (!r.byHand.length) c.detail.push("already installed");
      return c;
    }
    c.action = before ? "update" : "create";
    c.detail.push(...r.added.map((e) => `+ ${e}: ${command}`));
    c.after = printSettings(p);
    c.keep = [];
    if (!existsSync(t.file + ORIG) && !existsSync(t.file + NONE)) c.keep.push(before ? { path: t.file + ORIG, data: before } : { path: t.file + NONE, data: Buffer.alloc(0) });
    if (before) c.keep.push({ path: t.file + BAK, data: before });
    return c;
  }
  if (!before) return { ...c, detail: ["no such file"] };
  const touched = removeHooks(p);
  if (touched.length === 0) return { ...c, detail: ["no hooks of ours"] };
  c.detail.push(...touched.map((e) => `- ${e}`));
  const orig = read(t.file + ORIG);
  let origDoc: unknown = undefined;
  try {
    origDoc = orig ? parseSettings(orig.toString("utf8")).doc : undefined;
  } catch {
    // an original we cannot read back is not restored
  }
  if (orig && origDoc !== undefined && sameJson(origDoc, p.doc)) {
    c.action = "update";
    c.after = orig;
    c.detail.push("the file as it was before install-hooks, byte for byte");
  } else if (existsSync(t.file + NONE) && Object.keys(p.doc).length === 0) {
    c.action = "remove";
    c.after = null;
    c.detail.push("install-hooks created it: removed");
  } else {
    c.action = "update";
    c.after = printSettings(p);
  }
  c.keep = [{ path: t.file + BAK, data: before }];
  c.drop = [t.file + ORIG, t.file + NONE];
  return c;
}

function fileChange(t: Extract<Target, { kind: "file" }>, o: InstallOptions): Change {
  const c: Change = { harness: t.harness, file: t.file, action: "unchanged", detail: [] };
  const before = read(t.file);
  const ours = before !== null && before.subarray(0, 200).toString("utf8").includes(FILE_MARKER);
  if (before && !ours) return { ...c, action: "error", detail: ["the file exists and was not written by install-hooks: left alone"] };
  if (o.uninstall) {
    if (!before) return { ...c, detail: ["no such file"] };
    return { ...c, action: "remove", after: null, detail: ["- the capture " + (t.harness === "opencode" ? "plugin" : "extension")] };
  }
  const text = t.harness === "opencode" ? opencodePlugin(o.base) : extensionFile(o.base, t.harness as "omp" | "pi");
  if (before?.toString("utf8") === text) return { ...c, detail: ["already installed"] };
  const what = t.harness === "opencode" ? "plugin" : "extension";
  return { ...c, action: before ? "update" : "create", after: text, detail: [`+ the capture ${what} (${text.split("\n").length - 1} lines), running ${hookCommand(o.base, t.harness)}`] };
}

/** Every change install-hooks would make (nothing is written). */
export function planInstall(o: InstallOptions): Change[] {
  return o.harnesses.map((h) => {
    const t = targetOf(h, o.scope, o.cwd, o.env, o.home);
    if (!o.explicit && !o.uninstall && !existsSync(t.home)) {
      return { harness: h, file: t.file, action: "skip" as const, detail: [`not installed here (no ${t.home}); name it to install anyway`] };
    }
    return t.kind === "settings" ? settingsChange(t, o) : fileChange(t, o);
  });
}

const modeOf = (file: string, fallback: number): number => {
  try {
    return statSync(file).mode & 0o777;
  } catch {
    return fallback;
  }
};

/** Writes a file through a symlink (a dotfiles link stays a link), keeping its mode. */
function writeKeeping(file: string, data: string | Buffer, mode: number): void {
  let target = file;
  try {
    target = realpathSync(file);
  } catch {
    ensureDir(dirname(file));
  }
  atomicWrite(target, data, mode);
}

/** Applies planned changes: backups first, then the file, then the markers it retires. */
export function applyChanges(changes: Change[]): void {
  for (const c of changes) {
    if (c.after === undefined) continue;
    // A settings file may hold keys: its copies are as private as it is.
    const mode = modeOf(c.file, 0o644);
    for (const k of c.keep ?? []) writeKeeping(k.path, k.data, mode);
    if (c.after === null) unlinkSync(c.file);
    else writeKeeping(c.file, c.after, mode);
    for (const d of c.drop ?? []) {
      try {
        unlinkSync(d);
      } catch {
        // not there
      }
    }
  }
}
