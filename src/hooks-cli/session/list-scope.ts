// Which sessions a listing command covers (ls, stats): --all, --cwd DIR, the
// agent dirs (--agent-dir, else every agent's default places) or the PATHs given. A PATH
// that does not exist, or names a session its database does not hold, is
// reported (exit 3 at the end); the others still count.
import { resolve } from "node:path";
import { UsageError } from "../command.js";
import { bool, list, str, type ParsedArgs } from "../args.js";
import { defaultAgentDirs, type ParallelMode } from "../../core/session/index.js";
import { safeText, whyMissing } from "../../core/session/index.js";
import { absoluteDir } from "../../core/fs/same-dir.js";

export interface ListScope {
  /** The --agent-dir dirs; undefined when none was given (then every agent's default places are listed). */
  agentDirs: string[] | undefined;
  /** Where pi/omp sessions were looked for (the given dirs, else the default ones), for "nothing found". */
  looked: string[];
  paths: string[];
  cwd: string;
  /** Every session under the roots (--all, or PATHs without --cwd). */
  all: boolean;
  /** The exit status when done: 3 when some PATH did not exist. */
  done: number;
}

/** The scope, or 3 when every PATH given is missing (each named on stderr). */
export async function listScope(args: ParsedArgs, command: string): Promise<ListScope | 3> {
  const all = bool(args, "--all");
  const cwdFlag = str(args, "--cwd");
  if (all && cwdFlag !== undefined) throw new UsageError("--all and --cwd exclude each other");
  // A PATH that names nothing is an error (exit 3, in tree's words); the others are still listed.
  const missing: string[] = [];
  for (const p of args.positional) {
    const why = await whyMissing(p);
    if (why === null) continue;
    missing.push(p);
    process.stderr.write(`omp-sessions ${command}: ${safeText(why)}\n`);
  }
  const paths = args.positional.filter((p) => !missing.includes(p));
  if (missing.length > 0 && paths.length === 0) return 3;
  const agentDirsFlag = list(args, "--agent-dir");
  const given = agentDirsFlag.length > 0 ? agentDirsFlag.map((d) => resolve(d)) : undefined;
  return {
    agentDirs: given,
    looked: given ?? defaultAgentDirs(),
    paths,
    cwd: cwdFlag !== undefined ? absoluteDir(cwdFlag) : process.cwd(),
    all: all || (paths.length > 0 && cwdFlag === undefined),
    done: missing.length > 0 ? 3 : 0,
  };
}

/**
 * Whether a cold listing scans in a worker thread too: $OMP_SESSIONS_SCAN_WORKER
 * "off" never, "on" whatever there is to read, "worker" and "fail" (tests)
 * the worker first, or one that cannot start (the fallback); otherwise when
 * there is enough to read (catalog-parallel.ts).
 */
export function scanParallel(): ParallelMode {
  const v = process.env.OMP_SESSIONS_SCAN_WORKER;
  return v === "off" || v === "on" || v === "worker" || v === "fail" ? v : "auto";
}
