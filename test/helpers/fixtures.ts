import { readdirSync, readFileSync, existsSync } from "node:fs";
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
  contexts: { leaf: string | null; context: { messages: unknown[]; thinkingLevel: string; model: unknown } }[];
  positional?: boolean;
}

/** Every fixture session file with its expectation (null for files with none: not session files). */
export function fixtureFiles(dir: "sessions" | "sessions-edge"): { name: string; file: string; expected: Expected | null }[] {
  const base = join(FIXTURES, dir);
  return readdirSync(base)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => {
      const exp = join(base, f.replace(/\.jsonl$/, ".expected.json"));
      return { name: f, file: join(base, f), expected: existsSync(exp) ? (JSON.parse(readFileSync(exp, "utf8")) as Expected) : null };
    });
}
