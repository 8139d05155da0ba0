// install-hooks: plan every change first (what `--dry-run` prints), then
// apply it. Settings files get our tagged groups merged in; the first change
// keeps the file as it was (`FILE.omp-sessions.orig`, or a
// `FILE.omp-sessions.none` marker when there was no file) and every change a
// backup of what it replaces (`FILE.omp-sessions.bak`). --uninstall takes our
// groups out again and, when what is left is what was there before, puts the
// original bytes back (or removes a file we created). A file that is not
// valid JSON, or not shaped like hooks settings, is left alone.
import { existsSync, lstatSync, readdirSync, realpathSync, rmdirSync, statSync, unlinkSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { atomicWrite } from "../fs/atomic.js";
import { ensureDir } from "../fs/dir.js";
import { readCapped, UnsafeFileError } from "../fs/read-capped.js";
import { shellWord } from "../agents/shell-word.js";
import { extensionFile, FILE_MARKER, opencodePlugin } from "./adapter-files.js";
import { addHooks, insertHooksText, parseSettings, printSettings, removeHooks, removeHooksText, sameJson, TAG, type ParsedSettings } from "./settings-merge.js";
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
  /** A folder to remove after the file when nothing is left in it (our extensions/ or plugins/). */
  dropDirIfEmpty?: string;
}

export const ORIG = ".omp-sessions.orig";
export const NONE = ".omp-sessions.none";
export const BAK = ".omp-sessions.bak";

/** The hook's shell command for one harness. */
export const hookCommand = (base: string[], harness: string): string => [...base.map(shellWord), "hook", "--harness", harness, "--if-enabled", TAG].join(" ");

/** A settings file is small; anything larger than this is not one we edit. */
const SETTINGS_CAP = 4 * 1024 * 1024;

/** A file we read (settings, plugin, our markers): a regular file, capped; a FIFO or device throws UnsafeFileError. */
const read = (file: string, noFollow = false): Buffer | null => readCapped(file, SETTINGS_CAP, { noFollow });

/**
 * Why install-hooks must not touch a target, or null. Our own files (the
 * .orig, .none and .bak beside a settings file) are never links: a planted
 * link would send a backup over whatever it points to. Under --project the
 * files are a repository's: the config folder, every folder between the
 * project and the file, and the file itself must not be links either.
 */
function linkProblem(t: Target, o: InstallOptions): string | null {
  const ours = t.kind === "settings" ? [t.file + ORIG, t.file + NONE, t.file + BAK] : [];
  for (const f of ours) {
    const st = lstatSync(f, { throwIfNoEntry: false });
    if (st?.isSymbolicLink()) return `${f} is a symbolic link, not a file install-hooks wrote: left alone (remove it to continue)`;
    if (st && !st.isFile()) return `${f} is not a regular file: left alone`;
  }
  if (o.scope !== "project") return null;
  const rel = relative(o.cwd, t.file);
  let cur = o.cwd;
  for (const part of rel.split(sep)) {
    cur = join(cur, part);
    if (lstatSync(cur, { throwIfNoEntry: false })?.isSymbolicLink()) {
      return `${cur} is a symbolic link: a project's hook files are not followed out of the project (--project refuses it; install for the user instead)`;
    }
  }
  return null;
}

