// Captured sessions (§11 `captured`), shared by the CLI and the TUI's digests
// screen: every state, filtered, newest `last_seen_at` first.
import { foldBeforeRead } from "./fold.js";
import { listStates, newestFirst } from "./rehydrate.js";
import type { State } from "./state.js";
import { sameDir } from "../fs/same-dir.js";

export interface CapturedQuery {
  /** Absolute cwd; matches every spelling of the dir (sameDir). */
  cwd?: string;
  harness?: string;
  topic?: string;
}

export function listCaptured(root: string, q: CapturedQuery = {}): { path: string; state: State }[] {
  foldBeforeRead(root);
  let out = listStates(root);
  if (q.cwd) out = out.filter((x) => typeof x.state.cwd === "string" && x.state.cwd !== "" && sameDir(x.state.cwd, q.cwd as string));
  if (q.harness) out = out.filter((x) => x.state.harness === q.harness);
  if (q.topic) out = out.filter((x) => Array.isArray(x.state.topics) && x.state.topics.includes(q.topic));
  return out.sort((a, b) => newestFirst(a.state, b.state));
}
