// feedback list | show | edit | promote | dismiss | capture
import { parseArgs, str, bool, type FlagSpec, type ParsedArgs } from "../args.js";
import { UsageError, type Command } from "../command.js";
import { feedbackCapture } from "../../core/capture/manual.js";
import { promoteFeedback } from "../../core/capture/promote.js";
import { dismissCandidate, editLesson, effectiveLesson, findCandidate, readStatus, reviewState, withStatus } from "../../core/capture/review.js";
import { CONFIDENCE_RANK, listFeedback } from "../../core/capture/feedback-list.js";
import { promoteWithTopic } from "./topic-flag.js";
import { MASK } from "../../core/capture/secret-context.js";
import { finishRefresh, intFlag, makeContext, table, withStoreFlags, type StoreContext } from "./common.js";
import { absoluteDir } from "../../core/fs/same-dir.js";

const USAGE = `Usage: omp-sessions feedback <subcommand> [options] [--hub DIR | --local]

  list [--unpromoted] [--type T] [--session-id ID] [--cwd DIR] [--min-confidence low|medium|high]
       [--include-dismissed] [--all] [--limit N] [--json]
                                                       candidates, newest first; the same lesson from
                                                       several turns is one row with a count (--all: every one)
  show <id|text_sha256> [--json]                       one candidate in full
  edit <id> (--lesson TEXT | --clear)                  set or clear the edited lesson
  promote <id> --topic T [--create-topic] [--force]    write a note into the topic's raw/notes
                                                       (--create-topic: create a missing topic first)
  dismiss <id> [--reason R] [--undo]                   hide a candidate from review (or restore it)
  capture --text TEXT [--harness H] [--session-id ID] [--cwd DIR]
                                                       record feedback by hand; prints its id`;

const s = (v: unknown): string => (v == null ? "" : String(v));

/** At most `max` characters, cut at a word's end and never inside a redaction mark ("[REDACTED]"), with "…" when cut. */
export function previewCut(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  // Back out of a mark the cut would split.
  const open = text.lastIndexOf(MASK[0], cut);
  if (open >= 0 && text.startsWith(MASK, open) && open + MASK.length > cut) cut = open;
  const space = text.lastIndexOf(" ", cut);
  if (space > max / 2) cut = space;
  return text.slice(0, cut).trimEnd() + "…";
}

interface Sub {
  flags: FlagSpec;
  run(p: ParsedArgs, ctx: StoreContext): number;
}

