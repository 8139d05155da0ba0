// Which registered dialect reads a session source: the first whose claims()
// takes the path (by its name and place; nothing is read). None: the source
// is pi's or omp's, told apart by its content as before.
import { readCapped } from "../../fs/read-capped.js";
import type { AgentId, Dialect } from "./dialect-api.js";
import { dialects } from "./dialects/index.js";
import { firstObjects } from "./dialects/sniff.js";
import { isTitleSlot } from "./omp-marks.js";
import { envSlot } from "../../env.js";

/** The product's dialects, then the environment's extra ones (a test's). */
const inUse = envSlot((env): readonly Dialect[] => {
  const extra = env.options.extraDialects ?? [];
  return extra.length === 0 ? dialects : Object.freeze([...dialects, ...extra]);
});

/** The dialect that claims `path`, or undefined for pi and omp files. */
export function dialectOf(path: string): Dialect | undefined {
  for (const d of inUse()) if (d.claims(path)) return d;
  return undefined;
}

const HEAD_BYTES = 64 * 1024;

/** Up to the first 64 KB of a file as text, cut after its last whole line when it holds one ("" when unreadable). */
function headOf(path: string): string {
  let buf: Buffer | null;
  try {
    // no blocking open, no device: a FIFO named like a session is not waited on
    buf = readCapped(path, HEAD_BYTES, { truncate: true });
  } catch {
    return "";
  }
  if (!buf) return "";
  const text = buf.toString("utf8");
  const cut = buf.length === HEAD_BYTES ? text.lastIndexOf("\n") : -1;
  return cut > 0 ? text.slice(0, cut) : text;
}

/**
 * The dialect whose `sniff` recognises a file no dialect claims by its place,
 * from its first bytes: asked only once a file proved not to be pi's or omp's
 * (so listing pi files never reads them twice).
 */
export function sniffDialect(path: string): Dialect | undefined {
  if (path.includes("#")) return undefined;
  const candidates = inUse().filter((d) => d.sniff);
  if (candidates.length === 0) return undefined;
  const head = headOf(path);
  if (head.trim() === "") return undefined;
  // A pi or omp file (its header or omp's title slot first) is no other agent's.
  const first = firstObjects(head, 1)[0];
  if (first && (first.type === "session" || isTitleSlot(first, 1))) return undefined;
  return candidates.find((d) => d.sniff!(head, path));
}

/** The registered dialect of an agent (pi and omp have none). */
export function dialectFor(agent: AgentId): Dialect | undefined {
  return inUse().find((d) => d.agent === agent);
}

/** The registered dialects, in order: the product's (dialects/index.ts), then the environment's extra ones. */
export function registeredDialects(): readonly Dialect[] {
  return inUse();
}
