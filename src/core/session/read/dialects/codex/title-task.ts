// Codex's IDE extension and desktop app ask a thread of their own for each
// task's title, written as a rollout of its own beside the task's: its one
// prompt is Codex's request for a title, ending with the task's prompt
// (`Task:` in 0.8x, `User prompt:` since: the typed words, without the IDE's
// context), and nothing in it names the task's thread. The task is the
// rollout started in the same minutes whose first prompt's typed words are
// that text: found here, so that the title thread is shown as its
// task's bookkeeping (its parent), as a guardian is shown under the session it
// reviews.
import { closeSync, readdirSync, readSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { openRegularSync } from "../../../../fs/read-capped.js";
import { typedText } from "../../../text/command-echo.js";
import { isInjected } from "./items.js";
import { isRolloutName } from "./paths.js";

/**
 * Codex's requests for a task's title. 0.8x: "Generate a concise UI title (20-40 characters) for this task. … Task:
 * <the task>". Since (0.89 on, IDE and desktop app): "You are a helpful assistant. You will be presented with a user
 * prompt, and your job is to provide a short title for a task that will be created from that prompt. … User prompt:
 * <the task>" (seen in a real rollout of 0.89, `source: "exec"`, and in three public tools that skip these threads).
 */
const OLD_REQUEST = "Generate a concise UI title (";
const NEW_REQUEST = /^(?:You are a helpful assistant\.\s+)?You will be presented with a user prompt, and your job is to provide a short title for a task\b/;

/** Whether a thread's first prompt is Codex's request for a task's title. */
export function isTitleRequest(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith(OLD_REQUEST) || NEW_REQUEST.test(t);
}

/** The task's prompt a title request ends with ("" when it names none). */
export function taskOfTitleRequest(text: string): string {
  const at = Math.max(text.lastIndexOf("\nUser prompt:"), text.lastIndexOf("\nTask:"));
  if (at < 0) return "";
  return text.slice(text.indexOf(":", at) + 1).trim();
}

/** A rollout's start, from its name (`rollout-2026-01-25T18-41-25-<id>.jsonl`), in seconds (local time, as named). */
function startOf(name: string): number | null {
  const m = /^rollout-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})/.exec(name);
  return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) / 1000 : null;
}

/** Rollouts started this close to the title thread are looked at (it starts with its task). */
const WINDOW_S = 300;
/** What is read of a candidate at most, and at a time: its first prompt comes after the session's instructions. */
const HEAD_BYTES = 512 * 1024;
const CHUNK = 64 * 1024;

/** The words compared: blanks folded, the first 200 characters (a request may carry the prompt cut short). */
const norm = (s: string): string => s.replace(/\s+/g, " ").trim().slice(0, 200);

/** A rollout's first prompt (its first `user_message` event, else its first user message not injected), "" if none in its head. */
function firstPrompt(file: string): string {
  let fd: number | null = null;
  let fromItem = "";
  try {
    fd = openRegularSync(file); // a FIFO or device named like a rollout must not hold the listing
    const chunk = Buffer.allocUnsafe(CHUNK);
    let rest = "";
    // chunk by chunk: the first prompt is most often within the first few (after the session's instructions)
    for (let pos = 0; pos < HEAD_BYTES; pos += CHUNK) {
      const n = readSync(fd, chunk, 0, CHUNK, pos);
      if (n <= 0) break;
      const lines = (rest + chunk.toString("utf8", 0, n)).split("\n");
      rest = n < CHUNK ? "" : lines.pop()!;
      for (const line of lines) {
        const got = promptOf(line);
        if (got === null) continue;
        if (got.event) return got.text;
        fromItem ||= got.text;
      }
      if (n < CHUNK) break;
    }
  } catch {
    return fromItem;
  } finally {
    if (fd !== null) closeSync(fd);
  }
  return fromItem;
}

/** A line's user prompt: a `user_message` event's (event), or a user message's not injected; null for any other line. */
function promptOf(line: string): { text: string; event: boolean } | null {
  if (!line.includes('"user')) return null;
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null; // a line cut short
  }
  const o = v as { type?: unknown; payload?: { type?: unknown; message?: unknown; role?: unknown; content?: unknown } };
  const p = o.payload;
  if (!p) return null;
  if (o.type === "event_msg" && p.type === "user_message" && typeof p.message === "string") return { text: p.message, event: true };
  if (o.type === "response_item" && p.type === "message" && p.role === "user" && Array.isArray(p.content)) {
    const t = p.content.map((b: { text?: unknown }) => (typeof b?.text === "string" ? b.text : "")).join("");
    if (t && !isInjected(t)) return { text: t, event: false };
  }
  return null;
}

/** Whether a file is a Codex rollout, which may be a task a title thread waits for (catalog-read.ts). */
export const isRolloutFile = (path: string): boolean => isRolloutName(basename(path));

/** Whether a listed row is a title thread that found no task (read before its task's rollout held its prompt). */
export function waitsForTask(path: string, s: { valid: boolean; parentSession: string | null; firstMessage: string }): boolean {
  return s.valid && s.parentSession === null && isRolloutFile(path) && isTitleRequest(s.firstMessage);
}

/**
 * The files among `files` that may be title threads waiting for one of the `fresh` rollouts (new ones, or ones with no
 * prompt before, read in this listing): rollouts in the same folder started within the window of one. A title thread
 * read before its task's rollout held its prompt found no task; these are looked at again (catalog-read.ts), and only
 * when such a rollout comes, so a listing with nothing new reads none of them. The fresh ones are not among them
 * (read now, they find their task themselves).
 */
export function besideFresh(fresh: readonly string[], files: readonly string[]): number[] {
  const starts = new Map<string, number[]>();
  for (const f of fresh) {
    const at = startOf(basename(f));
    if (at === null) continue;
    const dir = dirname(f);
    const list = starts.get(dir);
    if (list) list.push(at);
    else starts.set(dir, [at]);
  }
  if (starts.size === 0) return [];
  const skip = new Set(fresh);
  const out: number[] = [];
  for (let i = 0; i < files.length; i++) {
    const f = files[i];
    const name = basename(f);
    if (!name.startsWith("rollout-") || skip.has(f)) continue;
    const near = starts.get(dirname(f));
    const at = near && startOf(name);
    if (at != null && near!.some((t) => Math.abs(t - at) <= WINDOW_S)) out.push(i);
  }
  return out;
}

/**
 * The task's rollout a title thread was asked for: in the same folder, started within a few minutes of it, whose
 * first prompt is the task's (the nearest in time when several are). Null when none is there.
 */
export function taskRolloutOf(file: string, task: string): string | null {
  const want = norm(task);
  const own = startOf(basename(file));
  if (!want || own === null) return null;
  const dir = dirname(file);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return null;
  }
  let best: { path: string; gap: number } | null = null;
  for (const name of names) {
    if (!name.endsWith(".jsonl") || name === basename(file)) continue;
    const at = startOf(name);
    if (at === null || Math.abs(at - own) > WINDOW_S) continue;
    const path = join(dir, name);
    const first = firstPrompt(path);
    // the task's prompt as typed: from the IDE or the app, after its context (`… ## My request for Codex:`)
    if (!first || isTitleRequest(first) || norm(typedText(first)) !== want) continue;
    const gap = Math.abs(at - own);
    if (!best || gap < best.gap) best = { path, gap };
  }
  return best?.path ?? null;
}
