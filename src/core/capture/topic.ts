// Where a topic's raw notes live (§10): HUB/wikis.json, else HUB/topics/<slug>.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { guardTree, isLinkRefused, LinkRefusedError } from "../fs/guard.js";
import { isAbsolute, join, resolve } from "node:path";
import { CaptureConfigError, CaptureNotFoundError } from "./errors.js";
import { expandHome } from "../fs/home-path.js";
import { slug } from "./serialize.js";

/** `HUB/wikis.json`'s `wikis` map (missing file = empty); throws CaptureConfigError when invalid. */
function readWikis(hub: string): Record<string, unknown> {
  const file = join(hub, "wikis.json");
  let wikis: Record<string, unknown> = {};
  if (existsSync(file)) {
    let v: unknown;
    try {
      v = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      throw new CaptureConfigError(`invalid wikis.json (not JSON): ${file}`);
    }
    if (!v || typeof v !== "object" || Array.isArray(v)) throw new CaptureConfigError(`invalid wikis.json (not a JSON object): ${file}`);
    wikis = v as Record<string, unknown>;
  }
  return wikis.wikis && typeof wikis.wikis === "object" && !Array.isArray(wikis.wikis) ? (wikis.wikis as Record<string, unknown>) : {};
}

export function topicDir(hub: string, topic: string): string {
  const s = slug(topic);
  const entry = readWikis(hub)[s] as Record<string, unknown> | undefined;
  const p = entry && typeof entry === "object" && typeof entry.path === "string" && entry.path ? entry.path : null;
  if (!p) return join(hub, "topics", s);
  if (p === "." || p === "<HUB>" || p === "HUB") return hub;
  for (const prefix of ["<HUB>/", "HUB/"]) if (p.startsWith(prefix)) return resolve(hub, p.slice(prefix.length));
  const expanded = expandHome(p);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(hub, expanded);
}

/**
 * `<topic>/raw/notes`, which must already exist (it is never created). The
 * topic folder may be a link (wikis.json points anywhere); `raw` and `notes`
 * below it may not, and nothing under it is written through one.
 */
export function rawNotesDir(hub: string, topic: string): string {
  const top = topicDir(hub, topic);
  const dir = join(top, "raw", "notes");
  guardTree(top);
  for (const d of [join(top, "raw"), dir]) {
    try {
      if (lstatSync(d).isSymbolicLink()) throw new LinkRefusedError(d);
    } catch (err) {
      if (isLinkRefused(err)) throw err;
    }
  }
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {}
  if (!ok) throw new CaptureNotFoundError(`topic raw notes directory not found: ${dir}`);
  return dir;
}

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

export interface TopicInfo {
  /** The name to promote with (a wikis.json key or a folder under HUB/topics). */
  name: string;
  dir: string;
  /** `<topic>/raw/notes` exists, so promotion can write there. */
  ready: boolean;
}

/** Topics a promotion can target: wikis.json entries and folders under HUB/topics, by name. */
export function listTopics(hub: string): TopicInfo[] {
  const names = new Set(Object.keys(readWikis(hub)));
  try {
    for (const d of readdirSync(join(hub, "topics"), { withFileTypes: true })) if (d.isDirectory() && !d.name.startsWith(".")) names.add(d.name);
  } catch {}
  return [...names]
    .sort((a, b) => a.localeCompare(b))
    .map((name) => {
      const dir = topicDir(hub, name);
      return { name, dir, ready: isDir(join(dir, "raw", "notes")) };
    });
}

/**
 * Makes a topic promotable by creating its `raw/notes` (an explicit user act:
 * promotion itself never creates it). Returns the topic as listTopics would.
 */
export function createTopic(hub: string, name: string): TopicInfo {
  const s = slug(name);
  if (!/[a-z0-9]/.test(name.toLowerCase())) throw new CaptureConfigError(`not a usable topic name: ${JSON.stringify(name)}`);
  const dir = topicDir(hub, s);
  mkdirSync(join(dir, "raw", "notes"), { recursive: true });
  // Promotion appends to log.md only when it exists (§10): a topic made here starts one, so its promotions are logged.
  try {
    writeFileSync(join(dir, "log.md"), `# ${s}\n`, { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  return { name: s, dir, ready: true };
}
