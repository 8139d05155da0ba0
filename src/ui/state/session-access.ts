// How the review screens find and read the sessions the capture store points
// at; the app passes its own (tests pass stubs through attachReview).
import type { FindOptions } from "../../core/agents/find-session.js";
import type { Session } from "../../core/session/index.js";

export interface SessionAccess {
  /** Where the agents keep sessions (env, home, pi/omp agent dirs). */
  find?: FindOptions;
  /** Reads a session source (default: the session reader, every registered format). */
  load?: (source: string) => Promise<Session>;
}
