// enable / disable / status (§3.3, §11): the only writers of config.json.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { ensureDir } from "../fs/dir.js";
import { deepMerge, loadConfig, presetConfig, type CaptureConfig, type Mode } from "./config.js";
import { keepCorruptCopy, readJsonl, writeJsonFile } from "./jsonfile.js";
import { errorsPath, stateDir } from "./paths.js";

const PRESET_KEYS = ["enabled", "mode", "auto_capture", "rehydrate", "raw_transcripts", "privacy"] as const;

export interface EnableOptions {
  mode: Mode;
  toolEvents?: number;
  force?: boolean;
}

/** Writes config.json for a mode; returns the config written and any `.corrupt-*` copy kept. */
export function enableCapture(root: string, o: EnableOptions): { config: CaptureConfig; corruptCopy: string | null } {
  const loaded = loadConfig(root);
  const corruptCopy = loaded.error && existsSync(loaded.path) ? keepCorruptCopy(loaded.path) : null;
  const preset = presetConfig(o.mode);
  let config: CaptureConfig;
  if (o.force || !loaded.raw) config = preset;
  else {
    config = { ...(deepMerge(preset as Record<string, unknown>, loaded.raw) as CaptureConfig) };
    for (const k of PRESET_KEYS) (config as Record<string, unknown>)[k] = structuredClone(preset[k]);
  }
  if (o.toolEvents !== undefined) config.auto_capture = { ...config.auto_capture, tool_events: o.toolEvents };
  for (const d of ["state", "queue", "digests", "indexes"]) ensureDir(join(root, d));
  writeJsonFile(loaded.path, config);
  return { config, corruptCopy };
}

export function disableCapture(root: string): { config: CaptureConfig; corruptCopy: string | null } {
  const loaded = loadConfig(root);
  const corruptCopy = loaded.error && existsSync(loaded.path) ? keepCorruptCopy(loaded.path) : null;
  const config = { ...(loaded.raw ? (deepMerge(presetConfig("balanced") as Record<string, unknown>, loaded.raw) as CaptureConfig) : presetConfig("balanced")) };
  if (loaded.raw) {
    // keep the file as it was, only switching capture off
    for (const k of Object.keys(config)) if (!(k in loaded.raw)) delete (config as Record<string, unknown>)[k];
  }
  config.enabled = false;
  config.mode = "off";
  ensureDir(root);
  writeJsonFile(loaded.path, config);
  return { config, corruptCopy };
}

export function countStateFiles(root: string): number {
  let n = 0;
  try {
    for (const h of readdirSync(stateDir(root))) {
      try {
        n += readdirSync(join(stateDir(root), h)).filter((f) => f.endsWith(".json")).length;
      } catch {}
    }
  } catch {}
  return n;
}

export interface StoreStatus {
  hub: string;
  sessions_root: string;
  enabled: boolean;
  mode: string;
  session_count: number;
  config: CaptureConfig;
  config_error: string | null;
  errors: Record<string, number>;
}

/** Names hooks passed as `--harness` that no harness has (errors.jsonl's unknown-harness lines), with their counts. */
export function unknownHarnesses(root: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of [errorsPath(root) + ".1", errorsPath(root)]) {
    for (const e of readJsonl(p)) if (e.kind === "unknown-harness" && typeof e.harness === "string") out[e.harness] = (out[e.harness] ?? 0) + 1;
  }
  return out;
}

export function storeStatus(hub: string, root: string): StoreStatus {
  const loaded = loadConfig(root);
  const errors: Record<string, number> = {};
  for (const p of [errorsPath(root) + ".1", errorsPath(root)]) {
    for (const e of readJsonl(p)) {
      const k = typeof e.kind === "string" ? e.kind : "unknown";
      errors[k] = (errors[k] ?? 0) + 1;
    }
  }
  return {
    hub,
    sessions_root: root,
    enabled: loaded.error ? false : !!loaded.config.enabled,
    mode: loaded.error ? "off" : String(loaded.config.mode),
    session_count: countStateFiles(root),
    config: loaded.config,
    config_error: loaded.error,
    errors,
  };
}
