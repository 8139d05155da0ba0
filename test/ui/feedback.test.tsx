// The feedback queue (screen 3), driven with real keys: every action is
// checked on the frame and in the files the capture core writes.
import { afterEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { readJson, readLines } from "../capture/helpers.js";
import { KEYS, tick, type Mounted } from "./harness.js";
import { cursorLine, mountOn, queueRows, reviewHub, userPrompt } from "./review-helpers.js";
import { summaryRow } from "../helpers/summary-row.js";
import { displayWidth } from "../../src/ui/format/width.js";

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

/** Three candidates from one codex session: correction (oldest), preference, approval (newest). */
function threeCandidates(root: string) {
  const correction = userPrompt(root, "s1", "No, that is the wrong file; use config.json instead.", "t1", "2026-06-13T18:01:00Z");
  const preference = userPrompt(root, "s1", "Always run the tests before committing.", "t2", "2026-06-13T18:02:00Z");
  const approval = userPrompt(root, "s1", "Looks good, that fixed it.", "t3", "2026-06-13T18:03:00Z");
  process.env.OMP_SESSIONS_NOW = "2026-06-13T18:10:00Z";
  return { correction, preference, approval };
}

/** Every file under ROOT with its bytes. */
function storeFiles(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (f.isFile()) out[join(f.parentPath, f.name)] = readFileSync(join(f.parentPath, f.name), "latin1");
  }
  return out;
}
const statusJson = (root: string) => readJson(join(root, "feedback", "status.json"));
const registry = (root: string, event: string) => readLines(join(root, "registry.jsonl")).filter((l) => l.event === event);

