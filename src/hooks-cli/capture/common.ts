// What every capture command shares: --hub/--local anywhere, terminal-safe
// output, and the index refresh that ends every command (§11).
import { UsageError, type Command } from "../command.js";
import { parseArgs, str, bool, type FlagSpec, type ParsedArgs } from "../args.js";
import { resolveHub } from "../../core/capture/hub.js";
import { refreshIfDirty } from "../../core/capture/indexes.js";
import { safeText } from "../../core/session/index.js";
import { jsonSafe } from "../../core/json-safe.js";
import { stdout } from "../stdout.js";

export interface StoreContext {
  hub: string;
  root: string;
  /** Prints terminal-safe text plus a newline. */
  out(text: string): void;
  /** Prints a JSON document (2-space indent). */
  json(value: unknown): void;
  /** One line on stderr. */
  warn(text: string): void;
}

export interface StoreCommandDef {
  name: string;
  summary: string;
  usage: string;
  flags: FlagSpec;
  run(p: ParsedArgs, ctx: StoreContext): Promise<number> | number;
}

export const withStoreFlags = (f: FlagSpec): FlagSpec => ({ ...f, values: [...(f.values ?? []), "--hub"], bools: [...(f.bools ?? []), "--local"] });

export function makeContext(p: ParsedArgs, name: string): StoreContext {
  const { hub, root } = resolveHub({ local: bool(p, "--local"), hub: str(p, "--hub") });
  return {
    hub,
    root,
    out: (t) => void stdout().write(safeText(t, true) + "\n"),
    json: (v) => void stdout().write(jsonSafe(JSON.stringify(v, null, 2)) + "\n"),
    warn: (t) => void process.stderr.write(`omp-sessions ${name}: ${safeText(t)}\n`),
  };
}

/** Refreshes the indexes when dirty markers exist; a failure only warns. */
export function finishRefresh(ctx: StoreContext, force = false): void {
  try {
    refreshIfDirty(ctx.root, force);
  } catch (err) {
    ctx.warn(`index refresh failed: ${(err as Error).message}`);
  }
}

export function storeCommand(def: StoreCommandDef): Command {
  return {
    name: def.name,
    summary: def.summary,
    usage: def.usage,
    async run(argv) {
      const p = parseArgs(argv, withStoreFlags(def.flags));
      const ctx = makeContext(p, def.name);
      try {
        return await def.run(p, ctx);
      } finally {
        finishRefresh(ctx);
      }
    },
  };
}

/** A non-negative integer flag, or the default. */
export function intFlag(p: ParsedArgs, name: string, dflt: number): number {
  const v = str(p, name);
  if (v === undefined) return dflt;
  if (!/^\d+$/.test(v)) throw new UsageError(`${name} needs a non-negative integer`);
  return Number(v);
}

/** A markdown-style table: `| a | b |` rows under a header. */
export function table(header: string[], rows: string[][]): string {
  const clean = (s: string): string => s.replace(/\r?\n|\r/g, " ").replace(/\|/g, "\\|");
  return [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.map(clean).join(" | ")} |`)].join("\n");
}
