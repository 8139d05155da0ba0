// A feedback candidate as one list row and as the preview pane's lines.
import { homedir } from "node:os";
import { safeText } from "../../core/session/index.js";
import { reviewState, type Candidate, type Status } from "../../core/capture/review.js";
import { effectiveLesson } from "../../core/capture/review.js";
import { age } from "../../core/format/age.js";
import { tildePath } from "../../core/fs/home-path.js";
import { textLines, type Line } from "./lines.js";
import { fitWidth as fit } from "./width.js";

const HOME = homedir();
const s = (v: unknown): string => (v == null ? "" : String(v));
export const STATE_MARK = { pending: "·", promoted: "✓", dismissed: "✗" } as const;

/** Below this many columns the confidence and scope columns give way (the preview shows both): the words need the room. */
export const NARROW_QUEUE = 76;

export function feedbackColumns(width: number) {
  const narrow = width < NARROW_QUEUE;
  const fixed = { mark: 2, type: 10, conf: narrow ? 0 : 6, scope: narrow ? 0 : 7, age: 4 };
  const rest = Math.max(20, width - (fixed.mark + fixed.type + fixed.conf + fixed.scope + fixed.age) - (narrow ? 4 : 6));
  const session = Math.max(10, Math.min(26, Math.floor(rest * 0.3)));
  return { ...fixed, session, text: Math.max(8, rest - session) };
}

/** The cells of a row in order, leaving out a column of no width. */
const cells = (c: ReturnType<typeof feedbackColumns>, conf: string, scope: string, rest: string[]): string => [...rest.slice(0, 2), ...(c.conf ? [conf, scope] : []), ...rest.slice(2)].join(" ");

export function feedbackHeader(width: number): string {
  const c = feedbackColumns(width);
  return cells(c, fit("conf", c.conf, true), fit("scope", c.scope, true), [" ".repeat(c.mark), fit("type", c.type, true), fit("session", c.session, true), "age".padStart(c.age), "feedback"]);
}

/**
 * `✓ correction high   repo    Fix the upload retry   3h  No, that is the wrong file…` (✎ marks an edited lesson).
 * `title`: the session's title as the list shows it (format/list-title.ts), when the list holds it; else its id.
 */
export function feedbackRow(c: Candidate, status: Status, width: number, now: number, title?: string): string {
  const col = feedbackColumns(width);
  const id = c.id as string;
  const edited = id in status.edited_lesson;
  const text = edited ? `✎ ${effectiveLesson(status, c)}` : s(c.text_preview);
  return cells(col, fit(safeText(s(c.confidence)), col.conf, true), fit(safeText(s(c.scope_hint)), col.scope, true), [
    fit(STATE_MARK[reviewState(status, id)], col.mark, true),
    fit(safeText(s(c.feedback_type)), col.type, true),
    fit(title ?? safeText(s(c.llm_wiki_session_id)), col.session, true),
    (c.ts ? age(s(c.ts), now) : "").padStart(col.age),
    fit(safeText(text.replace(/\s+/g, " ")), col.text),
  ]);
}

/** The preview pane: status, lesson (and the original when edited), the redacted words, where they came from (`title`: as feedbackRow). */
export function feedbackPreview(c: Candidate, status: Status, title?: string): Line[] {
  const id = c.id as string;
  const st = reviewState(status, id);
  const out: Line[] = [];
  const head = [id, s(c.feedback_type), s(c.confidence), `scope ${s(c.scope_hint)}`, `recommend ${s(c.promotion_recommendation) || "review"}`].join(" · ");
  out.push({ text: safeText(head), tone: "accent", bold: true });
  if (st === "promoted") {
    const p = status.promoted[id];
    out.push({ text: safeText(`promoted to ${s(p.topic)} ${s(p.ts)}: ${s(p.path)}`), tone: "assistant" });
  } else if (st === "dismissed") {
    const d = status.dismissed[id];
    out.push({ text: safeText(`dismissed ${s(d.ts)}${d.reason ? `: ${s(d.reason)}` : ""} (u undoes the last dismissal)`), tone: "muted" });
  } else out.push({ text: "new — p promote · e edit · x dismiss", tone: "muted" });
  const edited = status.edited_lesson[id];
  out.push({ text: edited ? "Lesson (edited)" : "Lesson", bold: true });
  const lesson = effectiveLesson(status, c);
  const words = s(c.text_preview);
  // An unedited lesson is a fixed prefix plus the words shown below: say it once.
  out.push(...textLines(!edited && words && lesson.endsWith(words) ? `${lesson.slice(0, -words.length)}‹the words below›` : lesson));
  if (edited) out.push(...textLines(`original: ${s(c.distilled_lesson)}`, "muted"));
  out.push({ text: "What the user said (redacted)", bold: true });
  out.push(...textLines(s(c.text_preview), "user"));
  const where = [s(c.llm_wiki_session_id), s(c.harness), c.cwd ? tildePath(s(c.cwd), HOME) : "", s(c.git_branch), s(c.ts), c.turn_id ? `turn ${s(c.turn_id)}` : ""];
  out.push({ text: "Session", bold: true });
  if (title) out.push({ text: `  ${title}` });
  out.push(...textLines(where.filter(Boolean).join(" · ")));
  return out;
}
