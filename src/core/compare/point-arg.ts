// `FILE#ID` on the command line: a session file and an entry in it. A
// session kept in a database is itself named `<db>#<session>`, so the whole
// argument is tried as a session first; only when that fails is the part
// after the last `#` taken as the entry.
import { loadSession } from "../session/index.js";
import { SessionError } from "../errors.js";
import { pointAt } from "./compare.js";
import type { ComparePoint } from "./common-point.js";

export async function loadPoint(arg: string): Promise<ComparePoint> {
  try {
    return pointAt(await loadSession(arg), undefined);
  } catch (err) {
    const cut = arg.lastIndexOf("#");
    if (cut <= 0 || !(err instanceof SessionError)) throw err;
    const s = await loadSession(arg.slice(0, cut)).catch(() => {
      throw err;
    });
    return pointAt(s, arg.slice(cut + 1));
  }
}
