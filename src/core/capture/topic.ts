// Where a topic's raw notes live (§10): HUB/wikis.json, else HUB/topics/<slug>.
import { existsSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { CaptureConfigError, CaptureNotFoundError } from "./errors.js";
import { expandHome } from "./hub.js";
import { slug } from "./serialize.js";

export function topicDir(hub: string, topic: string): string {
  const s = slug(topic);
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
  const entry = (wikis.wikis && typeof wikis.wikis === "object" ? (wikis.wikis as Record<string, unknown>)[s] : undefined) as Record<string, unknown> | undefined;
  const p = entry && typeof entry === "object" && typeof entry.path === "string" && entry.path ? entry.path : null;
  if (!p) return join(hub, "topics", s);
  if (p === "." || p === "<HUB>" || p === "HUB") return hub;
  for (const prefix of ["<HUB>/", "HUB/"]) if (p.startsWith(prefix)) return resolve(hub, p.slice(prefix.length));
  const expanded = expandHome(p);
  return isAbsolute(expanded) ? resolve(expanded) : resolve(hub, expanded);
}

/** `<topic>/raw/notes`, which must already exist (it is never created). */
export function rawNotesDir(hub: string, topic: string): string {
  const dir = join(topicDir(hub, topic), "raw", "notes");
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {}
  if (!ok) throw new CaptureNotFoundError(`topic raw notes directory not found: ${dir}`);
  return dir;
}
