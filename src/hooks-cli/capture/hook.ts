// `omp-sessions hook`: one harness event into the store. Never fails the agent:
// exit 0 always, stdout is one rehydration line or nothing, problems go to
// errors.jsonl (and stderr only with OMP_SESSIONS_DEBUG=1). Imports node
// built-ins, core/capture and core/fs only, to start fast.
import { flag, isEnabled, loadConfig } from "../../core/capture/config.js";
import { logHookError, type HookErrorKind } from "../../core/capture/errlog.js";
import { HOOK_HARNESSES, normalizeEvent } from "../../core/capture/harness.js";
import { resolveHub } from "../../core/capture/hub.js";
import { ingestEvent, mayYieldCandidate, type CandidateBuilder } from "../../core/capture/ingest.js";
import { payloadPreview, scrubCut } from "../../core/capture/redact.js";
import { rehydrationText } from "../../core/capture/rehydrate.js";
import { readSidecar } from "../../core/capture/sidecar.js";
import { isLinkRefused } from "../../core/fs/guard.js";
import { readStdin, STDIN_IDLE_MS } from "./stdin.js";
import { keepConfigOrOff } from "../../core/keep/config.js";
import { monoMs } from "../../core/capture/clock.js";
import { requireFromCodeCache } from "../../core/code-cache.js";
import { classifierV8Flags } from "../../core/capture/classifier-v8.js";

/**
 * The hook's clocks, each settable for tests (and unusual setups) by env:
 * the stdin idle deadline, the lock wait, the digest budget (digests past it
 * are deferred, not lost) and the output budget (§4.7).
 */
export interface HookClocks {
  stdinIdleMs: number;
  lockWaitMs: number;
  digestBudgetMs: number;
  outputBudgetMs: number;
}

function envMs(name: string, dflt: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  const v = Number(raw);
  return raw && Number.isFinite(v) && v >= 0 ? v : dflt;
}

export function hookClocks(env: NodeJS.ProcessEnv = process.env): HookClocks {
  return {
    stdinIdleMs: envMs("OMP_SESSIONS_STDIN_IDLE_MS", STDIN_IDLE_MS, env),
    lockWaitMs: envMs("OMP_SESSIONS_LOCK_WAIT_MS", 3000, env),
    digestBudgetMs: envMs("OMP_SESSIONS_DIGEST_BUDGET_MS", 2500, env),
    outputBudgetMs: envMs("OMP_SESSIONS_OUTPUT_BUDGET_MS", 3000, env),
  };
}

export const HOOK_USAGE = `Usage: omp-sessions hook [--harness claude|codex|gemini|opencode|omp|pi] [--if-enabled]
                         [--hub DIR | --local] [--event-name E] [--session-id ID] [--cwd DIR]
                         [--topic T] [--summary TEXT] [--trigger T] [--max-event-bytes N]

Reads one harness hook event (JSON) on stdin and records it in HUB/.sessions:
a queue line, the session's state, a digest when a checkpoint fires, feedback
candidates from user turns. Prints at most one line: rehydration context JSON
for SessionStart / user-prompt events. Always exits 0; problems are logged to
HUB/.sessions/errors.jsonl (OMP_SESSIONS_DEBUG=1 also prints them on stderr).`;

const VALUE_FLAGS = new Set(["--harness", "--hub", "--event-name", "--session-id", "--cwd", "--topic", "--summary", "--trigger", "--max-event-bytes"]);

interface HookArgs {
  values: Map<string, string>;
  topics: string[];
  ifEnabled: boolean;
  local: boolean;
  help: boolean;
}

/** Lenient: unknown options are ignored (existing manifests may pass more). */
export function parseHookArgs(argv: string[]): HookArgs {
  const a: HookArgs = { values: new Map(), topics: [], ifEnabled: false, local: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let inline: string | undefined;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) {
      inline = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (VALUE_FLAGS.has(arg)) {
      const v = inline ?? argv[++i];
      if (v === undefined) break;
      if (arg === "--topic") a.topics.push(v);
      else a.values.set(arg, v);
    } else if (arg === "--if-enabled") a.ifEnabled = true;
    else if (arg === "--local") a.local = true;
    else if (arg === "--help" || arg === "-h") a.help = true;
  }
  return a;
}

const debug = (msg: string): void => {
  if (process.env.OMP_SESSIONS_DEBUG === "1") process.stderr.write(`omp-sessions hook: ${msg}\n`);
};

const IO_CODES = new Set(["EACCES", "EPERM", "ENOSPC", "EROFS", "EDQUOT", "EIO", "ENOTDIR", "EISDIR", "EEXIST", "ENOENT", "EMFILE", "ENFILE", "EBUSY", "ELOOP", "ENAMETOOLONG"]);

