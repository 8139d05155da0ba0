// Costly patterns behind a literal every match of theirs holds (core/capture/feedback-detect.ts): on a turn without
// that literal they never run, so V8 never compiles them (compiling is most of what a prompt costs the hook).
// The readings stay the same: feedback-eval.test.ts and classifier-v8.test.ts read every labelled turn.
import { afterEach, describe, expect, it, vi } from "vitest";
import { classify } from "../../src/core/capture/feedback.js";

/** A piece of the source of each gated pattern. */
const GATED: Record<string, string> = {
  THINKING: "ultrathink|megathink",
  "a name that does not exist": "(?:doesn'?t|does not|dont|don'?t|do not) exist",
  "an id with a digit": "[\\p{L}\\p{N}._-]*\\d[\\p{L}\\p{N}._-]*",
  "Portuguese não": "(?<!(?:para|pra|sem|que|de) )n[aã]o",
  "French … pas": "(?:peu[xt]|peuvent",
  "Russian не": "(?<!чтобы )не",
};

/** The sources of the patterns that ran while `f` ran. */
function patternsRun(f: () => void): string[] {
  const run: string[] = [];
  const exec = RegExp.prototype.exec;
  vi.spyOn(RegExp.prototype, "exec").mockImplementation(function (this: RegExp, s: string) {
    run.push(this.source);
    return exec.call(this, s);
  });
  f();
  return run;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("feedback patterns behind a literal", () => {
  it("a plain English turn after a claim runs none of them", () => {
    const run = patternsRun(() => expect(classify("add a dark mode toggle to the settings page", false, "I added the login page and fixed the tests. Everything passes now.")).toBeNull());
    expect(run.length).toBeGreaterThan(100);
    for (const [name, piece] of Object.entries(GATED))
      expect(
        run.some((src) => src.includes(piece)),
        name,
      ).toBe(false);
  });

  it("a turn holding each literal runs its pattern (the gate opens)", () => {
    const claim = "I added the login page and fixed the tests. Everything passes now.";
    const turns: Record<string, [string, string]> = {
      THINKING: ["think hard about the settings page", claim],
      "a name that does not exist": ["cancelled_at doesnt exist", "Run `SELECT cancelled_at FROM orders` to check the rows."],
      "an id with a digit": ["use build 42 for the settings page", claim],
      "Portuguese não": ["não salvou o arquivo", claim],
      "French … pas": ["on peut pas changer la valeur", claim],
      "Russian не": ["кнопка не нажимается", claim],
    };
    for (const [name, [turn, before]] of Object.entries(turns)) {
      const run = patternsRun(() => classify(turn, false, before));
      vi.restoreAllMocks();
      expect(
        run.some((src) => src.includes(GATED[name])),
        name,
      ).toBe(true);
    }
  });
});
