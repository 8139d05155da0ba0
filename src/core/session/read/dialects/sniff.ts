// Telling an agent's transcript by its first lines, for a file found outside
// the agent's usual place (dialect-api.ts `sniff`): the first few lines that
// parse as JSON objects, nothing more.

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The JSON objects among the first `max` non-blank lines of `head` (a line that does not parse is skipped). */
export function firstObjects(head: string, max = 8): Obj[] {
  const out: Obj[] = [];
  let seen = 0;
  for (const raw of head.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    if (++seen > max) break;
    try {
      const v: unknown = JSON.parse(line);
      if (isObj(v)) out.push(v);
    } catch {
      // a damaged or cut line: look at the next
    }
  }
  return out;
}

export { isObj as isSniffObject };
