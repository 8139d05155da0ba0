// Applying a write: refuse when the session looks live (unless forced), re-read
// the file's tail, plan against the real current leaf, then append (and, for an
// omp rename, rewrite the title slot). If another writer appends between our
// read and our write, we read again and re-plan (a few times; the last attempt
// writes anyway, still hanging our entry from an entry that exists).
import { WriteRefusedError } from "../../errors.js";
import { loadSession, refreshSession } from "../tree/load.js";
import type { Session } from "../model.js";
import { appendLines, readBytes, rewriteInPlace, statStamp } from "./append.js";
import type { FileStamp } from "../../fs/stat.js";
import { assertAppendable } from "./guard.js";
import { checkLive, recordOwnWrite, type LiveOptions } from "./live.js";
import { planWrite, type AppendPlan, type PlanOptions, type WriteRequest } from "./plan.js";
import { applyRewrite } from "./rewrite.js";

type Obj = Record<string, unknown>;

export interface ApplyOptions extends PlanOptions {
  /** Write even when the session looks live. */
  force?: boolean;
  live?: LiveOptions;
  /** The whole-file rewrite (§7a): called just before its final check and swap (tests change the file here). */
  beforeSwap?: (file: string) => void;
  /**
   * The plan the user saw (a preview): written byte for byte — same entry ids
   * and timestamps — while the file is as it was planned against. When the
   * file changed meanwhile, nothing is written and PlanChangedError carries the
   * plan made against the file as it is now, to be shown again.
   */
  plan?: AppendPlan;
}

/** The previewed plan no longer fits the file (it changed since): here is the new one; nothing was written. */
export class PlanChangedError extends WriteRefusedError {
  override name = "PlanChangedError";
  constructor(
    readonly plan: AppendPlan,
    /** The session as re-read, which `plan` was made against. */
    readonly session: Session,
  ) {
    super(`${plan.file} changed since the preview; nothing was written — see the new preview`);
  }
}

export interface ApplyResult {
  /** The plan that was written (made against the file's real tail). */
  plan: AppendPlan;
  /** The entries appended, in order. */
  appended: Obj[];
  slotRewritten: boolean;
  /** The file was rewritten whole with a title slot added (omp rename of a slot-less file). */
  rewritten: boolean;
  /** A "\n" was written first because the file ended with a partial line. */
  newlineAdded: boolean;
  /** The session re-read after the write. */
  session: Session;
}

const ATTEMPTS = 5;

/** Throws WriteRefusedError when the session looks live and `force` is not set. */
export function refuseIfLive(file: string, opts: ApplyOptions = {}): void {
  if (opts.force) return;
  const st = checkLive(file, opts.live);
  if (st.live) {
    throw new WriteRefusedError(`${file} looks live (${st.reasons.join("; ")}): an agent may be writing it. Close the agent or pass --force to write anyway`);
  }
}

/** The bytes `s` was read from must still be there: same leaf line at the same offset. */
function assertUnchanged(s: Session, stamp: FileStamp): void {
  if (stamp.size < s.size) {
    throw new WriteRefusedError(`${s.file} shrank from ${s.size} to ${stamp.size} bytes since it was read; refusing to write to a file that lost history`);
  }
  const last = s.entries[s.entries.length - 1];
  if (!last) return;
  const bytes = readBytes(s.file, last.offset, last.length);
  let id: unknown;
  try {
    id = (JSON.parse(bytes.toString("utf8")) as Obj).id;
  } catch {
    id = undefined;
  }
  if (id !== last.id) throw new WriteRefusedError(`${s.file} was rewritten since it was read (line ${last.line} changed); reload it and try again`);
}

export async function applyWrite(s: Session, req: WriteRequest, opts: ApplyOptions = {}): Promise<ApplyResult> {
  assertAppendable(s);
  refuseIfLive(s.file, opts);
  let cur = s;
  for (let attempt = 1; ; attempt++) {
    const stamp = statStamp(cur.file);
    assertUnchanged(cur, stamp);
    const fresh = await refreshSession(cur);
    const shown = opts.plan;
    if (shown && (fresh.size !== shown.size || fresh.leafId !== shown.leafId)) throw new PlanChangedError(await planWrite(fresh, req, opts), fresh);
    const plan = shown ?? (await planWrite(fresh, req, opts));
    const expect: FileStamp = { ...stamp, size: fresh.size };
    // A previewed plan is never written over bytes that arrived after it.
    const last = attempt >= ATTEMPTS && !shown;
    if (plan.rewrite) {
      // Never under a live agent (whatever `force` says), never merged with a change made meanwhile.
      applyRewrite(fresh.file, plan.rewrite, JSON.stringify(plan.entries[0]), { live: opts.live, beforeSwap: opts.beforeSwap });
      recordOwnWrite(fresh.file, { ownDir: opts.live?.ownDir });
      return { plan, appended: plan.entries, slotRewritten: false, rewritten: true, newlineAdded: false, session: await loadSession(fresh.file) };
    }
    if (plan.slot) {
      const r = rewriteInPlace(fresh.file, plan.slot.offset, plan.slot.before, plan.slot.after, expect);
      if (r.kind === "moved") {
        if (shown) throw await changed(fresh.file, req, opts);
        if (last) throw new WriteRefusedError(`${fresh.file}: its title slot keeps changing (an agent is renaming it); try again later`);
        cur = await loadSession(fresh.file);
        continue;
      }
    }
    let out;
    try {
      out = appendLines(
        fresh.file,
        plan.entries.map((e) => JSON.stringify(e)),
        expect,
        last,
      );
    } catch (err) {
      if (plan.slot) rewriteInPlace(fresh.file, plan.slot.offset, plan.slot.after, plan.slot.before, expect);
      throw err;
    }
    if (out.kind === "moved") {
      // Put the slot back: the next attempt plans against the file as others left it.
      if (plan.slot) rewriteInPlace(fresh.file, plan.slot.offset, plan.slot.after, plan.slot.before, expect);
      if (shown) throw await changed(fresh.file, req, opts);
      cur = fresh;
      continue;
    }
    // A slot rewrite changes bytes a refresh would not re-read: load it whole then.
    const session = plan.slot ? await loadSession(fresh.file) : await refreshSession(fresh);
    recordOwnWrite(fresh.file, { ownDir: opts.live?.ownDir });
    return { plan, appended: plan.entries, slotRewritten: plan.slot !== null, rewritten: false, newlineAdded: out.newlineAdded, session };
  }
}

/** The file moved on under a previewed plan: the plan against it as it is now. */
async function changed(file: string, req: WriteRequest, opts: ApplyOptions): Promise<PlanChangedError> {
  const now = await loadSession(file);
  return new PlanChangedError(await planWrite(now, req, { now: opts.now }), now);
}
