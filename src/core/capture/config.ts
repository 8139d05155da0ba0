// `config.json` (§3.3): defaults, mode presets, deep merge, fail-closed loading.
import { lstatSync } from "node:fs";
import { readRegularText, UnsafeFileError } from "../fs/read-capped.js";
import { configPath } from "./paths.js";

export type Mode = "off" | "capture-only" | "balanced" | "aggressive";
export const MODES: readonly Mode[] = ["off", "capture-only", "balanced", "aggressive"];

export interface CaptureConfig {
  schema_version: number;
  enabled: boolean;
  mode: string;
  auto_capture: { tool_events: number; pre_compact: boolean; post_compact: boolean; session_end: boolean; stop: boolean };
  rehydrate: { session_start: boolean; user_prompt: boolean; strict: boolean };
  raw_transcripts: boolean;
  privacy: string;
  feedback: { enabled: boolean; capture_approvals: boolean; min_confidence: string };
  [k: string]: unknown;
}

/** The full preset for a mode (balanced = the defaults used when no file exists). */
export function presetConfig(mode: Mode): CaptureConfig {
  const rehydrate = mode === "balanced" || mode === "aggressive";
  return {
    schema_version: 1,
    enabled: mode !== "off",
    mode,
    auto_capture: { tool_events: mode === "aggressive" ? 25 : 50, pre_compact: true, post_compact: true, session_end: true, stop: true },
    rehydrate: { session_start: rehydrate, user_prompt: rehydrate, strict: false },
    raw_transcripts: false,
    privacy: "redacted",
    feedback: { enabled: true, capture_approvals: true, min_confidence: "medium" },
  };
}

export const defaultConfig = (): CaptureConfig => presetConfig("balanced");

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** Objects merge key by key; any other value replaces. */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = isObject(v) && isObject(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v;
  return out;
}

export interface LoadedConfig {
  /** The effective config (defaults when absent or corrupt). */
  config: CaptureConfig;
  /** The file as found (an object), or null when absent / corrupt. */
  raw: Record<string, unknown> | null;
  /** Why the file is unusable, or null. A corrupt config disables capture. */
  error: string | null;
  path: string;
}

export { configPath };

export function loadConfig(root: string): LoadedConfig {
  const path = configPath(root);
  let text: string;
  try {
    // No file (the default) is told by an lstat, which makes no error object
    // (a thrown ENOENT costs the hook ~0.05 ms). A link is read through as
    // before; lstat is the call the store's guard makes anyway.
    // A FIFO or device there is refused at once (readRegularText), never waited on: it reads as unusable.
    const got = lstatSync(path, { throwIfNoEntry: false }) ? readRegularText(path) : null;
    if (got === null) return { config: defaultConfig(), raw: null, error: null, path };
    text = got;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? (err instanceof UnsafeFileError ? "not a regular file" : undefined);
    if (code === "ENOENT" || code === "ENOTDIR") return { config: defaultConfig(), raw: null, error: null, path };
    return { config: { ...defaultConfig(), enabled: false }, raw: null, error: `config.json unreadable (${code ?? "error"})`, path };
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { config: { ...defaultConfig(), enabled: false }, raw: null, error: "config.json is not valid JSON", path };
  }
  if (!isObject(v)) return { config: { ...defaultConfig(), enabled: false }, raw: null, error: "config.json is not a JSON object", path };
  return { config: deepMerge(defaultConfig() as Record<string, unknown>, v) as CaptureConfig, raw: v, error: null, path };
}

/** Whether capture is on (the reference treats any falsy `enabled` as off). */
export const isEnabled = (c: CaptureConfig): boolean => !!c.enabled;

/** `auto_capture.tool_events` as a non-negative integer (bad values → 50). */
export function toolEventsEvery(c: CaptureConfig): number {
  const n = (c.auto_capture as Record<string, unknown> | undefined)?.tool_events;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 50;
}

/**
 * Feedback candidates are taken from a session's user turns: with feedback
 * on, and never from a headless run (core/headless.ts), whose prompts are a
 * program's. The one rule for the live hook (ingest.ts) and import-session.
 */
export const takesFeedback = (c: CaptureConfig, headless: boolean): boolean => !headless && flag(c, "feedback", "enabled");

/** A boolean flag in a config section, defaulting to true when missing (every flag's default is true). */
export function flag(c: CaptureConfig, section: "auto_capture" | "rehydrate" | "feedback", key: string): boolean {
  const s = c[section] as unknown;
  if (!isObject(s) || !(key in s)) return true;
  return !!s[key];
}
