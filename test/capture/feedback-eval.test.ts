// The feedback detector scored on real user turns from public sessions
// (test/fixtures/feedback-turns, docs/feedback.md), next to the reference
// (llm-wiki) word lists. The "tune" split is the one the rules were written
// against; "holdout" was never looked at while writing them, so its numbers
// are the honest estimate for turns we have not seen.
import { describe, expect, it } from "vitest";
import { classify } from "../../src/core/capture/feedback.js";
import { normalizeText } from "../../src/core/capture/harness.js";
import { referenceClassify } from "./feedback-reference.js";
import { loadTurns, score, table, type LabelledTurn, type Score } from "./feedback-scoring.js";

const ours = (t: LabelledTurn): string | null => classify(normalizeText(t.text), false, t.before || null)?.type ?? null;
const reference = (t: LabelledTurn): string | null => referenceClassify(normalizeText(t.text));

function report(split: "tune" | "holdout"): { o: Score; r: Score } {
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

describe("feedback detector on labelled real turns", () => {
  it("the labelled set is real, sourced and large enough", () => {
    const all = [...loadTurns("tune"), ...loadTurns("holdout")];
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    for (const t of all) {
      expect(t.source.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(t.source.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(["none", "correction", "preference", "approval", "plan_acceptance"]).toContain(t.label);
    }
    // a good share of hard negatives
    expect(all.filter((t) => t.label === "none").length / all.length).toBeGreaterThan(0.5);
  });

  it("tune split: F1 ≥ 0.85 for feedback vs none, type right on ≥ 80%, better than the reference", () => {
    const { o, r } = report("tune");
    expect(o.feedback.f1).toBeGreaterThanOrEqual(0.85);
    expect(o.typeRight).toBeGreaterThanOrEqual(0.8);
    expect(o.feedback.f1).toBeGreaterThan(r.feedback.f1);
    expect(o.typeRight).toBeGreaterThan(r.typeRight);
  });

  it("holdout split (never tuned on): better than the reference on F1 and type, high precision", () => {
    const { o, r } = report("holdout");
    // below the 0.85 goal on unseen turns (see docs/feedback.md): this pins what the rules reach there
    expect(o.feedback.f1).toBeGreaterThanOrEqual(0.66);
    expect(o.feedback.precision).toBeGreaterThanOrEqual(0.85);
    expect(o.typeRight).toBeGreaterThanOrEqual(0.8);
    expect(o.feedback.f1).toBeGreaterThan(r.feedback.f1);
    expect(o.typeRight).toBeGreaterThan(r.typeRight);
  });

  it("high confidence means kept: at least 9 in 10 high-confidence hits are true feedback", () => {
    const all = [...loadTurns("tune"), ...loadTurns("holdout")];
    const high = all.filter((t) => classify(normalizeText(t.text), false, t.before || null)?.confidence === "high");
    const kept = high.filter((t) => t.label !== "none").length;
    expect(high.length).toBeGreaterThan(50);
    expect(kept / high.length).toBeGreaterThanOrEqual(0.9);
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
});
