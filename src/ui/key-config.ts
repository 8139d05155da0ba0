// The user's key overrides: keybindings.json in the config dir, in the shape
// of pi's keybindings.json ({"binding id": "key" or ["key", …]}). A file that
// does not parse, names an unknown binding or a key no terminal sends is not
// half-applied: the defaults stay and the browser says why.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { configDir } from "../core/config-dir.js";
import { applyKeyOverrides, bindingId, normalizeKeyName, rebindable } from "./keymap.js";

export { configDir };

export const keybindingsPath = (env: NodeJS.ProcessEnv = process.env): string => join(configDir(env), "keybindings.json");

/** Reads and checks a keybindings file: the overrides, or the first problem. A missing file is no problem. */
export function readKeyOverrides(file: string): { overrides: Map<string, string[]> } | { error: string } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { overrides: new Map() };
    return { error: `cannot read it (${(err as Error).message})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { error: `not valid JSON (${(err as Error).message})` };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) return { error: 'not a JSON object ({"tree.fold": ["space", "z"], …})' };
  const known = new Set(rebindable().map(bindingId));
  const overrides = new Map<string, string[]>();
  for (const [id, value] of Object.entries(data as Record<string, unknown>)) {
    if (!known.has(id)) return { error: `unknown binding "${id}" (docs/keys.md lists every id)` };
    const raw = typeof value === "string" ? [value] : Array.isArray(value) && value.every((v) => typeof v === "string") ? (value as string[]) : null;
    if (!raw || raw.length === 0) return { error: `"${id}" needs a key or a list of keys` };
    const keys: string[] = [];
    for (const k of raw) {
      const name = normalizeKeyName(k);
      if (!name) return { error: `"${id}": "${k}" is not a key this browser can read` };
      if (!keys.includes(name)) keys.push(name);
    }
    overrides.set(id, keys);
  }
  return { overrides };
}

/** Applies the user's keybindings.json; a warning for the status line when it was not used. */
export function loadKeyConfig(file = keybindingsPath()): string | null {
  const r = readKeyOverrides(file);
  // What happened first: a status line cuts the end of a long message.
  if ("error" in r) return `keybindings.json ignored, default keys kept: ${r.error} (${file})`;
  applyKeyOverrides(r.overrides);
  return null;
}