export function classifyError(err: unknown): { kind: HookErrorKind; message: string } {
  const e = err as NodeJS.ErrnoException;
  // by its code, not its class: the bundles of their own (below) throw their own copies' errors
  if (isLinkRefused(e)) return { kind: "symlink-refused", message: "refused to write through a symbolic link inside the store" };
  if (e && typeof e.code === "string" && IO_CODES.has(e.code)) return { kind: "io-error", message: `file system error ${e.code}${e.syscall ? ` in ${e.syscall}` : ""}` };
  const name = e && typeof e.name === "string" ? e.name : "Error";
  return { kind: "internal", message: `${name}: ${e && typeof e.message === "string" ? e.message : String(err)}` };
}

/** Set by the build for dist/hook.cjs: the bundles of their own beside it (below). */
declare const OMP_HOOK_FEEDBACK_BUNDLE: string | undefined;
declare const OMP_HOOK_KEEP_BUNDLE: string | undefined;

/** A bundle beside this one: from its code cache when it has one of this build (core/code-cache.ts), else required. */
function fromOwnBundle(bundle: string): unknown {
  const req = process.getBuiltinModule("node:module").createRequire(import.meta.url);
  const file = req.resolve(bundle);
  return requireFromCodeCache(file) ?? req(file);
}

/**
 * The feedback classifier (core/capture/feedback-candidate.ts), loaded only
 * for the events it reads (user prompts). In dist/hook.cjs it is a bundle of
 * its own (dist/hook-feedback.cjs, started from its code cache like the
 * hook's): the classifier's patterns are ~90 KB of the hook's ~220, which
 * every tool event read and deserialized before (~120 page faults, ~2 ms of
 * CPU). That bundle holds its own copies of what it shares with the hook
 * (the redaction, core/env.ts: its slots live in an environment of its own,
 * which for one event in one process changes nothing).
 */
async function loadCandidateBuilder(): Promise<CandidateBuilder> {
  if (typeof OMP_HOOK_FEEDBACK_BUNDLE === "string") {
    // V8 compiles its patterns straight to machine code (core/capture/classifier-v8.ts); set before its code cache is read, which was written under the same flag
    const flags = classifierV8Flags(process.versions.node);
    if (flags) process.getBuiltinModule("node:v8").setFlagsFromString(flags);
    return (fromOwnBundle(OMP_HOOK_FEEDBACK_BUNDLE) as typeof import("../../core/capture/feedback-candidate.js")).feedbackCandidate;
  }
  // (the build leaves this import out of dist/hook.cjs: it never gets here)
  return (await import("../../core/capture/feedback-candidate.js")).feedbackCandidate;
}

/**
 * keep's work after a session ends (core/keep/hook.ts), loaded only when it
 * has some. In dist/hook.cjs a bundle of its own too (dist/hook-keep.cjs,
 * compiled when loaded): out of the hook's code cache, that cache stays
 * under glibc's 128 KiB mmap threshold, so its read reuses heap memory
 * already touched (7 page faults instead of 41). Its copies of the lock and
 * guard modules throw errors of their own classes, which classifyError
 * tells by their code (core/fs/guard.ts, LINK_REFUSED).
 */
async function loadKeep(): Promise<typeof import("../../core/keep/hook.js")> {
  if (typeof OMP_HOOK_KEEP_BUNDLE === "string") return fromOwnBundle(OMP_HOOK_KEEP_BUNDLE) as typeof import("../../core/keep/hook.js");
  // (the build leaves this import out of dist/hook.cjs: it never gets here)
  return await import("../../core/keep/hook.js");
}