function settingsChange(t: Extract<Target, { kind: "settings" }>, o: InstallOptions): Change {
  const c: Change = { harness: t.harness, file: t.file, action: "unchanged", detail: [] };
  let before: Buffer | null;
  let p: ParsedSettings;
  try {
    before = read(t.file);
    p = parseSettings(before?.toString("utf8") ?? "");
  } catch (err) {
    if (err instanceof UnsafeFileError) return { ...c, action: "error", detail: [`${err.reason}: left alone`] };
    return { ...c, action: "error", detail: [`not valid hooks settings (${(err as Error).message}): left alone; add the hooks by hand (see docs/capture.md)`] };
  }
  const text = before?.toString("utf8") ?? "";
  if (!o.uninstall) {
    const command = hookCommand(o.base, t.harness);
    const r = addHooks(p, t.events, command);
    if (r.byHand.length) c.detail.push(`already wired by hand: ${r.byHand.join(", ")} (left as it is)`);
    if (r.added.length === 0) {
      if (!r.byHand.length) c.detail.push("already installed");
      return c;
    }
    // our groups go into the text itself: every other byte stays the user's
    try {
      c.after = before ? insertHooksText(text, p, r.added) : printSettings(p);
    } catch (err) {
      return { ...c, action: "error", detail: [`${(err as Error).message}: left alone; add the hooks by hand (see docs/capture.md)`] };
    }
    c.action = before ? "update" : "create";
    c.detail.push(...r.added.map((e) => `+ ${e}: ${command}`));
    c.keep = [];
    if (!existsSync(t.file + ORIG) && !existsSync(t.file + NONE)) c.keep.push(before ? { path: t.file + ORIG, data: before } : { path: t.file + NONE, data: Buffer.alloc(0) });
    if (before) c.keep.push({ path: t.file + BAK, data: before });
    return c;
  }
  // what we left beside the file goes whatever happens to the file
  const leftovers = [t.file + ORIG, t.file + NONE, t.file + BAK].filter((f) => existsSync(f));
  if (!before) return leftovers.length ? { ...c, action: "remove", drop: leftovers, detail: ["no such file; our backups removed"] } : { ...c, detail: ["no such file"] };
  const touched = removeHooks(p);
  if (touched.length === 0) return leftovers.length ? { ...c, action: "update", drop: leftovers, detail: ["no hooks of ours; our backups removed"] } : { ...c, detail: ["no hooks of ours"] };
  c.detail.push(...touched.map((e) => `- ${e}`));
  let orig: Buffer | null = null;
  try {
    orig = read(t.file + ORIG, true);
  } catch {
    // an original we cannot read is not restored
  }
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
    c.after = removeHooksText(text);
  }
  c.drop = [t.file + ORIG, t.file + NONE, t.file + BAK];
  return c;
}

function fileChange(t: Extract<Target, { kind: "file" }>, o: InstallOptions): Change {
  const c: Change = { harness: t.harness, file: t.file, action: "unchanged", detail: [] };
  let before: Buffer | null;
  try {
    before = read(t.file);
  } catch (err) {
    if (err instanceof UnsafeFileError) return { ...c, action: "error", detail: [`${err.reason}: left alone`] };
    throw err;
  }
  const ours = before !== null && before.subarray(0, 200).toString("utf8").includes(FILE_MARKER);
  if (before && !ours) return { ...c, action: "error", detail: ["the file exists and was not written by install-hooks: left alone"] };
  if (o.uninstall) {
    if (!before) return { ...c, detail: ["no such file"] };
    return { ...c, action: "remove", after: null, detail: ["- the capture " + (t.harness === "opencode" ? "plugin" : "extension")], dropDirIfEmpty: dirname(t.file) };
  }
  const text = t.harness === "opencode" ? opencodePlugin(o.base) : extensionFile(o.base, t.harness as "omp" | "pi");
  if (before?.toString("utf8") === text) return { ...c, detail: ["already installed"] };
  const what = t.harness === "opencode" ? "plugin" : "extension";
  const detail = [`+ the capture ${what} (${text.split("\n").length - 1} lines), running ${hookCommand(o.base, t.harness)}`];
  // say so before making a folder the harness looks in (OpenCode's ~/.config/opencode/plugins may not exist yet)
  if (!existsSync(dirname(t.file))) detail.unshift(`creating ${dirname(t.file)} (where ${t.harness === "opencode" ? "OpenCode loads plugins" : "it loads extensions"} from)`);
  return { ...c, action: before ? "update" : "create", after: text, detail };
}

/** Every change install-hooks would make (nothing is written). */
export function planInstall(o: InstallOptions): Change[] {
  return o.harnesses.map((h) => {
    const t = targetOf(h, o.scope, o.cwd, o.env, o.home);
    if (!o.explicit && !o.uninstall && !existsSync(t.home) && !(t.alsoInstalled ?? []).some((d) => existsSync(d))) {
      return { harness: h, file: t.file, action: "skip" as const, detail: [`not installed here (no ${t.home}); name it to install anyway`] };
    }
    const problem = linkProblem(t, o);
    if (problem) return { harness: h, file: t.file, action: "error" as const, detail: [problem] };
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

function removeIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // gone or not ours to remove
  }
}

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
    if (c.after === undefined && !c.drop?.length) continue;
    // A settings file may hold keys: its copies are as private as it is.
    const mode = modeOf(c.file, 0o644);
    // our markers are written as themselves: the rename replaces whatever is at the path, never follows it
    for (const k of c.keep ?? []) atomicWrite(k.path, k.data, mode);
    if (c.after === null) unlinkSync(c.file);
    else if (c.after !== undefined) writeKeeping(c.file, c.after, mode);
    for (const d of c.drop ?? []) {
      try {
        unlinkSync(d);
      } catch {
        // not there
      }
    }
    if (c.dropDirIfEmpty) removeIfEmpty(c.dropDirIfEmpty);
  }
}