const SUBS: Record<string, Sub> = {
  list: {
    flags: { values: ["--type", "--session-id", "--cwd", "--min-confidence", "--limit"], bools: ["--unpromoted", "--include-dismissed", "--all", "--json"] },
    run(p, ctx) {
      const min = str(p, "--min-confidence") ?? "medium";
      if (!(min in CONFIDENCE_RANK)) throw new UsageError("--min-confidence must be low, medium or high");
      const { status, rows } = listFeedback(ctx.root, {
        unpromoted: bool(p, "--unpromoted"),
        includeDismissed: bool(p, "--include-dismissed"),
        type: str(p, "--type"),
        sessionId: str(p, "--session-id"),
        cwd: str(p, "--cwd") !== undefined ? absoluteDir(str(p, "--cwd") as string) : undefined,
        minConfidence: min,
        fold: !bool(p, "--all"),
      });
      if (bool(p, "--json")) {
        const limit = str(p, "--limit") === undefined ? rows.length : intFlag(p, "--limit", 20);
        ctx.json({ sessions_root: ctx.root, feedback_candidates: rows.slice(0, limit).map((c) => withStatus(status, c)) });
        return 0;
      }
      if (rows.length === 0) {
        ctx.out("No feedback candidates.");
        return 0;
      }
      const limit = intFlag(p, "--limit", 20);
      ctx.out(
        table(
          ["ID", "Type", "Confidence", "Scope", "Status", "Preview", "Seen"],
          rows.slice(0, limit).map((c) => [s(c.id), s(c.feedback_type), s(c.confidence), s(c.scope_hint), reviewState(status, c.id as string), previewCut(s(c.text_preview), 80), s(c.count ?? 1)]),
        ),
      );
      return 0;
    },
  },
  show: {
    flags: { bools: ["--json"] },
    run(p, ctx) {
      const key = p.positional[0];
      if (!key) throw new UsageError("missing <id>");
      const c = findCandidate(ctx.root, key);
      const { status } = readStatus(ctx.root);
      if (bool(p, "--json")) {
        ctx.json(withStatus(status, c));
        return 0;
      }
      const lesson = effectiveLesson(status, c);
      const lines = [
        `id: ${s(c.id)}`,
        `type: ${s(c.feedback_type)}`,
        `confidence: ${s(c.confidence)}`,
        `scope: ${s(c.scope_hint)}`,
        `session: ${s(c.llm_wiki_session_id)}`,
        `cwd: ${s(c.cwd)}`,
        `status: ${reviewState(status, c.id as string)}`,
        `lesson: ${lesson}`,
      ];
      if (lesson !== s(c.distilled_lesson)) lines.push(`original lesson: ${s(c.distilled_lesson)}`);
      lines.push(`preview: ${s(c.text_preview)}`);
      ctx.out(lines.join("\n"));
      return 0;
    },
  },
  edit: {
    flags: { values: ["--lesson"], bools: ["--clear"] },
    run(p, ctx) {
      const key = p.positional[0];
      if (!key) throw new UsageError("missing <id>");
      const lesson = str(p, "--lesson");
      if ((lesson === undefined) === !bool(p, "--clear")) throw new UsageError("give exactly one of --lesson TEXT or --clear");
      const c = editLesson(ctx.root, key, lesson ?? null, ctx.warn);
      ctx.out(`${s(c.id)}: ${lesson === undefined ? "edited lesson cleared" : "lesson edited"}`);
      return 0;
    },
  },
  promote: {
    flags: { values: ["--topic"], bools: ["--force", "--create-topic"] },
    run(p, ctx) {
      const key = p.positional[0];
      const topic = str(p, "--topic");
      if (!key) throw new UsageError("missing <id>");
      if (!topic) throw new UsageError("--topic is required");
      ctx.out(promoteWithTopic(ctx, topic, bool(p, "--create-topic"), (t) => promoteFeedback(ctx.hub, ctx.root, key, t, bool(p, "--force"), ctx.warn)).notePath);
      return 0;
    },
  },
  dismiss: {
    flags: { values: ["--reason"], bools: ["--undo"] },
    run(p, ctx) {
      const key = p.positional[0];
      if (!key) throw new UsageError("missing <id>");
      const c = dismissCandidate(ctx.root, key, str(p, "--reason") ?? null, bool(p, "--undo"), ctx.warn);
      ctx.out(`${s(c.id)}: ${bool(p, "--undo") ? "restored" : "dismissed"}`);
      return 0;
    },
  },
  capture: {
    flags: { values: ["--text", "--harness", "--session-id", "--cwd"] },
    run(p, ctx) {
      const text = str(p, "--text");
      if (!text || !text.trim()) throw new UsageError("--text is required");
      const r = feedbackCapture(ctx.root, {
        text,
        harness: str(p, "--harness"),
        sessionId: str(p, "--session-id"),
        cwd: str(p, "--cwd") !== undefined ? absoluteDir(str(p, "--cwd") as string) : undefined,
        warn: ctx.warn,
      });
      const id = r.candidate?.id ?? null;
      if (!r.state) {
        ctx.warn("the session is busy (lock timeout); the feedback is queued and recorded by the next writer of this session");
        return 1;
      }
      if (!id) {
        ctx.out("already captured");
        return 0;
      }
      ctx.out(String(id));
      return 0;
    },
  },
};

export const feedbackCommand: Command = {
  name: "feedback",
  summary: "review feedback candidates distilled from user turns (list, show, edit, promote, dismiss, capture)",
  usage: USAGE,
  async run(argv) {
    const i = argv.findIndex((a) => !a.startsWith("-"));
    const name = i >= 0 ? argv[i] : undefined;
    // a value flag before the subcommand (e.g. --hub DIR list) shifts it; accept those
    const subIdx = argv.findIndex((a, j) => SUBS[a] !== undefined && (j === 0 || !["--hub"].includes(argv[j - 1])));
    const sub = subIdx >= 0 ? SUBS[argv[subIdx]] : undefined;
    if (!sub) throw new UsageError(name ? `unknown subcommand '${name}'` : "missing subcommand");
    const rest = [...argv.slice(0, subIdx), ...argv.slice(subIdx + 1)];
    const p = parseArgs(rest, withStoreFlags(sub.flags));
    const ctx = makeContext(p, `feedback ${argv[subIdx]}`);
    try {
      return sub.run(p, ctx);
    } finally {
      finishRefresh(ctx);
    }
  },
};
