// Git metadata by reading files (§4.6): no subprocess on the normal path, a
// bounded `git` fallback only when the repository files cannot be read. The
// files come from the user's working directory, so they are opened without
// blocking (a FIFO at .git/HEAD must not hang the hook), read only when they
// are regular files, and never read past a small cap (a 300 MB HEAD is not
// read whole: the facts we want sit in its first bytes).
import { statSync } from "node:fs";
import { readCapped as readCappedFile } from "../fs/read-capped.js";
import { dirname, join, resolve } from "node:path";
import { scrubField } from "./redact.js";
import { isWindowsPath } from "../fs/windows-path.js";

export interface GitInfo {
  remote: string | null;
  branch: string | null;
}

class Unreadable extends Error {}

function findGitEntry(cwd: string): string | null {
  let dir = resolve(cwd);
  for (let i = 0; i < 64; i++) {
    const candidate = join(dir, ".git");
    try {
      statSync(candidate);
      return candidate;
    } catch {}
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
  return null;
}

/** HEAD, commondir and a `.git` file are one line; a config is rarely past a few KiB. */
const SMALL_CAP = 4096;
const CONFIG_CAP = 256 * 1024;

/** The first `cap` bytes of a regular file; anything else (FIFO, device, directory, missing) throws Unreadable. */
export function readCapped(p: string, cap: number): string {
  let buf: Buffer | null;
  try {
    buf = readCappedFile(p, cap, { truncate: true });
  } catch {
    throw new Unreadable(p);
  }
  if (buf === null) throw new Unreadable(p);
  return buf.toString("utf8");
}

const read = (p: string, cap = SMALL_CAP): string => readCapped(p, cap);

function originUrl(config: string): string | null {
  let inOrigin = false;
  let url: string | null = null;
  for (const raw of config.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith("[")) {
      inOrigin = /^\[\s*remote\s+"origin"\s*\]/.test(line);
      continue;
    }
    if (!inOrigin) continue;
    const m = /^url\s*=\s*(.*)$/.exec(line);
    if (m) url = m[1].trim().replace(/^"(.*)"$/, "$1");
  }
  return url || null;
}

function fromFiles(cwd: string): GitInfo {
  const entry = findGitEntry(cwd);
  if (!entry) return { remote: null, branch: null };
  let gitdir = entry;
  if (!statSync(entry).isDirectory()) {
    const m = /^gitdir:\s*(.+)$/m.exec(read(entry).split("\n", 1)[0]);
    if (!m) throw new Unreadable(entry);
    gitdir = resolve(dirname(entry), m[1].trim());
  }
  let common = gitdir;
  try {
    common = resolve(gitdir, read(join(gitdir, "commondir")).trim());
  } catch {}
  const head = read(join(gitdir, "HEAD")).split("\n", 1)[0].trim();
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
  const branch = ref ? ref[1] : null;
  const remote = originUrl(read(join(common, "config"), CONFIG_CAP));
  return { remote, branch };
}

function fromGitCommand(cwd: string): GitInfo {
  // Loaded only here: the hook's normal path never spawns, so it skips the module.
  const { spawnSync } = process.getBuiltinModule("node:child_process") as typeof import("node:child_process");
  // Two calls of 150 ms each keep the total under the 300 ms budget.
  const run = (args: string[]): string | null => {
    try {
      const r = spawnSync("git", args, { cwd, timeout: 150, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], windowsHide: true });
      const out = r.status === 0 ? r.stdout.trim() : "";
      return out || null;
    } catch {
      return null;
    }
  };
  return { remote: run(["config", "--get", "remote.origin.url"]), branch: run(["branch", "--show-current"]) };
}

/** Remote URL (credentials scrubbed) and branch for a working directory. */
export function gitInfo(cwd: string): GitInfo {
  // A Windows dir on POSIX (another machine's agent) is not here: nothing to read, and walking up from a
  // path resolved against the process's dir would give the process's repository instead.
  if (isWindowsPath(cwd) && process.platform !== "win32") return { remote: null, branch: null };
  let info: GitInfo;
  try {
    info = fromFiles(cwd);
  } catch {
    info = fromGitCommand(cwd);
  }
  return { remote: scrubField(info.remote, 1000), branch: scrubField(info.branch, 1000) };
}
