// The feedback detector scored on real user turns from public sessions
// (test/fixtures/feedback-turns, docs/feedback.md), next to the reference
// (llm-wiki) word lists. "tune" is the split the rules were written against;
// "holdout" was never read for misses; "holdout2" was labelled, then measured
// once (its first-look numbers are in the docs) before its misses were read;
// "holdout3" was measured unread for one round, then its misses were read too.
// "holdout4" was labelled and committed, measured once before the rules of one
// round and once after (F1 0.53, then 0.61, its misses unread), then read for
// misses in the next round: it is tuning material now, like the others. The
// honest estimate for turns nobody has seen is the first look at a new split
// (docs/feedback.md): "holdout5" and "holdout6" (555 turns from 31 new
// repositories) were labelled by hand; holdout5 was first scored unread (F1 0.47), then read for misses in the
// next round (issue 26), so it is tuning material now. holdout6 was scored unread before that round (0.54) and
// after it (0.57), then read for misses in the round after (0.77 now). holdout7 (285 turns, 18 new repositories)
// was scored unread twice (0.50, then 0.51), then read for misses in the round after (0.81 now): it is tuning
// material too. holdout8 (289 turns, 17 new repositories) was scored unread twice (0.62, then 0.64), then read for
// misses in the round after (0.85 now). holdout9 (299 turns, 23 new repositories) was scored unread at the start
// of that round (0.63) and at its end (0.63, its last unread figure), then read for misses in the latest round (0.82
// now): tuning material too. holdout10 (316 turns, 23 new repositories) was scored unread once (0.65), then read for
// misses in the round before (issue 26, rules that must hold on two splits or more). holdout11 (338 turns, 21 new
// repositories) was scored unread once (0.56), then read for misses (0.74 now). holdout12 (342 turns, 39 new
// repositories) was scored unread once (0.65: P 0.74, R 0.58, type right 0.93), then read for misses in the round before
// (0.81 now, six turns relabelled; every rule added was to hold on two splits or more, and `feedback-score-cli.ts --loso` scores each split
// leave-one-split-out by rule). holdout13 (325 turns, 52 new repositories; Claude Code, Cursor, Gemini CLI, Codex,
// Copilot) was scored unread once after that round (0.57: P 0.68, R 0.49, type right 0.96; reference 0.38), then read
// for misses in the round before (0.70 now, three turns relabelled). holdout14 (317 turns, 37 new repositories; Claude Code, Cursor,
// Codex, Copilot, Gemini CLI) was scored unread once after that round (0.56: P 0.69, R 0.47, type right 0.96; reference 0.23), then
// read for misses in the latest round (0.68 now, one turn relabelled). holdout15 (314 turns, 48 new repositories; aider, Cursor,
// Claude Code, Copilot) is the unread split: labelled in parallel, scored once after that round (0.45: P 0.74, R 0.33, type right
// 0.94; reference 0.32); skipped with a note if its file is absent. The
// floors sit just below what each split reaches: a rule change that loses ground on any split fails here.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classify } from "../../src/core/capture/feedback.js";
import { normalizeText } from "../../src/core/capture/harness.js";
import { referenceClassify } from "./feedback-reference.js";
import { loadTurns, score, splitFile, table, type LabelledTurn, type Score, type Split } from "./feedback-scoring.js";

