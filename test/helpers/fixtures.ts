import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const FIXTURES = join(ROOT, "test", "fixtures");
export const BIN = join(ROOT, "bin", "omp-sessions");

export interface Expected {
  dialect: string;
  header: Record<string, unknown>;
  name: string | null;
  leafId: string | null;
  roots: string[];
  entries: { id: string; parentId: string | null; type: string; label: string | null; children: string[] }[];
  contexts: { leaf: string | null; context: { messages: unknown[]; thinkingLevel: string; model: unknown } & Partial<OmpContextFields> }[];
  /** "omp": the contexts follow omp's own rule and carry its fields. */
  contextRule?: "omp";
  positional?: boolean;
}

/** What omp's context adds (fixtures marked contextRule "omp"). */
export interface OmpContextFields {
  models: Record<string, string>;
  mode: string;
  modeData: Record<string, unknown>;
  injectedTtsrRules: string[];
}

/** The context fields a fixture's expectation holds, picked from `ctx` (absent ones stay absent). */
export function comparableContext(ctx: Record<string, unknown>, rule: "omp" | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = { thinkingLevel: ctx.thinkingLevel, model: ctx.model ?? null, messages: ctx.messages };
  if (rule === "omp") for (const k of ["models", "mode", "modeData", "injectedTtsrRules"]) if (ctx[k] !== undefined) out[k] = ctx[k];
  return out;
}

/**
 * The fixture folders, copies of ../shared/fixtures kept in the repo so the
 * suite runs without ../shared: the agents' sessions, the damaged ones, and
 * the rich corpus in its layout (an omp agent dir with its blob store; omp
 * and pi legacy files outside any agent dir), and pi 1.6.0's own files.
 */
export const RICH_DIRS = ["sessions-rich/pi", "sessions-rich/pi/legacy", "sessions-rich/omp/agent/sessions/--home-dev-omp-rich--", "sessions-rich/omp/legacy"] as const;
export const ALL_DIRS = ["sessions", "sessions-edge", ...RICH_DIRS, "sessions-pi16"] as const;

/** Every fixture session file with its expectation (null for files with none: not session files). */
export function fixtureFiles(dir: (typeof ALL_DIRS)[number]): { name: string; file: string; expected: Expected | null }[] {
  const base = join(FIXTURES, dir);
  return readdirSync(base)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => {
      const exp = join(base, f.replace(/\.jsonl$/, ".expected.json"));
      return { name: f, file: join(base, f), expected: existsSync(exp) ? (JSON.parse(readFileSync(exp, "utf8")) as Expected) : null };
    });
}

/** Every file under `dir` (recursively) whose name `keep` accepts. */
export function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, keep));
    else if (keep(name)) out.push(p);
  }
  return out;
}

/** Each non-empty line's bytes, without its "\n" (and, with `dropCr`, a trailing "\r", as the line scanner hands lines on). */
export function linesOf(b: Buffer, dropCr = false): Buffer[] {
  const out: Buffer[] = [];
  let s = 0;
  while (s <= b.length) {
    let e = b.indexOf(10, s);
    if (e < 0) e = b.length;
    let end = e;
    if (dropCr && end > s && b[end - 1] === 13) end--;
    if (end > s) out.push(b.subarray(s, end));
    s = e + 1;
  }
  return out;
}
