import { UsageError } from "./command.js";

export interface FlagSpec {
  /** Flags that take a value, e.g. ["--leaf", "--cwd"]. */
  values?: string[];
  /** Flags that may repeat and take a value; collected into arrays. */
  repeat?: string[];
  /** Boolean flags, e.g. ["--json", "--all"]. */
  bools?: string[];
  /** Short aliases, e.g. { "-h": "--help" }. */
  aliases?: Record<string, string>;
}

export interface ParsedArgs {
  positional: string[];
  flags: Record<string, string | boolean | string[]>;
}

/** A small strict parser: unknown flags are usage errors, `--x=v` and `--x v` both work. */
export function parseArgs(argv: string[], spec: FlagSpec): ParsedArgs {
  const values = new Set(spec.values ?? []);
  const repeat = new Set(spec.repeat ?? []);
  const bools = new Set([...(spec.bools ?? []), "--help"]);
  const aliases = { "-h": "--help", ...(spec.aliases ?? {}) };
  const out: ParsedArgs = { positional: [], flags: {} };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    if (arg === "--") {
      out.positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      out.positional.push(arg);
      continue;
    }
    let inline: string | undefined;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    arg = aliases[arg as keyof typeof aliases] ?? arg;
    if (bools.has(arg)) {
      if (inline !== undefined) throw new UsageError(`${arg} takes no value`);
      out.flags[arg] = true;
    } else if (values.has(arg) || repeat.has(arg)) {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      if (repeat.has(arg)) {
        const list = (out.flags[arg] as string[] | undefined) ?? [];
        list.push(v);
        out.flags[arg] = list;
      } else out.flags[arg] = v;
    } else {
      throw new UsageError(`unknown option ${arg}`);
    }
  }
  return out;
}

export const str = (p: ParsedArgs, name: string): string | undefined => {
  const v = p.flags[name];
  return typeof v === "string" ? v : undefined;
};
export const bool = (p: ParsedArgs, name: string): boolean => p.flags[name] === true;
export const list = (p: ParsedArgs, name: string): string[] => {
  const v = p.flags[name];
  return Array.isArray(v) ? v : [];
};
