// Where the store lives (§2): --local > --hub > OMP_SESSIONS_HUB > the llm-wiki
// config's hub_path / resolved_path > ~/wiki. Always absolute.
import { readTextCapped } from "../fs/read-capped.js";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { CaptureConfigError } from "./errors.js";
import { expandHome } from "../fs/home-path.js";

export interface HubOptions {
  local?: boolean;
  hub?: string;
}

export interface Hub {
  hub: string;
  root: string;
}

export const llmWikiConfigPath = (): string => join(homedir(), ".config", "llm-wiki", "config.json");

/** The hub from the llm-wiki config, or null. Throws CaptureConfigError when it is not a JSON object. */
function fromLlmWikiConfig(): string | null {
  const file = llmWikiConfigPath();
  let text: string;
  try {
    // the user's config, read as a capped regular file (a FIFO there must not hang every hook)
    const got = readTextCapped(file, 1024 * 1024);
    if (got === null) return null;
    text = got;
  } catch {
    return null;
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = null;
  }
  if (!v || typeof v !== "object" || Array.isArray(v)) throw new CaptureConfigError(`invalid llm-wiki config (not a JSON object): ${file}`);
  const o = v as Record<string, unknown>;
  for (const k of ["hub_path", "resolved_path"]) if (typeof o[k] === "string" && o[k]) return o[k] as string;
  return null;
}

export function resolveHub(opts: HubOptions = {}, cwd = process.cwd()): Hub {
  let raw: string;
  if (opts.local) raw = join(cwd, ".wiki");
  else if (opts.hub) raw = opts.hub;
  else if (process.env.OMP_SESSIONS_HUB) raw = process.env.OMP_SESSIONS_HUB;
  else raw = fromLlmWikiConfig() ?? "~/wiki";
  const hub = resolve(cwd, expandHome(raw));
  return { hub, root: join(hub, ".sessions") };
}
