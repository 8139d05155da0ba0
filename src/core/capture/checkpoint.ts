// Writing a digest for a session whose lock the caller holds: the file, the
// state's digest fields, the registry line and the cwd sidecar entry.
import { dirname } from "node:path";
import { atomicWrite } from "../fs/atomic.js";
import { ensureDir } from "../fs/dir.js";
import { isoTs } from "./clock.js";
import { digestSummary, renderDigest } from "./digest.js";
import { digestPath } from "./paths.js";
import { logRegistry } from "./registry.js";
import { upsertSidecar } from "./sidecar.js";
import type { State } from "./state.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface CheckpointOptions {
  /** The sentence used as summary for trigger `import`. */
  importSentence?: string;
  /** Wait budget for the sidecar lock. */
  lockWaitMs: number;
  ts?: string;
}

/** Renders and writes the digest, updating `state` in place. Returns the digest path. */
export function writeCheckpoint(root: string, state: State, trigger: string, opts: CheckpointOptions): string {
  const ts = opts.ts ?? isoTs();
  const lastSeen = str(state.last_seen_at) || ts;
  const path = digestPath(root, lastSeen, str(state.harness), str(state.native_session_id));
  const summary = digestSummary(state, trigger, opts.importSentence);
  ensureDir(dirname(path));
  atomicWrite(path, renderDigest(state, trigger, summary));
  state.last_digest_path = path;
  state.last_digest_at = ts;
  state.digest_count = (typeof state.digest_count === "number" ? state.digest_count : 0) + 1;
  const topics = Array.isArray(state.topics) ? state.topics.filter((x): x is string => typeof x === "string") : [];
  logRegistry(
    root,
    "digest_written",
    {
      capture_trigger: trigger,
      cwd: state.cwd ?? null,
      digest_path: path,
      harness: state.harness,
      llm_wiki_session_id: state.llm_wiki_session_id,
      native_session_id: state.native_session_id,
      topics,
    },
    ts,
  );
  const cwd = str(state.cwd);
  if (cwd) {
    upsertSidecar(
      root,
      cwd,
      str(state.llm_wiki_session_id),
      {
        harness: str(state.harness),
        last_digest_path: path,
        last_seen_at: lastSeen,
        llm_wiki_session_id: str(state.llm_wiki_session_id),
        native_session_id: str(state.native_session_id),
        summary,
        topics,
      },
      opts.lockWaitMs,
    );
  }
  return path;
}