/** Runs the hook; resolves to the line to print (or ""). Never rejects. */
export async function runHook(argv: string[]): Promise<string> {
  const t0 = monoMs();
  const args = parseHookArgs(argv);
  const clocks = hookClocks();
  // OMP_SESSIONS_STDIN_WAY=stream: read a pipe through a net.Socket, the fallback's way (tests)
  const drain = () => readStdin({ idleMs: clocks.stdinIdleMs, way: process.env.OMP_SESSIONS_STDIN_WAY === "stream" ? "stream" : "sync" });
  if (args.help) return HOOK_USAGE;
  let root: string | null = null;
  let harness: string | null = null;
  const log = (kind: HookErrorKind, message: string, bytes: number | null = null): void => {
    debug(`${kind}: ${message}`);
    if (!root) return;
    try {
      logHookError(root, kind, message, harness, bytes);
    } catch (err) {
      debug(`cannot write errors.jsonl: ${(err as Error).message}`);
    }
  };
  try {
    try {
      root = resolveHub({ local: args.local, hub: args.values.get("--hub") }).root;
    } catch (err) {
      debug((err as Error).message);
      await drain();
      return "";
    }
    const loaded = loadConfig(root);
    if (loaded.error) {
      log("config-invalid", "config.json is invalid; capture is disabled until `omp-sessions enable` rewrites it");
      await drain();
      return "";
    }
    const config = loaded.config;
    // keep (the session archive) runs from this hook too, whether or not capture is on.
    const keep = keepConfigOrOff();
    const capture = !(args.ifEnabled && !isEnabled(config));
    if (!capture && !keep.enabled) {
      await drain();
      return "";
    }
    harness = args.values.get("--harness") ?? null;
    const input = await drain();
    // no input at all (a terminal, or a pipe that never sent a byte): nothing happened to record
    if (input.none) {
      if (input.timedOut) log("no-input", "hook stdin stayed open with no data past the idle deadline; nothing was recorded");
      return "";
    }
    if (input.tooLarge) {
      log("stdin-too-large", "hook input exceeded 8 MiB and was ignored", input.bytes);
      return "";
    }
    let payload: unknown = {};
    if (input.text.trim()) {
      try {
        payload = JSON.parse(input.text);
      } catch {
        log("invalid-json", "hook input is not valid JSON", input.bytes);
        return "";
      }
      if (!payload || typeof payload !== "object" || Array.isArray(payload)) {
        log("not-an-object", "hook input is JSON but not an object", input.bytes);
        return "";
      }
    }
    const p = payload as Record<string, unknown>;
    const event = normalizeEvent(p, {
      harness: args.values.get("--harness"),
      eventName: args.values.get("--event-name"),
      sessionId: args.values.get("--session-id"),
      cwd: args.values.get("--cwd"),
    });
    harness = event.harness;
    const named = args.values.get("--harness");
    if (named !== undefined && !HOOK_HARNESSES.includes(named)) {
      log("unknown-harness", `unknown --harness (expected ${HOOK_HARNESSES.join(", ")}); the event is recorded under the name given`);
    }
    const maxBytes = Number(args.values.get("--max-event-bytes"));
    const preview = payloadPreview(p, Number.isInteger(maxBytes) && maxBytes > 0 ? maxBytes : 1200);
    const summary = args.values.get("--summary");
    if (capture) {
      // a classifier that cannot be loaded costs the event its candidate, never the event itself
      const candidateOf = mayYieldCandidate({ event, config })
        ? await loadCandidateBuilder().catch((err: unknown): CandidateBuilder => {
            log(classifyError(err).kind, `feedback classifier not loaded: ${classifyError(err).message}`);
            return () => null;
          })
        : null;
      ingestEvent(
        {
          root,
          config,
          event,
          preview,
          trigger: scrubCut(args.values.get("--trigger") || event.eventName, 1000),
          topics: args.topics.map((t) => scrubCut(t, 1000)),
          manualSummary: summary ? scrubCut(summary, 2000) : null,
          lockWaitMs: clocks.lockWaitMs,
          t0,
          digestBudgetMs: clocks.digestBudgetMs,
          report: (kind, message) => log(kind, message),
        },
        candidateOf,
      );
    }
    // Within the digests' budget: the rest is queued for the next run, never lost.
    const keepDeadline = Date.now() + Math.max(0, clocks.digestBudgetMs - (monoMs() - t0));
    // Loaded only when it has work: the hook's other events start without the listing code.
    if (keep.enabled && (event.kind === "session-end" || event.kind === "stop"))
      await loadKeep()
        .then((k) => k.keepAfterEvent(event, keep, keepDeadline, clocks.lockWaitMs))
        .catch((err: unknown) => log(classifyError(err).kind, `keep: ${classifyError(err).message}`));
    if (!capture) return "";
    const wants = (event.kind === "session-start" && flag(config, "rehydrate", "session_start")) || (event.kind === "user-prompt" && flag(config, "rehydrate", "user_prompt"));
    if (!wants || monoMs() - t0 >= clocks.outputBudgetMs) return "";
    const items = readSidecar(root, event.cwd)
      .filter((x) => typeof x.last_digest_path === "string" && x.last_digest_path)
      .slice(0, 3)
      .map((x) => ({ sid: x.llm_wiki_session_id, summary: x.summary, cwd: event.cwd, digestPath: x.last_digest_path as string }));
    if (items.length === 0) return "";
    return JSON.stringify({ hookSpecificOutput: { hookEventName: event.eventName, additionalContext: rehydrationText(items) } });
  } catch (err) {
    const { kind, message } = classifyError(err);
    log(kind, message);
    if (process.env.OMP_SESSIONS_DEBUG === "1" && err instanceof Error && err.stack) process.stderr.write(err.stack + "\n");
    return "";
  }
}