/** The unread split: scored here once its file is dropped in, its misses never read (feedback-score-cli.ts refuses to list them). */
const UNSEEN = "holdout15" as const;
type Readable = Exclude<Split, typeof UNSEEN>;
const READ: Readable[] = ["tune", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14"];
const SPLITS: Split[] = existsSync(splitFile(UNSEEN)) ? [...READ, UNSEEN] : READ;
/** The splits the rules were written against (their misses were read) and that reach the issue's goal; holdout5, read last, reaches 0.84. */
const TUNING: Split[] = ["tune", "holdout", "holdout2", "holdout3", "holdout4"];
const ours = (t: LabelledTurn): string | null => classify(normalizeText(t.text), false, t.before || null)?.type ?? null;
const reference = (t: LabelledTurn): string | null => referenceClassify(normalizeText(t.text));

function report(split: Split): { o: Score; r: Score } {
  const turns = loadTurns(split);
  const o = score(turns, ours);
  const r = score(turns, reference);
  // the tables are the point of this test: print them for the report
  console.log(
    `\nfeedback detectors on the ${split} split (${turns.length} turns, ${turns.filter((t) => t.label !== "none").length} feedback):\n${table([
      ["ours", o],
      ["reference (llm-wiki)", r],
    ])}\n`,
  );
  return { o, r };
}

/** What each split reaches today (docs/feedback.md), as floors: F1 and precision for feedback vs none, type right of hits. */
const FLOORS: Record<Readable, { f1: number; precision: number; typeRight: number }> & Partial<Record<typeof UNSEEN, { f1: number; precision: number; typeRight: number }>> = {
  tune: { f1: 0.92, precision: 0.94, typeRight: 0.95 },
  holdout: { f1: 0.9, precision: 0.93, typeRight: 0.98 },
  holdout2: { f1: 0.91, precision: 0.95, typeRight: 0.97 },
  holdout3: { f1: 0.88, precision: 0.92, typeRight: 0.97 },
  holdout4: { f1: 0.89, precision: 0.94, typeRight: 0.99 },
  // read for misses two rounds ago (first look 0.47)
  holdout5: { f1: 0.86, precision: 0.92, typeRight: 0.98 },
  // read for misses three rounds ago (first look 0.54, then 0.57 unread)
  holdout6: { f1: 0.79, precision: 0.82, typeRight: 0.93 },
  // read for misses two rounds ago (first look 0.50, then 0.51 unread)
  holdout7: { f1: 0.82, precision: 0.9, typeRight: 0.98 },
  // read for misses two rounds ago (first look 0.62, then 0.64 unread, P 0.85 R 0.51): tuning material now
  holdout8: { f1: 0.86, precision: 0.91, typeRight: 0.98 },
  // read for misses two rounds ago (first look 0.63: P 0.76, R 0.53; then 0.63 unread: P 0.76, R 0.54)
  holdout9: { f1: 0.83, precision: 0.87, typeRight: 0.98 },
  // read for misses two rounds ago (first look 0.65: P 0.74, R 0.57, scored once after the round that read holdout9)
  holdout10: { f1: 0.78, precision: 0.83, typeRight: 0.95 },
  // read for misses two rounds ago (first look 0.56: P 0.77, R 0.45, type right 0.94, scored once after the round that read holdout10)
  holdout11: { f1: 0.75, precision: 0.84, typeRight: 0.95 },
  // read for misses two rounds ago (first look 0.65: P 0.74, R 0.58, type right 0.93, scored once after the round that read holdout11;
  // six turns relabelled in the round before, the guide's decision on having the agent do a step it left to the user)
  holdout12: { f1: 0.81, precision: 0.82, typeRight: 0.93 },
  // read for misses in the round before (first look 0.57: P 0.68, R 0.49, type right 0.96, scored once after the round that read holdout12;
  // three turns relabelled by the guide's decision, two of them read as plan acceptance: type right 0.94)
  holdout13: { f1: 0.69, precision: 0.78, typeRight: 0.93 },
  // read for misses in the latest round (first look 0.56: P 0.69, R 0.47, type right 0.96, scored once after the round that read holdout13;
  // one turn relabelled by the guide's decision: 0.57 before this round's rules, 0.68 after)
  holdout14: { f1: 0.67, precision: 0.75, typeRight: 0.97 },
  // the unread split, scored once after the round that read holdout14 (first look 0.45: P 0.74, R 0.33, type right 0.94; reference 0.32)
  holdout15: { f1: 0.44, precision: 0.73, typeRight: 0.93 },
};

describe("feedback detector on labelled real turns", () => {
  it("the labelled set is real, sourced and large enough", () => {
    const all = SPLITS.flatMap((s) => loadTurns(s));
    expect(all.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    for (const t of all) {
      expect(t.source.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(t.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(["none", "correction", "preference", "approval", "plan_acceptance"]).toContain(t.label);
    }
    // a good share of hard negatives
    expect(all.filter((t) => t.label === "none").length / all.length).toBeGreaterThan(0.5);
    // turns chosen by their words (to have more preferences and approvals) are tuning material only
    for (const s of SPLITS.filter((x) => x !== "tune")) expect(loadTurns(s).filter((t) => t.sampled === "by-words")).toEqual([]);
  });

  if (!existsSync(splitFile(UNSEEN))) it.skip(`${UNSEEN} (the unread split) is skipped: ${splitFile(UNSEEN)} is not there yet; drop its labelled turns in to score it`, () => {});

  for (const split of SPLITS) {
    const f = (split === UNSEEN ? FLOORS[UNSEEN] : FLOORS[split]) ?? { f1: 0, precision: 0, typeRight: 0 };
    it(`${split} split: F1 ≥ ${f.f1}, precision ≥ ${f.precision}, type right ≥ ${f.typeRight}, better than the reference`, () => {
      const { o, r } = report(split);
      expect(o.feedback.f1).toBeGreaterThanOrEqual(f.f1);
      expect(o.feedback.precision).toBeGreaterThanOrEqual(f.precision);
      expect(o.typeRight).toBeGreaterThanOrEqual(f.typeRight);
      expect(o.feedback.f1).toBeGreaterThan(r.feedback.f1);
      expect(o.typeRight).toBeGreaterThan(r.typeRight);
    });
  }

  it("the issue's goal holds on every split the rules were written against: F1 ≥ 0.85, type right ≥ 80%", () => {
    for (const split of TUNING) {
      const s = score(loadTurns(split), ours);
      expect(s.feedback.f1, split).toBeGreaterThanOrEqual(0.85);
      expect(s.typeRight, split).toBeGreaterThanOrEqual(0.8);
    }
  });

  it("confidence means kept: 9 in 10 high-confidence hits are true feedback, medium ones less often, low ones still mostly", () => {
    const levels = (turns: LabelledTurn[]) => {
      const out: Record<string, { n: number; kept: number }> = { high: { n: 0, kept: 0 }, medium: { n: 0, kept: 0 }, low: { n: 0, kept: 0 } };
      for (const t of turns) {
        const c = classify(normalizeText(t.text), false, t.before || null);
        if (!c) continue;
        out[c.confidence].n++;
        if (t.label !== "none") out[c.confidence].kept++;
      }
      return out;
    };
    const tuned = levels(["tune", "holdout", "holdout2", "holdout3"].flatMap((s) => loadTurns(s as Split)));
    const h4 = levels(loadTurns("holdout4"));
    const h5 = levels(loadTurns("holdout5"));
    const row = (name: string, l: ReturnType<typeof levels>) => `| ${name} | ${["high", "medium", "low"].map((k) => (l[k].n ? `${(l[k].kept / l[k].n).toFixed(2)} (${l[k].kept}/${l[k].n})` : "–")).join(" | ")} |`;
    console.log(`\nprecision per confidence level (kept / recorded):\n| turns | high | medium | low |\n|---|---|---|---|\n${row("tune + holdout 1–3", tuned)}\n${row("holdout4", h4)}\n${row("holdout5", h5)}\n`);
    expect(tuned.high.n).toBeGreaterThan(100);
    expect(tuned.high.kept / tuned.high.n).toBeGreaterThanOrEqual(0.9);
    expect(tuned.medium.kept / tuned.medium.n).toBeGreaterThanOrEqual(0.8);
    expect(tuned.low.kept / tuned.low.n).toBeGreaterThanOrEqual(0.6);
    expect(h4.high.kept / h4.high.n).toBeGreaterThanOrEqual(0.9);
    expect(h4.medium.kept / h4.medium.n).toBeGreaterThanOrEqual(0.8);
    expect(h5.high.kept / h5.high.n).toBeGreaterThanOrEqual(0.9);
    expect(h5.medium.kept / h5.medium.n).toBeGreaterThanOrEqual(0.8);
  });
});

describe("the issue's examples, read against the agent message before them", () => {
  const cases: [string, string, string | null][] = [
    ["The build is fixed now and all tests pass.", "still errors", "correction"],
    ["I updated the spec and committed it.", "you updated the spec in the main workspace, not the session repo", "correction"],
    ["I found the cause. Would you like to proceed with a fix?", "yes", "decision"],
    ["The change is ready; shall I commit it?", "Great, commit the change", "decision"],
    ["I'll store the exports under exports/2024-01-01/.", "we dont want to use that directory format ever", "preference"],
    ["已经修复了，现在可以正常启动。", "还是一样的错误，你总是改来改去", "correction"],
    ["", "Fix the login bug; use the session cookie instead of the header.", null],
    ["The API is documented in docs/api.md.", "Now I want you to create an e2e suite", null],
    ["Here is the new parser.", "this doesnt seem correct", "correction"],
    ["I drew the groups by hand with SVG paths.", "You can set group.visible using the vis library which is less work", "correction"],
    ["The tests mock the database layer now.", "stop mocking the database in tests, use the real test db", "correction"],
    ["Should we use npm or pnpm?", "we decided to go with pnpm", "decision"],
    ["Done.", "ok", null],
    ["Done.", "thanks", null],
    ["Which port does the dashboard use?", "3030", null],
  ];
  for (const [before, text, type] of cases) {
    it(`${JSON.stringify(text)} after ${JSON.stringify(before.slice(0, 40))} → ${type ?? "none"}`, () => {
      expect(classify(text, false, before || null)?.type ?? null).toBe(type);
    });
  }

  it("injected text is never feedback", () => {
    for (const text of [
      "<local-command-stdout>No MCP servers configured. Please run /doctor if this is unexpected.</local-command-stdout>",
      "<command-name>/clear</command-name> <command-message>clear</command-message> <command-args></command-args>",
      "<system-reminder>No, do not use the old API.</system-reminder>",
      "This session is being continued from a previous conversation that ran out of context. The user said: no, wrong file.",
      "Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages.",
      "<environment_context> <cwd>/w</cwd> </environment_context>",
      "# AGENTS.md instructions for /w Never use npm; always pnpm.",
      "[Request interrupted by user for tool use]",
      "Implement the plan as specified, it is attached for your reference. Do NOT edit the plan file itself.",
      "For the code present, we get this error: ``` Cannot find module 'react' ``` How can I resolve this? If you propose a fix, please make it concise.",
    ]) {
      expect(classify(text, false, "I fixed it, all tests pass."), text).toBeNull();
    }
  });

  it("the candidate carries a one-line lesson and the words it answered", () => {
    const c = classify("no, use the staging database, not prod", false, "I ran the migration against the production database. Everything is applied.")!;
    expect(c.type).toBe("correction");
    expect(c.lesson).not.toMatch(/\n/);
    expect(c.lesson).toContain("use the staging database");
    expect(c.answered).toBe("Everything is applied.");
  });

  it("a note saved with Claude Code's # shortcut is a standing rule, whatever its words; its lesson has no tags", () => {
    for (const note of ["the api lives in src/server", "In Markdown documents, put a blank line between:\n\n- headers and body\n- body and lists", "remember to never create backup files"]) {
      const c = classify(normalizeText(`<user-memory-input>${note}</user-memory-input>`), false, "Done: the tests pass.")!;
      expect(c, note).not.toBeNull();
      expect(c.type).toBe("preference");
      expect(c.confidence).toBe("high");
      expect(c.lesson).not.toMatch(/<|\n/);
      expect(c.lesson).toContain(note.split("\n")[0]);
      expect(c.answered).toBeNull();
    }
    // the tag must wrap the whole turn, and hold words
    expect(classify(normalizeText("<user-memory-input>  </user-memory-input>"))).toBeNull();
    expect(classify(normalizeText("what is <user-memory-input>x</user-memory-input> for?"))).toBeNull();
  });
});

describe("bug reports and redirections read against the agent's last message", () => {
  // shapes seen in the labelled turns, written out: a state after a claim, an absence, progress then a remaining problem,
  // a request to redo the last answer, pointing back at what the agent did; and the look-alikes that are not feedback
  const cases: [string, string, string | null][] = [
    ["I've updated the button label in Header.tsx.", "the button still shows the old label", "correction"],
    ["I moved the routes into the new router; it should work now.", "now the page is blank", "correction"],
    ["Done: the importer now handles every file in the folder.", "it only works for the first file", "correction"],
    ["The screenshots are saved under Saved/Screenshots.", "No screenshots", "correction"],
    ["It now builds cleanly.", "It now builds. But when I run the exe I get a blank window", "correction"],
    ["Here is the announcement post.", "Can you give me a shorter and more informal version?", "correction"],
    ["I consolidated the helpers into one module.", "You are deleting coinflip and randomLayer. They must remain.", "correction"],
    ["I've made the overhang check stricter.", "When I said overhang, I meant the frog is half in the water", "correction"],
    ["已修复，现在侧边栏会显示 logo。", "图标太小了", "correction"],
    ["需要我帮您重启服务器吗？", "重启", "decision"],
    ["The suite passes.", "Great work! Now let's look at the blog.", "approval"],
    ["", "Do you always use the context of .github/instructions.md?", null],
    ["Would you like me to help with anything else?", "No, please mark 5.5 as done.", null],
    ["Here is the new parser.", "Are these two files duplicates?", null],
    ["I fixed the import.", "ava.base/java.util.ArrayList.forEach(ArrayList.java:1511) Caused by: BeanCreationException: Error creating bean at org.springframework.Foo(Foo.java:648)", null],
    ["Both files are ready.", "Update the docs to make things smoother next time.", null],
    // taking up an offer is doing the offered action
    ["No backend code remains in use. Let me know if you want to clean up imports/usages!", "Thank you, let's clean up the import/usages.", "decision"],
    ["I improved the main area. If you'd like similar enhancements for the right panel, just let me know!", "Let's remove the right panel", null],
    ["I can continue creating more sections if you'd like, or we can pause here. What would you prefer?", "Create two more sections then check in.", "decision"],
    ["Ready for live testing!\n1. Run the bot\n2. Validate the logs\n3. Proceed to Phase 4", "do all 3", "decision"],
    // a pick by the agent's option labels that opens a longer turn; a numbered list of answers is not a pick
    ["A few options:\n\n1. **Letters**: S / U\n2. **Codes**: M, ??\n3. **Symbols**: + and ~\n\nWhich direction appeals to you?", "ok 3 also can you make those rows less highlighted?", "decision"],
    ["Options:\n1. Keep the cache\n2. Drop it\n3. Move it to redis\n\nWhich do you prefer?", "2, 3 and also add a flag for it", "decision"],
    ["Options:\n1. Keep the cache\n2. Drop it\n3. Move it to redis\n\nWhich do you prefer?", "3 but keep the cache warm at start-up", "correction"],
    ["Two questions:\n1. Which port?\n2. Which database?\n\nCan you tell me?", "1. 8080\n2. postgres", null],
    ["Options:\n1. Keep the cache\n2. Drop it\n\nWhich do you prefer?", "2 things first: the build is slow and the logs are noisy", null],
    ["Shall I continue with the next phase?", "continue", "decision"],
    ["Next I will add the breadcrumb navigation.", "continue", null],
    ["Everything is done. Tell me if you have more issues.", "I get this error when I do git pull, please explain and tell me how to fix it", null],
    // answers and negated failures are not verdicts
    ["A few questions: 1. Where should the totals go? 2. Which totals?\nPlease let me know your preferences.", "1. in header\n2. all things mentioned. Do not make that button too big", null],
    ["ruff and mypy passed all checks.", "OK, test create_worktree.py. Make sure it correctly creates a worktree without any errors.", null],
    // challenges and what it should be instead
    ["The ApiKeyGuard now fetches API keys from the database.", "Isn't that solution a little slow? Can you recommend an improvement?", "correction"],
    ["Let me check which component calls the categories endpoint.", "deberia ser categorias activas", "correction"],
    ["The schema is synchronized; the error should resolve.", "No SQL queries only AL code!", "correction"],
    ["", "One correction. In this repo, the worktrees are just subfolders.", "correction"],
    ["Bạn thử áp dụng giải pháp nào trước?", "tôi đã thử comment onchanged rồi nhưng vẫn gặp lỗi trên", "correction"],
    ["已经解决了这个错误。需要我做其他调整吗？", "还是有一个错误", "correction"],
    // taking up what the agent put forward, named as such or by repeating an option's words
    ["", "Please apply the math fixes that you presented and remove everything from the first solution you gave me", "decision"],
    ["Add a Suggestions section to the rule file: it lists follow-up actions the user might consider.", "please add this rule", "decision"],
    ["Which way?\n\n**A)** Investigate the failing `test_parallel` (30 min)\n**B)** Start phase 2 <- **RECOMMENDED**", "Investigate the failing test_parallel (30 min). Plan before you act.", "decision"],
    ["Here is what changed:\n- Added an image cache\n- Renamed the config loader", "Added an image cache for the thumbnails too", null],
    // failure words in a condition, pasted build output, praise led by a courtesy word
    ["I've fixed the parser. It should work now.", "Create a folder called out if it doesn't exist, then write the files.", null],
    ["The dashboard now uses the shared sidebar.", "Unhandled Runtime Error ReferenceError: cn is not defined Source components/dashboard.tsx (158:24) @ cn", null],
    ["The frontend should now connect; try refreshing.", "errors galore: Error: Missing env vars at createConsoleError (console-error.js:23:71) at handleConsoleError (use-error-handler.js:4:2) at foo (a.js:1:1)", "correction"],
    ["All menu items now highlight only on their own page.", "ok absolutely amazing job!! now can we do the same cards with icons instead of text?", "approval"],
    ["The changes are pushed.", "Ok great. A few things: is it appropriate to use stubs here?", null],
    // a new task after a claim of success, whose words name a feature or specify the new thing, is not a verdict on the last one
    ...[
      "Now add error handling to the upload form",
      "Next, write tests for the failure cases",
      "Add a retry when the request fails",
      "Add a 404 page",
      "Show an empty state when there are no results",
      "Add a test that the parser throws on empty input",
      "Now let's handle the case where the file is missing",
      "Please add validation so the form shows an error when the email is wrong",
      "Next, let's build the dashboard. It must show the last 10 orders.",
      "Create a new endpoint /api/orders that returns only the open orders",
      "Add dark mode. Don't use a library for it, plain CSS variables are fine.",
      "Implement the export to CSV; use the existing download helper instead of a new one",
    ].map((text): [string, string, string | null] => ["Done! The login page now works and all tests pass ✅", text, null]),
    // … while a report of what the last change left still is
    ["Done! The login page now works and all tests pass ✅", "build fails", "correction"],
    ["Done! The login page now works and all tests pass ✅", "the login page is blank now", "correction"],
    ["I moved the helpers; you should not see duplicates any more.", "Add the missing import, the page crashes on load", "correction"],
    // common English verdicts after a claim, written out
    ...(
      [
        ["why is the sidebar gone?", "correction"],
        ["what? I never asked for a sidebar", "correction"],
        ["login still redirects to the old page", "correction"],
        ["the sidebar looks weird on mobile", "correction"],
        ["I see a blank screen", "correction"],
        ["it's worse now", "correction"],
        ["the old behaviour was better, go back", "correction"],
        ["lgtm, commit it", "decision"],
        ["can you make the sidebar collapsible?", null],
      ] as [string, string | null][]
    ).map(([text, type]): [string, string, string | null] => ["I've updated the sidebar and fixed the login redirect. It should work now.", text, type]),
    // "yes" answers a question for a fact; it accepts an offer or a proposal
    ["Do you have Docker installed on this machine?", "yes", null],
    ["Is the backend running on port 3000?", "yes it is", null],
    ["Are you using Windows or macOS?", "macOS", null],
    ["Have you restarted the dev server since the change?", "yes, still the same", "correction"],
    ["Should I also update the README?", "sure", "decision"],
    ["This ensures users get a clear error early. **Does this approach work for you?**", "Yes. Once you're done, please create a readme.", "decision"],
    // a rule marker that specifies the software, not how to work, is not a standing rule; one about the work is
    ["I've added the cart page. Want me to add checkout next?", "The sync job runs every time a user logs in; add a lock so it never runs twice", null],
    ["I've added the cart page. Want me to add checkout next?", "From now on, always run the tests before you commit", "preference"],
    // a standing rule aimed at what the agent just did is first a correction
    ["The architecture image is regenerated.", "the image is too wide. We don't want this (ever) --> reformat the puml and recreate the png", "correction"],
    // the agent announced its next step and the user cut in with what it needs to know
    ["Now let me update the system architecture diagram:", "you have plantuml as a command line tool", "correction"],
    // other languages: Portuguese, Italian, Korean, Chinese, Japanese
    ["**Quer que eu implemente isso agora?**", "sim, avalie se temos mais alguma feature que estavamos esquecendo", "decision"],
    ["**Status Final:** FASE 2A 100% COMPLETA + PRONTO PARA PRODUÇÃO", "SEgue erro", "correction"],
    ["Vuoi che applichi le modifiche?", "sì, procedi", "decision"],
    ["Ho corretto il bug, ora funziona.", "ancora non funziona", "correction"],
    ["수정했습니다. 이제 작동합니다.", "아직도 오류가 나요", "correction"],
    ["npm install next@latest", "还是404呢，哪里的问题", "correction"],
    ["现在布局应该更加合理。需要我调整任何其他部分吗？", "这样看起来好多了，但是中间的那条线可以去掉吗", "correction"],
    ["你可以调用 getHistoryLength() 来获取历史记录数量。", "可以获取浏览器的历史记录吗，不是当前项目的历史记录", "correction"],
    ["你可以调用 getHistoryLength() 来获取历史记录数量。", "可以获取浏览器的历史记录吗", null],
    ["GitHubにプッシュしました。", ".specstoryをMCPのgithubを使わずコマンドでプッシュしてください。", "correction"],
    // the turn negates what the agent claimed, or says it is still so; a change summary is a claim
    ["This will now open the report in a new tab once the export finishes.", "it's not opening a new tab after the export", "correction"],
    ["All tasks T001–T042 are complete in tasks.md.", "There are two tasks that are not marked as completed: T036 and T037.", "correction"],
    ["The export now opens in a new tab.", "Can we also export to CSV? Not urgent.", null],
    ["### Deleted: `callback/IBaseRegister.kt`\n- Removed the callback contract\n- Replaced it with an effect channel", "after I tap the Google button and pick an account, nothing happened", "correction"],
    ["Policy numbers are now random 6-digit numbers.", "@page.tsx I just made a new policy and it is still incremental ?", "correction"],
    ["I've updated the parser; the old flag is gone.", "Does the old flag still work for the CLI?", null],
    ["No further changes required; all high-severity issues resolved.", "Are all tasks in phase 3 really done?", "correction"],
    // text the user did not type as a verdict: a slash command's expansion, a shell session, JSON or console output, pasted reasoning
    [
      "Ready for /speckit.plan.",
      "## User Input\n```text\n```\nYou **MUST** consider the user input before proceeding (if not empty). ## Outline 1. Run the setup script and parse FEATURE_SPEC; if it fails, stop and report the error. 2. Load the context.",
      null,
    ],
    ["Tests are ready; the e2e suite should now pass.", "me@laptop frontend % npm run test:e2e > playwright test Error: Cannot find module '@playwright/test'", null],
    ["The download button should now work.", '{"error":"Validation failed: mileage is required., tax.band is required."}', null],
    ["The download button should now work.", "page.tsx:212 Failed to download policy handleDownloadPolicy @ page.tsx:212", null],
    [
      "Would you like me to show the specific code changes?",
      "Okay, so the user is asking whether they can write the embeddings once they're done. From the conversation history, they've already made some changes but are still facing problems writing them to a file.",
      null,
    ],
    ["我会修改 HostWindow.cs，然后编译。", "我能否直接用webview，还是目前就是这样", null],
    // the same in Chinese and Korean; outcome reports, "as you suggested", "I mean …"
    ["我把 MCP bridge 整个删除了。", "我都不需要mcp，为啥还要new这个呢", "correction"],
    ["编译已经通过，没有报错。", "我不想要浏览器的标题栏，直接隐藏", "correction"],
    ["스펙에 이미 포함돼 있습니다.", "그런데 지금 구현된 화면은 내가 그린 그림이랑 전혀 상관없거든?", "correction"],
    ["다음 단계로 문서를 정리할까요?", "좋아. 문서에 경로를 반영해.", "decision"],
    ["Would you like me to implement these changes?", "it worked. could you explain what fixed it?", "approval"],
    ["I wired the dashboard to the realtime feed.", "ok. i see the dashboard working well", "approval"],
    ["", "update the files and test if it's working properly", null],
    ["Let me know how you'd like to break this down.", "Start with phases 1-3, as you suggested.", "decision"],
    ["Would you like me to prioritize parts of this plan first?", "lets apply those?", "decision"],
    ["Would you like me to change the embeddings model?", "I mean the LLM behind the chat", "correction"],
    ["Please share the files you mentioned so I can review them.", "did you miss store.py???", "correction"],
    ["Run it again and send me the debug output.", "i don't think self is defined outside that function", "correction"],
    ["I ran the migration against production.", "wait, that's the staging database", "correction"],
    // this round's mechanisms in the other languages users write in (written from the English shapes, no labelled turns)
    ["Maintenant le panneau s'ouvre au clic.", "ne s'ouvre pas du tout", "correction"],
    ["Jetzt öffnet sich der Dialog beim Klick.", "Der Dialog öffnet nicht", "correction"],
    ["已修复，现在侧边栏会显示 logo。", "侧边栏没有显示出来", "correction"],
    ["設定を反映しました。", "反映されていないです", "correction"],
    ["Benchmark listo. ¿Quieres que revise los resultados?", "no hay problema, gracias", null],
    ["¿Quieres que cambie el modelo de embeddings?", "me refiero al modelo del chat", "correction"],
    ["Agregué la validación del formulario.", "te olvidaste del campo de email", "correction"],
    ["Ich habe den Export angepasst. Soll ich auch die Tests anpassen?", "gerne", "decision"],
    ["Corregí el import. Ahora debería funcionar.", "ya funciona, gracias", "approval"],
    // the latest round's readings against the agent's message (each rule's case fails without it; the look-alikes stay none)
    ["We agree on two changes. Shall I go ahead?", "ok", "decision"],
    ["Done, the tests pass.", "ok", null],
    ["**What next?**\n[R] Resume where we stopped\n[N] Next step\n[S] Show the remaining steps", "S", "decision"],
    ["Pick the flows to draw:\n1) Import\n2) Export\n3) Review\n4) Report\n5) Replay", "2 3 5", "decision"],
    ["Options:\n**Opção 1**: instalar o pacote original\n**Opção 2**: manter o shim\n\nQual prefere?", "implemente a opção 1 com cuidado", "decision"],
    ["I'll list the instances in the eu-west1 zones next.", "we are in eu-west2", "correction"],
    ["I'll list the instances in the eu-west1 zones next.", "we are in eu-west1", null],
    ["There are five test groups left to update.", "the storage ones i mean", "correction"],
    ["O instalador agora está corrigido e o sistema operacional!", "não saiu da tela de carregamento", "correction"],
    ["O instalador agora está corrigido.", "faça isso com cuidado para não quebrar nada", null],
    ["", "dont push it", "correction"],
    ["", "don't forget that the release is on Friday, and the changelog has to be in French for the partners", null],
    // a command typed into the agent's prompt is no verdict, unless it is one the agent put forward (a pick: see this round's cases)
    ["You can read more with `gcloud topic formats` or `gcloud topic filters`. Which one would you like to explore?", "gcloud topic projections", null],
    ["You can read more with `gcloud topic formats` or `gcloud topic filters`. Which one would you like to explore?", "gcloud topic formats", "decision"],
    ["Added the missing entries to the import map.", "it's the same, the page stays white", "correction"],
    ["Refresh and try dragging again.", "sorry, it's the same", "correction"],
    ["Tell me the order you want the fixes in.", "ultrathink: go ahead", "decision"],
    // this round (holdout7 read): acting on what the agent listed by pointing back at it, in the languages users write in
    ["Found three problems:\n1. The cache never expires\n2. The retry loop has no limit\n3. Logs go to stdout", "fix these problems", "decision"],
    ["Found three problems:\n1. The cache never expires\n2. The retry loop has no limit", "Corrija todas essas falhas, por favor", "decision"],
    ["Encontré tres problemas:\n1. La caché no expira\n2. El bucle no tiene límite", "aplica esos cambios", "decision"],
    ["問題点:\n1. キャッシュが切れない\n2. リトライに上限がない", "上記を修正してください。", "decision"],
    ["发现以下问题：\n1. 缓存不过期\n2. 重试没有上限", "把上面这些都修复一下", "decision"],
    // a short polite request put as a question asks the agent to act on them, as the labelled turns read it (round 12: holdout10
    // "can you make those recommended changes?", holdout12 "bunların hepsini düzeltirmisin?"); a question about them asks
    ["Found three problems:\n1. The cache never expires\n2. The retry loop has no limit", "can you fix these problems?", "decision"],
    ["Found three problems:\n1. The cache never expires\n2. The retry loop has no limit", "why are these problems there?", null],
    // "continue" takes up only an offer to go on; an "if that's OK, I'll …" makes a bare "ok" a go-ahead
    ["Which storage do you want: A) Postgres, B) SQLite or C) files?", "continue", null],
    ["Phase 1 is done. Shall I continue with phase 2?", "继续", "decision"],
    ["Phase 1 is done.", "继续完成剩下的页面", null],
    ["I'll commit, push and open the PR if that's OK with you.", "OK", "decision"],
    // a suggested step typed or handed back; a menu command typed alone; picks answered as a numbered list
    ["Next steps: run `db-migrate --all` to apply the schema, then restart the API.", "db-migrate --all", "decision"],
    ["次にやること: 1. `git push` 2. README を更新", "pushしてください", "decision"],
    ["1. *plan — Draft a plan\n2. *review-docs — Review the docs\n3. *exit — Exit\n\nPlease choose a number or command.", "*review-docs", "decision"],
    ["Two questions:\n1. Storage?\nA) Postgres\nB) SQLite\n2. Auth?\nA) sessions\nB) JWT\nWhich do you prefer?", "1. A；2. B", "decision"],
    ["Pick the size: ２) large or 1) small?", "２", "decision"],
    // a short report that it works now; the user says the agent misunderstood; changes announced as a list
    ["Run the installer again and it should show 成功.", "显示成功了", "approval"],
    ["Run the installer again and it should work.", "できました！", "approval"],
    ["全部推送成功！你看看效果怎么样？", "你理解错了，推送格式保持原来的就行", "correction"],
    ["Here is the dashboard. How does it look?", "A few changes: move the chart up and drop the legend", "correction"],
    ["所有页面都已完成，你看看效果？", "我提出几点修改的意见：第一，标题太长", "correction"],
    // the user rules out the agent's conclusion; a comparative adjustment after a claim; "别…了" (stop doing …)
    ["The error means the username already exists in the database.", "数据库里肯定没有相同的账号", "correction"],
    ["已经把输入框改好了。", "这个输入框再大一点", "correction"],
    ["我用脚本来部署，已经改好了。", "别用脚本执行了，一步一步来", "correction"],
    ["我用脚本来部署，已经改好了。", "还有别的办法吗", null],
    ["Added the raise, call and fold handlers; they should all work now.", "Now raise works, but call is not doing anything", "correction"],
    ["実機で起動しました。動くはずです。", "mattaku ugokimasen", "correction"],
    ["已经配置好了定时任务。", "现在设置好了吗，还是需要我再做什么操作呢", null],
    // this round (holdout8 read): each kind in the words of the languages in the data, with look-alikes that stay none
    // a verdict typed before a pasted log keeps its own "error:"; "still" in Spanish and Portuguese; Korean "안 …"
    ["I've moved the model loading to start-up; it should work now.", "look at the error: INFO: started server ERROR: model not found at load (loader.py:12)", "correction"],
    ["Cambié el tiempo de espera del servidor.", "sigue apareciendo el mismo aviso", "correction"],
    ["Ajustei o heredoc do instalador.", "o erro ainda persiste", "correction"],
    ["수정했습니다. 이제 작동합니다.", "페이지가 안 열려요", "correction"],
    ["Terminé el paso 2.", "sigue con el paso 3", null],
    // the user cannot do what the agent set up; "something is not right"
    ["", "cant open any of the files you made", "correction"],
    ["", "hmm something is not right", "correction"],
    ["The extension is published.", "I can't see it in the plugin list - do I have to restart the editor?", null],
    // the agent's offer in Portuguese and French; acting on what it listed with "clean those", "current issues"
    ["Os testes passam. Se quiser, o próximo passo é eu limpar esses avisos do lint.", "please clean those warnings", "decision"],
    ["Tests fail:\n- the env is read at import time\n- the mock is set up too late", "fix current issues", "decision"],
    ["Voici les sept blocs. Confirme si tu veux en ajouter ou en retirer.", "c'est top", "decision"],
    ["Here are the blocks.", "c'est top", "approval"],
    // numbered answers to the agent's questions, written with Chinese full stops, are answers
    ["已经配置好了。请告知：\n1. 是否需要日志？\n2. 是否需要重启？", "1. 不要日志了。2.需要重启", null],
    // the answer language as "keep it in English"
    ["Pronto, os testes passam.", "keep it english please", "preference"],
    // withdrawing what was asked; a failure tied to the agent's change; denying the agent's premise
    ["He creado el plugin y le di permisos.", "ya no quiero nada de eso, elimina el plugin", "correction"],
    ["Reemplacé el bucle de espera por un sondeo.", "mira el error que aparece después del cambio que hiciste", "correction"],
    ["I refactored the loader.", "with the new changes, can you also update the docs?", null],
    ["Ask an org admin to grant you the permission, or create the repo under the org yourself.", "there is no org, it's my own account", "correction"],
    ["I added the export button.", "there is no rush, take your time with the docs", null],
    // the agent left a step to the user, who has it do the step; the user narrows the agent's announced plan
    ["Replace the two files with my version and rebuild in Visual Studio.", "just do it yourself, the files are all local", "correction"],
    ["Shall I run the migration, or do you want to?", "you do it", "decision"],
    ["Understood. I'll stash your changes, then retry the checkout.", "I only want you to do the checkout, nothing else", "correction"],
    // a constraint the finished work left out; finding why the agent's mistake happened
    ["He actualizado el plan de estudio con la nueva tabla.", "ten en cuenta que la clase es los jueves, 8 horas", "correction"],
    ["¿Qué días tienes libres?", "ten en cuenta que trabajo los lunes", null],
    ["I restored the test file the other agent overwrote.", "find out how this happened and prevent it from happening again", "correction"],
    ["Sprint 2 is closed.", "Before sprint 3, make sure the bug we fixed won't happen again: update the docs", null],
    // liking one of the agent's options; a named plan; a one-word Spanish go-ahead
    ["**Hybrid**: keep both configs.\n**Split**: one per user.\n\nWhich direction do you want to go?", "I like hybrid", "decision"],
    ["**Hybrid**: keep both configs.\n**Split**: one per user.\n\nWhich direction do you want to go?", "I like pizza", null],
    ["The phase 4 plan is written to docs/plan.md.", "Execute the phase 4 implementation plan", "decision"],
    ["", "¡Insértalo!", "decision"],
    // the offer's words typed with a slip (two letters swapped, one letter wrong) still take it up
    ["If you want, I can update the docs to the planned structure.", "update teh docs to the planeed strucutre", "decision"],
    ["If you want, I can update the docs to the planned structure.", "delete teh docs", null],
    ["", "modelo", null],
    // this round (holdout9 read): each kind in the words of the languages in the data, with look-alikes that stay none
    // the command the agent put forward, typed as the turn; an example in a finished report is not one
    ["Would you like me to set up the repository first?\n\n```bash\ngit init\n```", "git init", "decision"],
    ["The site is ready! 🎉 Example:\n```bash\ncode src/pages/about.md\n```", "code src/pages/about.md", null],
    // what the agent asked to be told; "type `ukb` to test" is a step for the user
    ['The dashboard is installed but not running. Say "start dashboard" and I\'ll launch it.', "start dashboard", "decision"],
    ["Reconnect the server, then type `ukb` to test the workflow.", "ukb", null],
    // a bare "ok" in Cyrillic to "confirm and I'll run it" in Russian
    ["План: 1. Установить пакет глобально\n\nПодтверди, и я запущу команду.", "ок", "decision"],
    ["Пакет установлен.", "ок", null],
    // the user tried what the agent suggested, and it failed
    ["IDE를 재시작해 보세요.", "재시작도 해봤는데 안돼", "correction"],
    ["Run `python -m app.gui` to open the window.", "I followed your steps and the window exits immediately", "correction"],
    ["Run the import script when the data is ready.", "I tried to find the script in the repo, where is it?", null],
    // what the agent pointed to is not there
    ["Open the console link and click Create Agent.", "não encontrado", "correction"],
    ["Click 'New Agent' in the console.", "a opção de criar agentes não está disponível para mim", "correction"],
    ["Which region should I use?", "is the GPU type available in europe-west4?", null],
    // discarding what the agent made; Korean "why"; disliking it; "you should know this"; "over and over"
    ["Here is the Star Wars style intro you asked for.", "oublie le modèle star wars, fais une présentation moderne", "correction"],
    ["", "forget the previous session, let's start a new feature", null],
    ["모든 프로젝트를 옮겼습니다.", "왜 여기가 .rules 로 되어있어?", "correction"],
    ["", "왜 이 함수가 느린지 설명해줘", null],
    ["Keep the plain DOM, or switch to Angular?", "мне не нравится простой DOM, я хочу Angular", "correction"],
    ["Added the blue theme.", "не нравится этот синий", "correction"],
    ["If you are headless, set up X forwarding.", "I'm on Ubuntu, you should know this", "correction"],
    ["I will list the batch again to keep it consistent.", "that's a lot of the same text over and over again", "correction"],
    ["Run /memory to open the memory file.", "내가 원하는 건 이걸 따라하는 거야", "correction"],
    ["", "what I want is a small dashboard for the orders", null],
    ["", "You misinterpreted slightly. Flatten the folders, then continue.", "correction"],
    // the answer language and "from now on" in Korean, Russian and French; "앞으로" alone is "forward"
    ["Suggested commit message: docs: ratify v1", "한글로 답변해줘.", "preference"],
    ["", "всегда работай со мной на русском", "preference"],
    ["", "이제부터 모든 설명은 짧게 해줘.", "preference"],
    ["", "désormais, réponds-moi sans emojis", "preference"],
    ["", "앞으로 가기 버튼을 추가해줘", null],
    ["Everything is installed.", "je veux que les skills soient dans le même dossier, sans que je te le demande à chaque session", "preference"],
    // not feedback: "其他没有问题" (no other problem), "还是怎么看" (or how), a log level with a colon, "OK, continue" with nothing to continue
    ["已更新设计文档。", "我实际测试了，其他没有问题。", null],
    ["窗口会实时显示当前帧。", "是我自己开窗口还是怎么看", null],
    ["Phase 4 is done.", 'INFO:     127.0.0.1:51037 - "GET /api/events HTTP/1.1" 500 Internal Server Error', null],
    ["", "OK, continue", null],
    // Gemini CLI's steering update: only the words inside <user_input> were typed
    [
      "I will now analyze the next batch of scripts.",
      "User steering update:\n<user_input>\nnope, other folder\n</user_input>\nInternal instruction: Re-evaluate the active plan using this user steering update. Do not cancel tasks unless the user asks.",
      "correction",
    ],
    [
      "I will now analyze the next batch of scripts.",
      "User steering update:\n<user_input>\nread the glossary file too\n</user_input>\nInternal instruction: Re-evaluate the active plan. Do not cancel/skip tasks unless the user explicitly asks; no, never drop tasks.",
      null,
    ],
    // the agent's options put in order; "incorporate all of these" opening a longer turn; a bold "**Modified**" summary is a claim
    ["Next options:\n- Add more printer models\n- Enhance the GUI styling\n\nTell me which you'd like next.", "First add more printer models. Then enhance the GUI.", "decision"],
    ["Next options:\n- Add more printer models\n- Enhance the GUI styling\n\nTell me which you'd like next.", "First, what would the GUI styling change?", null],
    [
      "Gaps:\n- accessibility\n- security steps\n\nLet me know which gaps you want formalized.",
      "Let's incorporate all of these, and I'd like schemas added to the structure list as well, using pydantic for all internals and plain JSON schemas for the external interfaces, so that the exports stay compatible with what the partners read today.",
      "decision",
    ],
    ["**Modified** `pages/Home.tsx`: added the hero animation.", "le texte doit apparaître au milieu de l'écran", "correction"],
    // round 10 (holdout10 read): in Chinese or Japanese, the step the agent put forward typed back (a final particle is no part of it)
    ["已将默认权限改为可编辑。\n- 需重启服务使生效（`pm2 restart app`）。", "重启服务", "decision"],
    ["建议去掉 useMemo，恢复为普通变量。\n\n是否还原？", "还原吧", "decision"],
    ["已将默认权限改为可编辑。", "重启服务", null],
    // … "继续" stays an answer to an offer to go on only
    ["**下一步可选**\n1) 校验脚本\n2) 继续做类型防护", "继续", null],
    // "why …?" after the agent claimed a change asks why it is not as claimed; after a status in check marks, or
    // with no claim, or among several questions, it asks to understand; "why not …" suggests
    ["- Added all NV commands to the reference table\n- Added a rule to prefer NV commands", "Why do I have two prompts?", "correction"],
    ["已重启进程加载新代码。现在发送“发送 README.md”应能找到并发送。", "为什么发送了两次？", "correction"],
    ["Listo. Ahora mostrará el descuento junto al nombre.", "por que en 30 dias, estos numeros difieren?", "correction"],
    ["The Live Guardrails system is ✅ healthy with no active violations.", "why is project coding marked as amber?", null],
    ["- Added the cache layer", "why is it slow? can I make it faster?", null],
    ["- Added the cache layer", "why don't we cache it in memory", null],
    ["", "why was there no result?", null],
    // a reply the agent listed, quoted, with what it does; a bold quoted reply
    ['Enter your choice:\n- `"1,3"` for Brainstorm + Brief\n- `"all"` for 1+2+3\n- `"none"` to skip\n\nWhat would you like to include?', "all", "decision"],
    ["I need a working name:\n\n- Reply **“Use Nu”** if you’re happy with it,\n  or\n- Reply with a different name.", "Use Nu", "decision"],
    ['Enter your choice:\n- `"1,3"` for Brainstorm + Brief\n- `"all"` for 1+2+3', "everything fine?", null],
    // tried what the agent suggested and saw the same thing again
    ["もう一度再ビルドしてから試してください。", "試しましたが、同様のメッセージが表示されます。", "correction"],
    ["Restart the dev server and try again.", "I tried it and got the same error", "correction"],
    // a turn that opens on "always" or "never" and a verb states a rule
    ["Would you like me to check on the running agents?", "always have agents working on something they can do", "preference"],
    ["", "never push to main without a review", "preference"],
    ["", "always is a strong word, isn't it?", null],
    // "可以" as a go-ahead stands alone; "可以直接…" (you can just …) is a suggestion, "可以了" says it works
    ["", "可以直接放在docstring", null],
    ["需要我补充 status 的离线模式吗？", "可以，帮我补充", "decision"],
    ["链接已改为 Markdown 格式。", "可以了，就这样吧，辛苦你了", "approval"],
    // in Chinese or Japanese, a short turn made mostly of a run of the agent's words takes up what it put forward; asking how does not
    ["需要我进一步：\n- 加一个可选的“严格主机校验”开关？\n- 补充 `status` 的无登录降级体验（仅本地配置查看）？", "帮我补充 status 的无登录降级体验", "decision"],
    ["1) サンドボックス設定を変更\n2) 個別コマンドに対して承認をもらう\n\nどちらにしますか？", "サンドボックス設定の変更方法", null],
    // Japanese "please try" and "should be resolved" are claims, as "try it now" and "should work" are; "why do you say" in Chinese
    ["まずは `http://localhost:5173` で再送してみてください。", "http://localhost:5173 で再送 の結果、エラーが発生しました", "correction"],
    ["これで「接続ができない」ブロックは解消されるはずです。", "サーバを再起動しましたが、何も表示されず真っ白な状態です", "correction"],
    ["3. 不出现 Home & Effects 的页面：首页、各 app 页", "为什么说 sign-in-google 也使用了 Home & Effects ,给出引用链路", "correction"],
    // a bare "proceed" after the agent announced its next step (and asked nothing) takes up nothing, as "continue" there does not
    ["TODO:\n1. ✅ Read the requirements\n2. ⏳ Produce the change proposal\n\nNext step: draft the change proposal covering the code adjustments.", "proceed", null],
    ["The next steps will focus on implementing the Notifications System.", "please proceed", null],
    ["Requirements to change:\n- docs/requirements.md: REQ-008\n\nAwaiting your approval to proceed with the changes.", "proceed", "decision"],
    // the answer language in Chinese
    ["Next steps (optional):\n1) `npm run build`", "中文对话", "preference"],
    // a pasted terminal session opens on the shell's prompt (the hook sees it on one line): not a verdict, even after a claim
    ["The build config is fixed: the tag is set from $IMAGE now.", "jun@cloudshell:~ (proj-123)$ cd ~/app gcloud builds submit --tag x . ERROR: (gcloud.builds.submit) Invalid value for [--tag]", null],
    // a question about an error asks for help, after a claim too; so does "explain this" when the agent was mid-step
    ["The importer is fixed and all tests pass.", "what about this error? TypeError: x is undefined", null],
    ["Il modulo ora funziona: lancia `python3 -m git_alias.core ver`.", "cosa è questo errore? RuntimeWarning: 'git_alias.core' found in sys.modules", null],
    ["Now let me check the current timeout and system status:", "Explain this command.", null],
    ["The importer is fixed and all tests pass.", "what about the export? it still fails with a TypeError", "correction"],
    // a question picks nothing, in Chinese too
    ["说明\n- 如果你需要，我可以跑一次 `CliRunner` 来确认帮助文本输出。\n- 若你希望选项说明也统一成双语（如所有 `click.argument`/`click.option` 的 `help`），我可以继续逐项补充。", "click.argument/click.option 的 help是哪些", null],
    // round 11 (holdout11 read): a yes/no question with a remark in parentheses after it is still the last thing asked; after a what-question the remark says what to answer
    ["I can show the mockups in a browser. Want to try it? (Requires opening a local URL)", "Yes.", "decision"],
    ["What's the path to the workflow you want to audit? (Provide the path to its `flow.yaml` or the workflow folder.)", "flow.yaml", null],
    // the bold label of one of the listed items, typed back (after "ok" too), is a pick
    ['How should the bot read your messages?\n\n- **Natural Language:** free text like "10$ coffee"\n- **Guided Chat:** the bot asks one question at a time', "Natural Language.", "decision"],
    ["Which would you prefer for the database?\n- **Stick with SQLite** (simple, local)\n- **Switch to Postgres** (always on, needs a server)", "OK switch to Postgres. Is there a cost?", "decision"],
    ["Should the target be:\n- **>98%** (achievable)\n- **>99%** (stringent)\n\nWhich is right?", "99%", "decision"],
    ["How should the bot read your messages?\n\n- **Natural Language:** free text\n- **Guided Chat:** one question at a time", "What does Guided Chat cost?", null],
    // "Option A:" labels, and a pick put in order
    ["If the call fails, what happens?\n- **Option A:** Retry with backoff\n- **Option B:** Alert the team\n- **Option C:** Notify the user\n\nWhich one?", "A, with B", "decision"],
    ["Should I:\n1. Continue with the remaining tasks?\n2. Revise the documents I just created?\n3. Leave them as they are?", "lets do 2 first", "decision"],
    // Korean "as you said", "put it back as it was" (not when the agent offered to put it back), "not A but B"
    ["1-4단계 모두 구현할까, 아니면 1-2단계만 집중할까?", "오케이 너 말대로 한번 해보자", "decision"],
    ["버튼 글씨 크기를 14px로 고정했어요!", "다시 이전 상태로 돌려줘", "correction"],
    ["버튼 글씨 크기를 바꿨는데, 이전 상태로 되돌릴까요?", "응 이전 상태로 돌려줘", "decision"],
    ["이제 세 부분을 한 번에 붙이겠습니다.", "한번에 붙이지 말고, 하나씩 붙인 버전 만들어봐", "correction"],
    ["'내 제출물 보기' 버튼을 추가했습니다.", "모든 제출이 아니라 이 문제에 대한 제출로 가야해", "correction"],
    // "I choose" records a decision only as the turn's opening
    ["", "When editing an order, I choose the type and then the quantity field resets", null],
    ["1. Llama 3\n2. Gemma 3", "What about Mistral? The model I choose should be multilingual.", null],
    // a Japanese request for the verb the agent offered, its object the agent's too
    ["原因が分かりました。直しますか？", "直して欲しい。", "decision"],
    ["修正しました。次のステップ：テストを実行", "PRのコメントに対して修正してください。", null],
    // the answer language named in Traditional Chinese
    ["Want me to rewire the workflow so email only sends after a successful append?", "用繁中回覆我", "preference"],
    // "run this" after commands set out to run; "update the plan with this"
    ["Validation done.\n\nRun now:\n- `python train.py`\n- `npm run dev`", "run this", "decision"],
    ["I refactored the parser into two modules.", "run this", null],
    ["**Gemma 27B is now your best choice** for multilingual tutoring.", "OK. Update the technical plan to reflect these new specifications.", "decision"],
    // first-person claims in Spanish, then a failure
    ["Agregué las columnas de fecha en la tabla de items.", "la imagen no se ve", "correction"],
    // "that doc should live in …" after the agent made it
    ["Created docs/architecture.md with the overview. Would you like diagrams too?", "that doc should live in solution_architectures", "correction"],
    // one bare label with no agent message picks from nothing; an order of labels still picks
    ["", "1", null],
    ["", "B then A then C", "decision"],
    // round 12 (holdout12 read): the step the agent offered, typed back in its own words (four words or more, three in five of
    // the turn's; holdout11 + holdout12); a question or a run with nothing offered takes up nothing
    [
      "Wenn du möchtest, kann ich als nächsten Schritt die Ursache eingrenzen (z. B. `docfx --logLevel verbose`, `docfx metadata` separat, oder DocFX-Version prüfen).",
      "als nächsten Schritt die Ursache eingrenzen (z. B. docfx --logLevel verbose, docfx metadata separat, oder DocFX-Version prüfen).",
      "decision",
    ],
    ["Souhaitez-vous que je continue avec :\n1. **Tests** - Exécuter les tests pour valider le code\n2. **API FastAPI** - Endpoints REST\n\nQuelle direction préférez-vous ?", "Lance les tests pour valider", "decision"],
    ["Souhaitez-vous que je continue avec :\n1. **Tests** - Exécuter les tests pour valider le code\n2. **API FastAPI** - Endpoints REST\n\nQuelle direction préférez-vous ?", "pourquoi les tests pour valider le code ?", null],
    ["Les tests passent. J'ai exécuté les tests pour valider le code.", "les tests pour valider le code", null],
    // the offer's own words under a negation refuse it, typed back or picked
    ["Tu veux que je supprime les anciens fichiers de migration ?", "ne supprime pas les anciens fichiers de migration", null],
    // one of the offered alternatives named by its words, led by "only" or joined by a hyphen (holdout10 + holdout12)
    ["¿Quieres que exporte la auditoría a CSV desde el visor o agregar filtros por rango de horas también?", "solo lo de csv", "decision"],
    ["- **FR38:** Tag filter UI uses chips up to 8 tags.\n\nApprove as-is or edit?", "as-is", "decision"],
    // a short polite request put as a question points back at what the agent listed (holdout10 + holdout12, Turkish too)
    [
      "1. **No caching** - add build caching.\n2. **Registry** - make it configurable.\n\nThe main things that could improve it are adding build caching and making the registry configurable.",
      "can you make those recommended changes?",
      "decision",
    ],
    ["1. **No caching** - add build caching.\n2. **Registry** - make it configurable.", "do those recommended changes slow the build?", null],
    ["- Ölçüm görevleri eksik.\n\nWould you like me to suggest concrete remediation edits for this gap?", "bunların hepsini düzeltirmisin?", "decision"],
    ["- Ölçüm görevleri eksik.\n\nWould you like me to propose concrete remediation edits for the top issues?", "BÜTÜN HEPSİNİ TAMAMLARMISIN?", "decision"],
    // the answer language asked for in Portuguese and Turkish, as in the other languages
    ['You can reply with the option letter (e.g., "A").', "türkçe sorarmısın", "preference"],
    ["I have updated `requirements.txt` to include the `requests` library.", "fale em portugues", "preference"],
    // denying what the agent referred to: a name it used "doesnt exist", "there isnt a …", "I do not see the … file" (holdout8 +
    // holdout11 + holdout12); a question asks
    ['```ruby\nActiveRecord::Base.connection.execute("SELECT id, status, cancelled_at FROM appointments")\n```', "cancelled_at doesnt exist", "correction"],
    ["Need `{{story_path}}` to proceed. Provide path.", "bruh. there isnt a story. im asking for help here.", "correction"],
    ["Created `stories/8-1-trip-timeline-view.md` and reset the sprint status.", "I do not see the 8-1-trip timeline file.", "correction"],
    ["The spec is published to the spec-workflow plugin now.", "I can't see it in the plugin - do you have to publish it there?", null],
    // asking whether the agent did the work (holdout6 + holdout9 + holdout12)
    ["Verification passed:\n- `pnpm type-check`\n\nReload both tabs after restarting the dev server.", "ok did you test with 2 different users using the same document simultaneously?", "correction"],
    ["- Add a “validate all hooks” command that scans every hook in a PDL.", "Have you been adding the new features to our GUI as well? How can I run the Gui to test it?", "correction"],
    ["Verification passed: `pnpm type-check`.", "did you see my last message?", null],
    // a Korean request for the verb the agent offered, its last syllable contracted or not (holdout9 + holdout11); another verb asks
    // for something new
    ["**파일을 생성하거나 내용을 변경하고 싶으시면 알려주세요.** 제가 직접 파일을 만들거나 수정해 드릴 수 있습니다.", "루트 디렉터리에 GEMINI.md와 settings.json을 생성하고 세팅값을 입력하고 생성해.", "decision"],
    ['나중에 `num_example=5`로 바뀌면서 텍스트를 안 고친 버그입니다.\n원하면 내가 바로 `"three"`를 동적으로 바꾸는 패치 넣겠습니다.', "five로 바꿔주고 위에 세개 다른 코드 다 돌려봐", "decision"],
    ["원하면 제가 바로 그 정리 로직 넣어드리겠습니다.", "원본 코드에서 gflownet을 어떻게 사용하고 있는지 확인해줘", null],
    // showing what the agent's last step led to, announced as such (holdout7 + holdout8 + holdout12); asking for help with
    // something of the user's own is none
    ["Run this in a real terminal:\n\n```bash\ncodex resume 019c6fc2\n```", "getting this, 'me@mac app % codex resume 019c6fc2 ERROR: No saved session found with ID 019c6fc2.'", "correction"],
    ["- Offers inline re-login\n- If declined: exits gracefully", "mira estos errroes:(venv) me@box:~/chat$ fmind ⚠ Session expired – the server rejected your stored API key.", "correction"],
    ["All set: the remote is configured.", "I get this error when I do git pull, please explain and tell me how to fix it: fatal: refusing to merge unrelated histories", null],
    // Korean "even so, it does not work" (holdout9 + holdout11)
    ["master 브랜치로 돌아가서 변경사항을 적용하겠습니다:", "다시 main 브랜치로 돌아왔거든? 근데도 안돼 이유가 뭘까?", "correction"],
    // words added to readings that hold on other splits (the words themselves seen in holdout12 only): "ok" after a Spanish
    // request to confirm; Japanese "たのむ" as "お願いします"; praise as "looking great", "awsome", "いいね", "asi me gusta"
    ["Suggested commit message: `refactor(codex): simplify orchestration contract`\n\nConfírmame si quieres usar ese mensaje o dame otro.", "ok", "decision"],
    ["必要なら次は、変更分をまとめたコミットメッセージ案まで作るよ。", "たのむ", "decision"],
    ["Done! The circle-alert icon is now 20% larger.", "looking great! Now change the three digit counter to a 2 digit counter", "approval"],
    ["Done! The toggle button has been moved 16px to the left.", "awsome. now change the closed content label to say show severity", "approval"],
    ["これで `spec.md` の正規ID体系と gantt 機能ドキュメントの整合が取れています。", "いいね", "approval"],
    ["Ahora el repo quedó más simple, que parece ser lo que buscabas.", "asi me gusta, no toques nada mas", "approval"],
    // "you misunderstood me" in Turkish, as in the eight languages the reading had (the word seen in holdout12 only)
    ["Sonraki doğal adım: `/speckit.plan` çalıştırarak uygulama planını üretmek.", "yanlış anladın beni - müşteri telefonla arayarak randevu oluşturur", "correction"],
    // round 13 (holdout13 read): having the agent do a step it left to the user, in a short request ending "for me" or in
    // Spanish "crea tú la …" (holdout8 + holdout12 + holdout13); after an offer it takes the offer up; a question asks
    ["You'll need to copy the session file into `~/.codex/sessions/`. Paste the outputs of the two commands above.", "investigate fopr me", "correction"],
    ["### Apply locally\nCopy the updated repo script to `~/.hammerspoon/emailbuddy.lua` and reload Hammerspoon config.", "can you update my local ~/.hammerspoon/emailbuddy.lua for me", "correction"],
    ["Cámbiate primero a una rama de trabajo y reejecutamos `/ship`:\n```bash\ngit checkout -b chore/cleanup\n```", "crea tu la rama de trabajo y shipea los cambios", "correction"],
    ["Cámbiate primero a una rama de trabajo y reejecutamos `/ship`.", "cambia tu código para que use la rama nueva", null],
    ["Verification passed. Deploy from the Vercel dashboard.", "Can you delete the frontend project in vercel for me?", null],
    ["If you want me to run those commands for you, say so and I'll execute them here.", "run them for me", "decision"],
    ["Then select the row with `019c6fc2`. If you want me to choose it for you, tell me and I'll reopen the picker.", "resume it for me in new terminal", "decision"],
    // "that did not fix it" says the last change failed, as "that did not help" did
    ["`body` and `#root` already have `overflow-x: hidden`. Removing it from `html` collapses back to a single scroll container.", "that did not fix it", "correction"],
    // "… both succeed" claims success as "successfully" does: a failure pointed at right after it is a correction (Cursor's mention first)
    ["`npm run typecheck` (all workspaces) and `next build` both succeed.", "@apps/web/app/papers/[slug]/page.tsx:5-6 there is an error here", "correction"],
    // after the agent asked which option to take, the turn names one by the bold or quoted label the agent gave it (holdout12 +
    // holdout13); not after "anything else?", not in a question or a refusal
    ['The system is now primed with data. **Should we proceed to implement the "Event Search" or "Booking Flow" business logic?**', 'go build second feature "Event Search" ensure it using best practice REST-API implementation', "decision"],
    ["Choose one:\n**[t] Plan first** – create a short tech-spec then implement\n**[e] Execute directly** – start now\n\nAlso, any extra guidance or just “go”?", "plan first please. what do you recommend?", "decision"],
    ["实现完成。接下来想怎么处理？\n\n1. **本地合并回 `master`**\n2. **推送并创建 Pull Request**\n3. **保持分支现状**\n\n选哪一项？", "合并回master", "decision"],
    ['I placed "Our Services" before "About Us." Refresh to see them. Can I help with anything else?', "change list of Our Services to floating round bubbles", null],
    ['Should we proceed to implement the "Event Search" or "Booking Flow" logic?', "why event search first? what does booking flow need?", null],
    ['Should we proceed to implement the "Event Search" or "Booking Flow" logic?', "don't build event search yet", null],
    // words added to readings that hold on other splits (the words seen in one split only): "it gives me this error now: …"
    // shows what the agent's last step led to (holdout12); "The site cannot be reached." says the last change failed (holdout11)
    ["If you want, I can strip the placeholder defaults entirely. Just say which you prefer.", "Well it gives me this error now:\nfirebase.js:33  Uncaught ReferenceError: process is not defined\nJust fix it properly", "correction"],
    ["Does this approach work for you, or do you need the bot to be accessible even when your Mac is offline?", "The site cannot be reached.", "correction"],
    ["", "make the landing page show a friendly note when the site cannot be reached", null],
    // "也不要" (not wanted either) adds one more thing to what the agent left out, "不要" alone still rejects (holdout12 + holdout13)
    ["已添加忽略并清理索引：`.gitignore` 末尾加入 `Sqlite.db`。", "keys/ 也不要git", null],
    ["已添加忽略并清理索引：`.gitignore` 末尾加入 `Sqlite.db`。", "不要忽略 Sqlite.db", "correction"],
    // words added to the reading of what the user sees after a claim (the words seen in holdout13 only): "truncated", "not
    // horizontally alligned", "having a hard time seeing", Chinese "无法打开了" (cannot open it any more), "还有遗漏" (some are still missing)
    ["I implemented `onAppWidgetOptionsChanged`, resolving the scaling issue. The application has been re-installed on the device.", "The header is truncated for the current day.  Is there padding that can be removed?", "correction"],
    [
      "- Simplified Ollama field labels to just `URL` and `Model`.\n\nValidation:\n- JS syntax check passed for `options.js`.\n\nReload the extension options page and hard refresh `/test-ui` to see the updated text.",
      "the URL and Model input and dropdowns are not horizontally alligned can you check",
      "correction",
    ],
    ["I added two new color pickers. All changes have been committed and pushed.", "Please use the brightest blue available.  I'm having a hard time seeing the time.", "correction"],
    ["已完成：你打开 `http://localhost:6419` 体验一下。现在可以看到新的统计表。", "无法打开了", "correction"],
    ["✅ JSON 格式正确\n\n现在所有三个视图组件都已统一。", "剩余时间: 22 common.timeUnits.hours\n\n还有遗漏", "correction"],
    ["", "帮我写一个脚本，文件无法打开时给出提示", null],
    // "Committed and pushed." claims the work done: what is gone after it is a correction (the words seen in holdout13 only)
    ["Committed and pushed.\n\n- Branch: `main`\n- Commit: `e6400df`", "the drag and drop feature is not there any more for the model order, can you bring that back", "correction"],
    // Chinese "有没有成功" asks whether it worked (A-not-A), "无论 … 还是 …" is "whether … or …": neither reports a failure
    ["验证：在 Actions → Run workflow 手动触发一次。代理回退路径这次不会再崩掉。", "你帮我触发一次验证一下有没有成功", null],
    ["已添加忽略并清理索引。", "现在你需要给mysql写两条触发器（无论是前端传入记录还是直接在mysql后台修改记录都得生效）", null],
    ["已修复显示问题。", "还是没有显示出来", "correction"],
    // round 14 (holdout14 read): the turn's opening clause is the action the agent's last question (or its Chinese offer) put
    // forward, and the turn goes on (holdout11 + holdout14); not a question, not a refusal, not "可以了" (it works now)
    ["其余内容保留不动。确认删除吗？", "删除。我想问一下逻辑是否工作的时候就算在agent md也会遗忘", "decision"],
    ["要不要我用你当前的 KP pipeline 跑一个 demo，演示这个 MoE 模式怎么实际运作？", "演示一下，并且查看是否阻塞和问题点", "decision"],
    ["请确认是否继续执行剩余步骤，或者优先修复现有的导入问题？", "修复一些导入路径问题（cacheManager、dataSourceManager导出）", "decision"],
    ["如果你願意，我可以：\n- 幫你檢查 `N8N_API_URL` 的實際可達性並產出報告\n- 待授權通過後再代為執行完整流程", "幫我檢查n8n API 授權", "decision"],
    ["Want me to add a cost-based estimate (very rough), or skip the context percentage for now?", "skip it.  Add the cwd to the statusline, probably between model and git stuff", "decision"],
    ["请确认是否继续执行剩余步骤，或者优先修复现有的导入问题？", "修复导入问题之前，先解释一下为什么会这样？", null],
    ["4条全部推送成功。你看看群里，现在链接可以点击跳转了吗？", "可以了，就这样吧，辛苦你了", "approval"],
    ["如果你需要，我可以跑一次 `CliRunner` 来确认帮助文本输出。", "click.argument/click.option 的 help是哪些", null],
    // after a claim, Russian "не" before a finite verb or "их нет" reports what did not happen, as Portuguese "não …" and French
    // "… pas" do (holdout6 + holdout14); "не более" (no more than) in a new request, "не нужен" (not needed) say nothing of it
    ["Убрал `/70` из `text-[#F5F3EF]/70` — теперь текст будет полностью белым без прозрачности.", "а полосочки нужны вернуть, ща их нет", "correction"],
    ["- Added advisor photo above the content on mobile\n- Added 4th contact item linking to `/tickets/create`", "блок Questions or enquiries не соотвествует мобильному дизайну", "correction"],
    ["Проект теперь имеет чистое окружение разработки!", "я бы хотел отображать структуру проекта с вложенностью не более 3х уровней", null],
    // "didnt", "isnt" typed without the apostrophe negate the claim as "didn't" does (holdout12 + holdout14); "that's false" rules
    // out what the agent concluded, as "that's impossible" does
    ["Rebuild the Project: run Webpack to bundle the updated JavaScript. This setup will ensure synonyms are included.", "webpack didnt build", "correction"],
    ['Which option do you choose? I cannot proceed with "Polymarket cricket data" because it doesn\'t exist.', "thats false. it offers cricket matches here", "correction"],
    // words added to readings that hold on other splits (the words seen in holdout14 only): "the problem persist", Russian
    // "всё также" and Polish "nadal" (still) say something is still wrong, as "o erro ainda persiste" and "всё ещё" do; "I have
    // corrected …" claims the work done; Polish "tak" is yes; Chinese "…也需要修改" (this needs changing too) points out an omission
    ["I have overwritten the file directly in your repository. This should resolve the error.", "the problem persist: RimWorld 1.5.4409 rev1120", "correction"],
    ["Процентный индикатор зафиксирован через `clamp()` — не будет обрезаться у краёв экрана", "проценты всё также съедаются [Image #3]", "correction"],
    ["Teraz utworzę pozostałe pliki dokumentacji:", "nadal generujesz dokumenty md bez użycia basic memory write_note tool", "correction"],
    ["I have corrected the `graphicClass` in the definition file to `Graphic_Flicker`.", "the piezoelectric floor texture is not working.", "correction"],
    ["Mogę przygotować dla Ciebie polecenia do terminala. Czy chcesz taką instrukcję?", "tak wpisz mi to do terminala", "decision"],
    ["现在，当用户使用亮色主题时，页面会显示更适合亮色主题的颜色。已修改 `prose-invert` 为 `dark:prose-invert`。", "当前文件的clasname也需要修改", "correction"],
    ["已更新构建脚本。", "你看下readme是否也要更新，特别是构建流程", null],
    // asked which of its listed items to do, "all of them" takes them all (holdout8 + holdout14); "all our pages" answers a question
    ["5. No performance monitoring in the deployment process\n\nWould you like me to help implement any of these improvements?", "All of them, in order, please", "decision"],
    ["Which pages should the audit cover? (e.g. must use existing Supabase backend)", "all our pages", null],
    // a task prompt that states the workflow for that task is not a standing rule
    [
      "",
      "Please commence Task 3. There is no need to stop after each subtask. You can continue until you either complete all sub-tasks, or run into an error that you need my help to resolve. Please git commit after each successful sub-task, right after it is marked as done. Always commit the parent task when all of its sub-tasks are done.",
      null,
    ],
  ];
  for (const [before, text, type] of cases) {
    it(`${JSON.stringify(text.slice(0, 60))} after ${JSON.stringify(before.slice(0, 40))} → ${type ?? "none"}`, () => {
      expect(classify(text, false, before || null)?.type ?? null).toBe(type);
    });
  }
});
