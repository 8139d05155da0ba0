// capture / captured / digest / rehydrate / reindex
import { existsSync, readFileSync } from "node:fs";
import { str, bool, list } from "../args.js";
import { UsageError } from "../command.js";
import { manualCapture } from "../../core/capture/manual.js";
import { findSession } from "../../core/capture/promote.js";
import { NO_MATCH, rehydrationText } from "../../core/capture/rehydrate.js";
import { selectForRehydrate } from "../../core/capture/rehydrate-select.js";
import { listCaptured } from "../../core/capture/captured.js";
import { refreshIndexes } from "../../core/capture/indexes.js";
import { CaptureNotFoundError } from "../../core/capture/errors.js";
import { safeText } from "../../core/session/index.js";
import { intFlag, storeCommand, table } from "./common.js";
import { stdout } from "../stdout.js";
import { absoluteDir } from "../../core/fs/same-dir.js";

export const captureCommand = storeCommand({
  name: "capture",
  summary: "write a manual checkpoint digest for a session",
  usage: `Usage: omp-sessions capture [--session-id ID] [--summary TEXT] [--harness H] [--cwd DIR]
                            [--transcript-path P] [--model M] [--topic T]... [--hub DIR | --local]

Records a ManualCapture event and always writes a digest (trigger "manual"),
even when capture is disabled. Prints the digest path.`,
  flags: { values: ["--session-id", "--summary", "--harness", "--cwd", "--transcript-path", "--model"], repeat: ["--topic"] },
  run(p, ctx) {
    const r = manualCapture(ctx.root, {
      sessionId: str(p, "--session-id"),
      summary: str(p, "--summary"),
      harness: str(p, "--harness"),
      cwd: str(p, "--cwd") !== undefined ? absoluteDir(str(p, "--cwd") as string) : undefined,
      transcriptPath: str(p, "--transcript-path"),
      model: str(p, "--model"),
      topics: list(p, "--topic"),
      warn: ctx.warn,
    });
    if (!r.digestPath) {
      ctx.warn("the session is busy (lock timeout); the event is queued and its digest is written by the next writer of this session");
      return 1;
    }
    ctx.out(r.digestPath);
    return 0;
  },
});

const s = (v: unknown): string => (v == null ? "" : String(v));

export const capturedCommand = storeCommand({
  name: "captured",
  summary: "list captured agent sessions (the capture store), newest first",
  usage: `Usage: omp-sessions captured [--cwd DIR] [--harness H] [--topic T] [--limit N] [--json] [--hub DIR | --local]

Table of captured sessions (default limit 20); --json prints every match.`,
  flags: { values: ["--cwd", "--harness", "--topic", "--limit"], bools: ["--json"] },
  run(p, ctx) {
    const cwd = str(p, "--cwd") !== undefined ? absoluteDir(str(p, "--cwd") as string) : undefined;
    const harness = str(p, "--harness");
    const topic = str(p, "--topic");
    const states = listCaptured(ctx.root, { cwd, harness, topic }).map((x) => x.state);
    if (bool(p, "--json")) {
      const limit = str(p, "--limit") === undefined ? states.length : intFlag(p, "--limit", 20);
      ctx.json({ sessions_root: ctx.root, sessions: states.slice(0, limit) });
      return 0;
    }
    const limit = intFlag(p, "--limit", 20);
    if (states.length === 0) {
      ctx.out("No captured sessions.");
      return 0;
    }
    ctx.out(
      table(
        ["Session", "Last seen", "Tools", "CWD", "Digest"],
        states.slice(0, limit).map((x) => [s(x.llm_wiki_session_id), s(x.last_seen_at), s(x.tool_event_count ?? 0), s(x.cwd), s(x.last_digest_path)]),
      ),
    );
    return 0;
  },
});

export const digestCommand = storeCommand({
  name: "digest",
  summary: "print a captured session's current digest (or its path)",
  usage: `Usage: omp-sessions digest <session> [--path-only] [--hub DIR | --local]

<session> is the llm-wiki session id (harness:id) or the native id.`,
  flags: { bools: ["--path-only"] },
  run(p, ctx) {
    const key = p.positional[0];
    if (!key) throw new UsageError("missing <session>");
    const { state } = findSession(ctx.root, key);
    const path = s(state.last_digest_path);
    if (!path || !existsSync(path)) throw new CaptureNotFoundError(`session ${key} has no digest`);
    if (bool(p, "--path-only")) ctx.out(path);
    else stdout().write(safeText(readFileSync(path, "utf8"), true));
    return 0;
  },
});

export const rehydrateCommand = storeCommand({
  name: "rehydrate",
  summary: "print the rehydration context (recent digests for a cwd, session or topic)",
  usage: `Usage: omp-sessions rehydrate [--cwd DIR | --session-id ID | --topic T] [--limit N] [--hub DIR | --local]

Without flags, selects sessions whose cwd is the current directory. Exit 1 when nothing matches.`,
  flags: { values: ["--cwd", "--session-id", "--topic", "--limit"] },
  run(p, ctx) {
    const items = selectForRehydrate(ctx.root, { cwd: str(p, "--cwd"), sessionId: str(p, "--session-id"), topic: str(p, "--topic"), limit: intFlag(p, "--limit", 3) });
    if (items.length === 0) {
      ctx.out(NO_MATCH);
      return 1;
    }
    ctx.out(rehydrationText(items));
    return 0;
  },
});

export const reindexCommand = storeCommand({
  name: "reindex",
  summary: "refresh the capture store's derived indexes (--full rebuilds everything)",
  usage: `Usage: omp-sessions reindex [--full] [--hub DIR | --local]

Applies pending index updates; --full rebuilds the four index files and every cwd sidecar.`,
  flags: { bools: ["--full"] },
  run(p, ctx) {
    const full = bool(p, "--full");
    const r = refreshIndexes(ctx.root, { full, sidecars: full });
    ctx.out(r.full ? `rebuilt indexes from ${r.sessionsUpdated} sessions` : `updated ${r.sessionsUpdated} sessions${r.feedback ? " and feedback" : ""}`);
    return 0;
  },
});
