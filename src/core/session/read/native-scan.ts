// The tree's native fast path (docs/performance.md, "A native line scanner"):
// native/scan.c, built by node-gyp when the package is installed, reads a
// message line's bytes once and says whether JSON.parse would accept it and
// whether it has the common shape a `tree --json` preview needs (a `message`
// entry of a user, an assistant or a tool result, its content a string or
// blocks). For such a line it gives the byte spans of the few strings the
// preview reads, and leanEntry makes from them the object the one reader's
// functions (headOf, entryMeta, describePreview) read, with only those fields:
// the same answers as the parse, without decoding or parsing the rest. Any
// other line, and every line when the addon is absent (no compiler at install,
// `--ignore-scripts`, Windows) or OMP_SESSIONS_NATIVE=0, goes to the parse.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { envSlot } from "../../env.js";

declare module "../../env.js" {
  interface EnvOptions {
    /** false: never load the native scanner (tests of the fallback). */
    readonly nativeScan?: boolean;
    /** The addon file to load instead of looking for build/Release (tests of a missing or broken build). */
    readonly nativeScanAddon?: string;
  }
}

interface Addon {
  scanLine(buf: Buffer, start: number, end: number, out: Int32Array, keep: number): number;
  readonly outLength: number;
  readonly version: number;
}

/** The addon's file, as node-gyp builds it at the package's root. */
const ADDON = join("build", "Release", "omp_sessions_scan.node");
/** The output layout native/scan.c writes (its version 1). */
const ADDON_VERSION = 1;
/** The install step that builds it, at the package's root. */
const INSTALL = join("native", "install.mjs");

/** Fields' slots in the output: start, end, flags (bit 0 escapes, bit 1 non-ASCII, bits 8.. kind). */
const F_ID = 3;
const F_PARENT = 6;
const F_TS = 9;
const F_CONTENT = 15;
const OUT_BLOCKS = 18;
const K_STRING = 1;
const K_NULL = 2;
const K_ARRAY = 3;
const ROLES = ["", "user", "assistant", "toolResult"] as const;

interface Scanner {
  addon: Addon;
  out: Int32Array;
}

/**
 * Whether the native scanner is used in this env, and why not (`doctor` says
 * it): loaded from `file`; not built (none found: `install` is the step that
 * builds it, when the package's folder holds it); found but not loaded (a
 * Node ABI change since it was built, a damaged file, another layout
 * version: `error` is the loader's first line); or turned off (by
 * OMP_SESSIONS_NATIVE=0 or the env's nativeScan option). The JavaScript
 * reader is complete without it.
 */
export type NativeScanStatus =
  | { readonly state: "in use"; readonly file: string }
  | { readonly state: "not built"; readonly install: string | null }
  | { readonly state: "failed to load"; readonly file: string; readonly error: string }
  | { readonly state: "turned off"; readonly by: string };

const scanner = envSlot((env): { s: Scanner | null; status: NativeScanStatus } => {
  if (env.options.nativeScan === false) return { s: null, status: { state: "turned off", by: "nativeScan: false" } };
  if (process.env.OMP_SESSIONS_NATIVE === "0") return { s: null, status: { state: "turned off", by: "OMP_SESSIONS_NATIVE=0" } };
  return env.options.nativeScanAddon !== undefined ? loadFile(env.options.nativeScanAddon) : loadAddon();
});

/** The package's root holds build/Release: looked for from this module's place up (src/… in tests, dist/… in the bundle). */
function loadAddon(): { s: Scanner | null; status: NativeScanStatus } {
  let dir: string;
  try {
    dir = dirname(fileURLToPath(import.meta.url));
  } catch {
    return { s: null, status: { state: "not built", install: null } };
  }
  let install: string | null = null;
  for (let k = 0; k < 5; k++) {
    const file = join(dir, ADDON);
    if (existsSync(file)) return loadFile(file);
    if (install === null && existsSync(join(dir, INSTALL))) install = join(dir, INSTALL);
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return { s: null, status: { state: "not built", install } };
}

function loadFile(file: string): { s: Scanner | null; status: NativeScanStatus } {
  if (!existsSync(file)) return { s: null, status: { state: "not built", install: null } };
  try {
    const m = { exports: {} as Addon };
    process.dlopen(m, file);
    if (m.exports.version !== ADDON_VERSION) return { s: null, status: { state: "failed to load", file, error: `output layout version ${String(m.exports.version)}, this build reads ${ADDON_VERSION}` } };
    return { s: { addon: m.exports, out: new Int32Array(m.exports.outLength) }, status: { state: "in use", file } };
  } catch (err) {
    const first = (err instanceof Error ? err.message : String(err)).split("\n")[0].trim();
    return { s: null, status: { state: "failed to load", file, error: first || "unknown error" } };
  }
}

/** Whether the native scanner is loaded in this env (tests say why they skip). */
export function nativeScanAvailable(): boolean {
  return scanner().s !== null;
}

/** Whether the native scanner is used in this env, and why not. */
export function nativeScanStatus(): NativeScanStatus {
  return scanner().status;
}

type Json = Record<string, unknown>;

/**
 * The line [start, end) as a lean entry (type, id, parentId, timestamp,
 * message {role, content}), strings nested in the content cut after `keep`
 * UTF-16 units as read/parse-line.ts cuts them; null when the native scanner
 * is absent or the line must be parsed.
 */
export function leanEntry(buf: Buffer, start: number, end: number, keep: number): Json | null {
  const s = scanner().s;
  if (s === null) return null;
  const out = s.out;
  const role = s.addon.scanLine(buf, start, end, out, keep);
  if (role === 0) return null;
  const msg: Json = { role: ROLES[role] };
  const ck = out[F_CONTENT + 2] >> 8;
  if (ck === K_STRING) msg.content = str(buf, out, F_CONTENT);
  else if (ck === K_ARRAY) {
    const n = out[OUT_BLOCKS];
    const blocks: Json[] = [];
    for (let b = 0; b < n; b++) {
      const at = OUT_BLOCKS + 1 + 7 * b;
      const block: Json = { type: out[at] === 1 ? "text" : "image" };
      if (out[at + 3] >> 8 === K_STRING) block.text = str(buf, out, at + 1);
      if (out[at + 6] >> 8 === K_STRING) block.document = str(buf, out, at + 4);
      blocks.push(block);
    }
    msg.content = blocks;
  }
  const e: Json = { type: "message" };
  field(e, "id", buf, out, F_ID);
  field(e, "parentId", buf, out, F_PARENT);
  field(e, "timestamp", buf, out, F_TS);
  e.message = msg;
  return e;
}

function field(e: Json, key: string, buf: Buffer, out: Int32Array, at: number): void {
  const kind = out[at + 2] >> 8;
  if (kind === K_STRING) e[key] = str(buf, out, at);
  else if (kind === K_NULL) e[key] = null;
}

/** A string's value from its body's bytes (a cut one ends where it was cut). */
function str(buf: Buffer, out: Int32Array, at: number): string {
  const from = out[at];
  const to = out[at + 1];
  const flags = out[at + 2];
  const enc = flags & 2 ? "utf8" : "latin1";
  if ((flags & 1) === 0) return buf.toString(enc, from, to);
  return JSON.parse(buf.toString(enc, from - 1, to) + '"') as string;
}