describe("feedback queue", () => {
  it("at 60 columns the capture line keeps every count (the labels shorten, the hub path goes)", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    m = await mountOn(hub, "3", { width: 60 });
    expect(m.frame().split("\n")[1]).toBe("capture on · balanced · 1 sess │ 3 new · 0 prom · 0 dism");
  });

  it("lists candidates newest first with type, confidence, scope, session and a preview of the lesson and words", async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    const f = m.frame();
    expect(f).toContain("capture on · balanced");
    // the counts stay in view: a hub path too long for the line (a test run's temp dir) gives way, keeping its end
    expect(f).toContain("3 new · 0 promoted · 0 dismissed");
    expect(f.split("\n")[1]).toMatch(/ hub \S*\/hub · 1 sessions/);
    const rows = queueRows(f);
    expect(rows.map((r) => r.match(/(correction|preference|approval)/)?.[1])).toEqual(["approval", "preference", "correction"]);
    expect(rows[1]).toMatch(/preference\s+high\s+global\s+codex:s1/);
    expect(f).toContain(`── ${ids.approval}`);
    expect(f).toContain("User validated the immediately preceding result or action: ‹the words below›");
    expect(f).toMatch(/What the user said \(redacted\)\n\s+Looks good, that fixed it\./);
    expect(f).toContain("What the user said (redacted)");
    await m.press("j");
    expect(cursorLine(m.frame())).toContain("preference");
    expect(m.frame()).toContain("User preference or design rule candidate: ‹the words below›");
    expect(m.frame()).toContain("Always run the tests before committing.");
  });

  it("names a candidate's session by the title the session list shows for it; by its id when the list does not hold it", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    userPrompt(hub.root, "s2", "No, revert that change.", "t9", "2026-06-13T18:04:00Z");
    process.env.OMP_SESSIONS_NOW = "2026-06-13T18:10:00Z";
    m = await mountOn(hub, "3");
    expect(queueRows(m.frame())[1]).toMatch(/codex:s1/);
    // The list's rows: codex's s1 titled by its first message; s2 is not listed; a pi session with the id s1 is another session.
    const rows = [summaryRow({ path: "/s/pi-s1.jsonl", agent: "pi", id: "s1", name: "a pi session" }), summaryRow({ path: "/s/rollout-s1.jsonl", agent: "codex", id: "s1", firstMessage: "Fix the config loader\nand its tests" })];
    m.store.getState().setSessions(rows);
    const f = await m.waitFor((fr) => queueRows(fr).some((r) => r.includes("Fix the config")), "the title in the rows");
    const queue = queueRows(f);
    expect(queue[0]).toMatch(/correction\s+\S+\s+\S+\s+codex:s2/); // the newest, s2's: not in the list
    expect(queue.slice(1).every((r) => /\s(session|global|repo)\s+Fix the config loader a…\s/.test(r))).toBe(true);
    expect(f).not.toContain("a pi session");
    await m.press("j");
    // The preview names it by its title, the id on the line after.
    expect(m.frame()).toMatch(/Session\n\s+Fix the config loader and its tests\n\s+codex:s1 · codex · \/work\/app/);
  });

  it("/ finds a candidate by part of its session's title as the row shows it (a title the list gives after the search began too)", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    userPrompt(hub.root, "s2", "No, revert that change.", "t9", "2026-06-13T18:04:00Z");
    process.env.OMP_SESSIONS_NOW = "2026-06-13T18:10:00Z";
    m = await mountOn(hub, "3");
    await m.press("/");
    await m.type("loader");
    expect(m.frame()).toContain("no candidate matches the search");
    // The list's rows arrive while the search is open: s1's three candidates are titled by its first message.
    m.store.getState().setSessions([summaryRow({ path: "/s/rollout-s1.jsonl", agent: "codex", id: "s1", firstMessage: "Fix the config loader\nand its tests" })]);
    const f = await m.waitFor((fr) => queueRows(fr).length === 3, "the titled rows");
    expect(queueRows(f).every((r) => r.includes("Fix the config"))).toBe(true);
    await m.press(KEYS.enter);
    // Part of the title no row shows whole still finds it (the whole title, as the preview shows it).
    await m.press("/", KEYS.backspace, KEYS.backspace, KEYS.backspace, KEYS.backspace, KEYS.backspace, KEYS.backspace);
    await m.type("tests");
    expect(queueRows(m.frame())).toHaveLength(3);
  });

  it("a short queue lends the preview the rows it does not use (60x20: three rows, the preview under them)", async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3", { width: 60, height: 20 });
    const rows = m.frame().split("\n");
    expect(rows).toHaveLength(20);
    const queue = queueRows(m.frame());
    expect(queue).toHaveLength(3);
    const last = rows.indexOf(queue[2]);
    expect(rows[last + 1]).toMatch(new RegExp(`^── ${ids.approval}`));
    // and the preview goes on to the screen's last row
    expect(rows.at(-3)!.trim()).not.toBe("");
  });

  it("a title of wide characters is one line of the preview, cut to its columns", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    m = await mountOn(hub, "3", { width: 60, height: 30 });
    m.store.getState().setSessions([summaryRow({ path: "/s/rollout-s1.jsonl", agent: "codex", id: "s1", name: "日本語のタイトル".repeat(10) })]);
    const f = await m.waitFor((fr) => fr.includes("日本語"), "the title");
    const rows = f.split("\n");
    const at = rows.findIndex((r) => r.trim() === "Session");
    expect(rows[at + 1]).toMatch(/^ {3}日本語.*…$/);
    expect(displayWidth(rows[at + 1])).toBeLessThanOrEqual(60);
    expect(rows[at + 2]).toMatch(/^ {3}codex:s1 · /);
  });

  it("at 60 columns confidence and scope give way (the preview shows them) and the words get the room", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    m = await mountOn(hub, "3", { width: 60, height: 20 });
    const f = m.frame();
    expect(f).toMatch(/^ {7}type {7}session {5}age feedback$/m);
    expect(queueRows(f)[2]).toMatch(/^ {4}· {2}correction codex:s1 +\S+ No, that is the wrong fil…$/);
    expect(f).toContain("approval · medium · scope session");
  });

  it("with no candidates yet, the empty queue's message is read whole at 60 columns (wrapped, not cut)", async () => {
    m = await mountOn(reviewHub(), "3", { width: 60, height: 20 });
    const rows = m.frame().split("\n");
    expect(rows.every((r) => r.length <= 60)).toBe(true);
    const said = rows.map((r) => r.trim()).join(" ");
    expect(said).toContain("No feedback candidates yet: corrections and preferences your agents hear land here (omp-sessions hook), or press I on a session's tree.");
  });

  it("p promotes to a picked topic: note, status.json, log.md, feedback index", async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    await m.press("j", "j"); // the correction
    await m.press("p");
    const picker = await m.waitFor((f) => f.includes("to which topic?"), "the topic picker");
    expect(picker).toMatch(/❯ demo/);
    expect(picker).toContain("+ new topic…");
    await m.press(KEYS.enter);
    const f = await m.waitFor((x) => x.includes("promoted to demo"), "promotion status");
    expect(f).toContain("2 new · 1 promoted");
    const notes = readdirSync(hub.demoNotes);
    expect(notes).toEqual([`2026-06-13-feedback-correction-${ids.correction}.md`]);
    const note = matter(readFileSync(join(hub.demoNotes, notes[0]), "utf8"));
    expect(note.data.title).toBe(`Feedback Candidate Promotion: ${ids.correction}`);
    expect(note.data.summary).toContain("No, that is the wrong file");
    expect(statusJson(hub.root).promoted[ids.correction]).toMatchObject({ topic: "demo", path: join(hub.demoNotes, notes[0]) });
    expect(readFileSync(hub.demoLog, "utf8")).toContain(`feedback | promoted feedback candidate ${ids.correction} → raw/notes/${notes[0]}`);
    expect(registry(hub.root, "feedback_promoted")).toHaveLength(1);
    // the TUI refreshes the indexes after its write
    const idx = readJson(join(hub.root, "indexes", "feedback.json"));
    expect(idx.unpromoted).not.toContain(ids.correction);
    expect(idx.unpromoted_count).toBe(2);
    // gone from "new"; visible under "promoted" with its mark
    expect(queueRows(m.frame()).some((r) => r.includes("correction"))).toBe(false);
    await m.press("s");
    expect(m.frame()).toContain("status promoted");
    expect(queueRows(m.frame())).toHaveLength(1);
    expect(queueRows(m.frame())[0]).toMatch(/✓\s+correction/);
    expect(m.frame()).toContain("promoted to demo");
  });

  it('"new topic" asks for a name, creates its raw/notes and promotes there', async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    await m.press("p");
    await m.waitFor((f) => f.includes("+ new topic…"), "picker");
    await m.press(KEYS.down, KEYS.enter);
    await m.waitFor((f) => f.includes("New topic for"), "name prompt");
    await m.type("Release Notes");
    await m.press(KEYS.enter);
    await m.waitFor((f) => f.includes("promoted to release-notes"), "promotion");
    const dir = join(hub.hub, "topics", "release-notes", "raw", "notes");
    expect(readdirSync(dir)).toEqual([`2026-06-13-feedback-approval-${ids.approval}.md`]);
    expect(statusJson(hub.root).promoted[ids.approval].topic).toBe("release-notes");
    // The new topic has a log.md, and the promotion wrote its line there.
    expect(readFileSync(join(hub.hub, "topics", "release-notes", "log.md"), "utf8")).toContain(`feedback | promoted feedback candidate ${ids.approval} → raw/notes/2026-06-13-feedback-approval-${ids.approval}.md`);
  });

  it("e edits the lesson (status.json edited_lesson, registry) and the promoted note carries the edit", async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    await m.press("e");
    const f = await m.waitFor((x) => x.includes("Distilled lesson for"), "lesson prompt");
    expect(f).toContain("› User validated the immediately preceding result");
    await m.press(KEYS.ctrl("u"));
    await m.type("Ship once the tests pass.");
    await m.press(KEYS.enter);
    await m.waitFor((x) => x.includes("lesson edited"), "edit status");
    expect(statusJson(hub.root).edited_lesson[ids.approval]).toEqual({ text: "Ship once the tests pass.", ts: "2026-06-13T18:10:00Z" });
    expect(registry(hub.root, "feedback_lesson_edited").map((l) => l.id)).toEqual([ids.approval]);
    expect(m.frame()).toContain("Lesson (edited)");
    expect(m.frame()).toContain("original: User validated");
    expect(cursorLine(m.frame())).toContain("✎ Ship once the tests pass.");
    await m.press("p");
    await m.waitFor((x) => x.includes("to which topic?"), "picker");
    await m.press(KEYS.enter);
    await m.waitFor((x) => x.includes("promoted to demo"), "promotion");
    const note = matter(readFileSync(statusJson(hub.root).promoted[ids.approval].path, "utf8"));
    expect(note.data.summary).toBe("Ship once the tests pass.");
    expect(note.content).toContain("## Distilled Lesson\n\nShip once the tests pass.\n");
  });

  it("x dismisses with a reason, u undoes; s cycles new · promoted · dismissed · all", async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    await m.press("x");
    await m.waitFor((x) => x.includes("reason (optional)"), "reason prompt");
    await m.type("too vague");
    await m.press(KEYS.enter);
    await m.waitFor((x) => x.includes("(u undoes)"), "dismissal");
    expect(statusJson(hub.root).dismissed[ids.approval]).toEqual({ reason: "too vague", ts: "2026-06-13T18:10:00Z" });
    expect(queueRows(m.frame()).map((r) => r.includes("approval"))).toEqual([false, false]);
    expect(m.frame()).toContain("2 new · 0 promoted · 1 dismissed");
    await m.press("s", "s");
    expect(m.frame()).toContain("status dismissed");
    expect(queueRows(m.frame())).toHaveLength(1);
    expect(m.frame()).toContain("dismissed 2026-06-13T18:10:00Z: too vague");
    await m.press("s");
    expect(m.frame()).toContain("status all");
    expect(queueRows(m.frame())).toHaveLength(3);
    await m.press("u");
    await m.waitFor((x) => x.includes(`restored ${ids.approval}`), "undo");
    expect(statusJson(hub.root).dismissed).toEqual({});
    expect(registry(hub.root, "feedback_dismissed").map((l) => l.undone ?? false)).toEqual([false, true]);
    await m.press("s");
    expect(m.frame()).toContain("status new");
    expect(queueRows(m.frame())).toHaveLength(3);
    // Esc in the prompt cancels without writing
    await m.press("x");
    await m.waitFor((x) => x.includes("reason (optional)"), "reason prompt");
    await m.press(KEYS.escape);
    await m.waitFor((x) => !x.includes("reason (optional)"), "prompt closed");
    expect(m.frame()).toContain("[3 feedback]");
    expect(statusJson(hub.root).dismissed).toEqual({});
  });

  it("in a prompt q is typed; ctrl+c quits from it and the store stays as it was", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    const before = storeFiles(hub.root);
    await m.press("x");
    await m.waitFor((x) => x.includes("reason (optional)"), "reason prompt");
    await m.type("q is why");
    expect(m.exited()).toBe(false);
    expect(m.frame()).toContain("› q is why");
    await m.press(KEYS.ctrl("c"));
    await m.waitFor(() => m!.exited(), "the app to quit");
    expect(storeFiles(hub.root)).toEqual(before);
  });

  it("a candidate a hook writes while the queue is open shows up by itself; the cursor stays on its candidate", async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3", { pollMs: 20 });
    await m.press("j");
    const review = m.stores.review;
    expect(review.getState().current()?.id).toBe(ids.preference);
    const fresh = userPrompt(hub.root, "s2", "No, that is the wrong command; use pnpm instead of npm.", "t1", "2026-06-13T18:05:00Z");
    process.env.OMP_SESSIONS_NOW = "2026-06-13T18:10:00Z";
    expect(fresh).toBeTruthy();
    const f = await m.waitFor((x) => x.includes("4 new · 0 promoted"), "the new candidate");
    expect(queueRows(f)).toHaveLength(4);
    expect(queueRows(f)[0]).toContain("codex:s2");
    expect(review.getState().current()?.id).toBe(ids.preference);
    expect(cursorLine(f)).toContain("preference");
    expect(f).toContain(`── ${ids.preference}`);
  });

  it("space selects several; x dismisses them together and u restores the batch; p promotes a selection", async () => {
    const hub = reviewHub();
    const ids = threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    await m.press(" ", " ");
    expect(m.frame()).toContain("2 selected");
    expect(queueRows(m.frame()).filter((r) => r.slice(2, 3) === "◉")).toHaveLength(2);
    await m.press("x");
    await m.waitFor((x) => x.includes("Dismiss 2 candidates"), "bulk prompt");
    await m.press(KEYS.enter);
    await m.waitFor((x) => x.includes("dismissed 2 candidates"), "bulk dismissal");
    expect(Object.keys(statusJson(hub.root).dismissed).sort()).toEqual([ids.approval, ids.preference].sort());
    expect(queueRows(m.frame())).toHaveLength(1);
    await m.press("u");
    await m.waitFor((x) => x.includes("restored 2 candidates"), "bulk undo");
    expect(statusJson(hub.root).dismissed).toEqual({});
    await m.press("g", " ", " ", "p");
    await m.waitFor((x) => x.includes("Promote 2 candidates"), "bulk picker");
    await m.press(KEYS.enter);
    await m.waitFor((x) => x.includes("promoted 2 candidates to demo"), "bulk promotion");
    expect(readdirSync(hub.demoNotes).sort()).toEqual([`2026-06-13-feedback-approval-${ids.approval}.md`, `2026-06-13-feedback-preference-${ids.preference}.md`].sort());
    expect(readFileSync(hub.demoLog, "utf8").match(/promoted feedback candidate/g)).toHaveLength(2);
  });

  it("t and c filter by type and confidence; / searches fuzzily (every word); Esc clears", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    await m.press("t");
    expect(m.frame()).toContain("type correction");
    expect(queueRows(m.frame())).toHaveLength(1);
    await m.press("t", "t");
    expect(m.frame()).toContain("type approval");
    await m.press("t", "t", "t");
    expect(m.frame()).toContain("type any");
    await m.press("c");
    expect(m.frame()).toContain("confidence medium+");
    await m.press("c");
    // Nothing is above high: the filter reads "high", not "high+".
    expect(m.frame()).toContain("confidence high ·");
    expect(m.frame()).not.toContain("high+");
    expect(queueRows(m.frame()).map((r) => /approval/.test(r))).toEqual([false, false]);
    // Status "all" with nothing left: "no candidates", not "no all candidates".
    await m.press("s", "s", "s", "t");
    expect(m.frame()).toContain("status all");
    expect(m.frame()).toContain("type correction");
    await m.press("t", "t");
    expect(m.frame()).toContain("no candidates with these filters");
    expect(m.frame()).not.toContain("no all");
    await m.press("t", "t", "t", "s");
    await m.press("c");
    await m.press("/");
    await m.type("comitting tests"); // a typo still matches
    const f = m.frame();
    expect(f).toContain("/ comitting tests");
    expect(queueRows(f)).toHaveLength(1);
    expect(queueRows(f)[0]).toContain("preference");
    await m.press(KEYS.enter, KEYS.escape);
    expect(queueRows(m.frame())).toHaveLength(3);
  });

  it("M cycles the capture mode with the same config writes as enable/disable", async () => {
    const hub = reviewHub();
    threeCandidates(hub.root);
    m = await mountOn(hub, "3");
    await m.press("M");
    await m.waitFor((x) => x.includes("capture on · aggressive"), "aggressive");
    expect(readJson(join(hub.root, "config.json"))).toMatchObject({ enabled: true, mode: "aggressive", auto_capture: { tool_events: 25 } });
    // Off needs a yes: n (and Esc) keep capture on, the config untouched.
    const on = readFileSync(join(hub.root, "config.json"));
    await m.press("M");
    await m.waitFor((x) => x.includes("Turn capture off?"), "the question");
    await m.press("n");
    await m.waitFor((x) => x.includes("capture stays on") && !x.includes("Turn capture off?"), "kept on");
    await m.press("M");
    await m.waitFor((x) => x.includes("Turn capture off?"), "the question again");
    await m.press(KEYS.escape);
    await m.waitFor((x) => !x.includes("Turn capture off?"), "cancelled");
    expect(readFileSync(join(hub.root, "config.json")).equals(on)).toBe(true);
    await m.press("M");
    await m.waitFor((x) => x.includes("Turn capture off?"), "the question, third time");
    await m.press("y");
    await m.waitFor((x) => x.includes("capture off"), "off");
    expect(readJson(join(hub.root, "config.json"))).toMatchObject({ enabled: false, mode: "off" });
    await m.press("M");
    await m.waitFor((x) => x.includes("capture on · capture-only"), "capture-only");
    expect(readJson(join(hub.root, "config.json")).rehydrate).toMatchObject({ session_start: false, user_prompt: false });
  });

  it("draws only the visible rows: 10,000 candidates move, page and jump like ten", async () => {
    const hub = reviewHub();
    const { writeManyCandidates } = await import("./review-many.js");
    const ids = writeManyCandidates(hub.root, 10_000);
    m = await mountOn(hub, "3", { height: 30 });
    const f = m.frame();
    expect(f).toContain("1/10000");
    expect(f.split("\n").length).toBeLessThanOrEqual(30);
    expect(queueRows(f).length).toBeLessThan(20);
    await m.press("G");
    expect(m.frame()).toContain("10000/10000");
    expect(m.frame()).toContain(`── ${ids[0]}`); // oldest last
    await m.press("g", KEYS.down, KEYS.down);
    expect(m.frame()).toContain("3/10000");
    await tick(10);
    expect(existsSync(join(hub.root, "feedback", "status.json"))).toBe(false);
  });
});
