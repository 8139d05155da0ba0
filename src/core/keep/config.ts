// keep.json: whether the archive is on (off by default), the host name this
// machine files its copies under, and other machines' archive folders to
// read (`keep --add-source`).
import { lstatSync } from "node:fs";
import { readRegularText } from "../fs/read-capped.js";
import { dirname, resolve } from "node:path";
import { atomicWrite } from "../fs/atomic.js";
import { ensureDir } from "../fs/dir.js";
import { OmpSessionsError } from "../errors.js";
import { defaultHost, hostFolder, keepConfigPath } from "./paths.js";

export interface KeepConfig {
  enabled: boolean;
  /** null: this machine's host name. */
  host: string | null;
  /** Other machines' synced archive folders (a host folder, or an archive holding host folders). */
  sources: string[];
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function loadKeepConfig(env: NodeJS.ProcessEnv = process.env): KeepConfig {
  const file = keepConfigPath(env);
  let text: string;
  try {
    // no keep.json (the default) is told without an error object (config.ts's loadConfig says why)
    // a FIFO or device there reads as off at once (readRegularText refuses it), never waited on
    const got = lstatSync(file, { throwIfNoEntry: false }) ? readRegularText(file) : null;
    if (got === null) return { enabled: false, host: null, sources: [] };
    text = got;
  } catch {
    return { enabled: false, host: null, sources: [] };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new OmpSessionsError(`${file}: not valid JSON; fix it or remove it (keep --enable writes a new one)`);
  }
  if (!isObj(data)) throw new OmpSessionsError(`${file}: not a JSON object`);
  return {
    enabled: data.enabled === true,
    host: typeof data.host === "string" && data.host.trim() ? data.host.trim() : null,
    sources: Array.isArray(data.sources) ? data.sources.filter((s): s is string => typeof s === "string" && s !== "").map((s) => resolve(s)) : [],
  };
}

/** keep.json without throwing: a damaged file reads as off (the hook never fails on it). */
export function keepConfigOrOff(env: NodeJS.ProcessEnv = process.env): KeepConfig {
  try {
    return loadKeepConfig(env);
  } catch {
    return { enabled: false, host: null, sources: [] };
  }
}

export function saveKeepConfig(c: KeepConfig, env: NodeJS.ProcessEnv = process.env): void {
  const file = keepConfigPath(env);
  ensureDir(dirname(file));
  atomicWrite(file, JSON.stringify(c, null, 2) + "\n", 0o600);
}

export const hostOf = (c: KeepConfig): string => (c.host ? hostFolder(c.host) : defaultHost());
