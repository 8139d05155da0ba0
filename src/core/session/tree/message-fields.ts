// Small shapers shared by pi's and omp's context rules: the messages they
// build carry epoch-millisecond timestamps and no undefined fields.
type Obj = Record<string, unknown>;

/** An entry's ISO timestamp as epoch ms, or undefined when it does not parse. */
export function epoch(ts: unknown): number | undefined {
  if (typeof ts !== "string") return undefined;
  const t = Date.parse(ts);
  return Number.isNaN(t) ? undefined : t;
}

/** Drops undefined fields (in place) so JSON output has no nulls added. */
export function strip(o: Obj): Obj {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}
