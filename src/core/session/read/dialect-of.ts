// Which registered dialect reads a session source: the first whose claims()
// takes the path (by its name and place; nothing is read). None: the source
// is pi's or omp's, told apart by its content as before.
import { readCapped } from "../../fs/read-capped.js";
import type { AgentId, Dialect } from "./dialect-api.js";
import { dialects } from "./dialects/index.js";
import { sessionHeaderIn } from "./dialects/pi/header.js";
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

/** Up to the first 64 KB of a file, cut after its last whole line when it holds one (empty when unreadable). */
function headOf(path: string): Buffer {
  let buf: Buffer | null;
  try {
    // no blocking open, no device: a FIFO named like a session is not waited on
    buf = readCapped(path, HEAD_BYTES, { truncate: true });
  } catch {
    return Buffer.alloc(0);
  }
  if (!buf) return Buffer.alloc(0);
  const cut = buf.length === HEAD_BYTES ? buf.lastIndexOf(10) : -1;
  return cut > 0 ? buf.subarray(0, cut) : buf;
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
  const bytes = headOf(path);
  const head = bytes.toString("utf8");
  if (head.trim() === "") return undefined;
  // A pi or omp file (a header, as the pi dialect decides it) is no other agent's.
  if (sessionHeaderIn(bytes)) return undefined;
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
