// Which registered dialect reads a session source: the first whose claims()
// takes the path (by its name and place; nothing is read). None: the source
// is pi's or omp's, told apart by its content as before.
import type { AgentId, Dialect } from "./dialect-api.js";
import { dialects } from "./dialects/index.js";

/** The dialect that claims `path`, or undefined for pi and omp files. */
export function dialectOf(path: string): Dialect | undefined {
  for (const d of dialects) if (d.claims(path)) return d;
  return undefined;
}

/** The registered dialect of an agent (pi and omp have none). */
export function dialectFor(agent: AgentId): Dialect | undefined {
  return dialects.find((d) => d.agent === agent);
}

/** The registered dialects, in order. */
export function registeredDialects(): readonly Dialect[] {
  return dialects;
}

/**
 * Adds a dialect for the life of the process (the product's are listed in
 * dialects/index.ts; tests register their own). Returns its removal.
 */
export function registerDialect(d: Dialect): () => void {
  dialects.push(d);
  return () => {
    const i = dialects.indexOf(d);
    if (i >= 0) dialects.splice(i, 1);
  };
}
