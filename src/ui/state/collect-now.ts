// A full garbage collection on request, for the moment a big session has just
// been read whole (tree-slice.ts readRest). Reading a session of a million
// entries leaves a heap of several hundred MB that V8 starts marking only
// then, in steps paid by whatever allocates next: the first keys after the
// tree is whole. Collected at once instead, before that frame is drawn, the
// keys that follow find the marking done. V8 gives no collection call to
// JavaScript unless `--expose-gc` is set; set after start-up, it applies to
// contexts made afterwards, so the function is taken from a fresh one. Where
// that fails (another engine, a V8 that refuses the flag), nothing is
// collected and nothing else changes.
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** The heap in use (bytes) from which a session read whole is worth a full collection. */
export const COLLECT_FROM_BYTES = 256 * 1024 * 1024;

/** What makes V8's gc() at hand: sets the flag, takes the function from a context made after it. */
function exposeGc(): unknown {
  setFlagsFromString("--expose-gc");
  return runInNewContext("typeof gc === 'function' ? gc : null");
}

/** A collector over `make` (V8's own by default): the function is looked for once; null where it cannot be had. */
export function createCollector(make: () => unknown = exposeGc): { gcFunction(): (() => void) | null; collectIfBig(fromBytes?: number): boolean } {
  let found: (() => void) | null | undefined;
  const gcFunction = (): (() => void) | null => {
    if (found !== undefined) return found;
    try {
      const f = make();
      found = typeof f === "function" ? (f as () => void) : null;
    } catch {
      found = null;
    }
    return found;
  };
  return {
    gcFunction,
    /** Collects now when the heap in use is at least `fromBytes`; true when it did. */
    collectIfBig(fromBytes = COLLECT_FROM_BYTES): boolean {
      if (getHeapStatistics().used_heap_size < fromBytes) return false;
      const gc = gcFunction();
      if (!gc) return false;
      gc();
      return true;
    },
  };
}

/** The browser's collector (one per process: the flag is the process's). */
export const collector = createCollector();
