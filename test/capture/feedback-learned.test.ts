// The learned feedback scorer tried in issue 26 (scripts/train-feedback.ts,
// docs/feedback.md "A learned scorer"): not shipped, because it did not beat
// the rules on turns it had not seen. These checks keep the training and
// evaluation script working: stable hashed features, probabilities, and a fit
// that learns a small labelled set. The figures themselves come from the script
// (its cross-validation takes minutes, too slow for a test).
import { describe, expect, it } from "vitest";
import { featuresOf, type FeatureConfig } from "../../scripts/feedback-features.js";
import { CLASSES, fit, predict, probabilities } from "../../scripts/feedback-model.js";
import { detectFeedback } from "../../src/core/capture/feedback-detect.js";

const CFG: FeatureConfig = { buckets: 512, words: true, bigrams: true, chars: true, agentWords: true, rules: true, cues: true, shape: true };

describe("learned feedback scorer (training script)", () => {
  it("features are sparse, deterministic and read the agent message and the rules' verdict", () => {
    const before = "I fixed the login page; it should work now.";
    const text = "still errors on submit";
    const a = featuresOf(CFG, text, before, detectFeedback(text, before));
    const b = featuresOf(CFG, text, before, detectFeedback(text, before));
    expect([...a]).toEqual([...b]);
    for (const [k, v] of a) {
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(CFG.buckets);
      expect(Number.isFinite(v)).toBe(true);
    }
    // the same words after no agent message lose the cue and the rule features
    expect([...featuresOf(CFG, text, null, detectFeedback(text, null))]).not.toEqual([...a]);
  });

  it("gradient descent learns a small labelled set, and probabilities sum to one", () => {
    const rows: [string, string, number][] = [
      ["The build passes now.", "still failing on CI", 1],
      ["Done, the page renders.", "no, the header is wrong", 1],
      ["I used npm to install it.", "always use pnpm from now on", 2],
      ["All tests pass.", "perfect, great work", 3],
      ["Shall I proceed with the migration?", "yes go ahead", 4],
      ["", "add a dark mode toggle to settings", 0],
      ["Here is the summary.", "what does the parser do with tabs?", 0],
    ];
    const xs = rows.map(([before, text]) => featuresOf(CFG, text, before || null, null));
    const m = {
      cfg: CFG,
      weights: fit(
        CFG,
        xs,
        rows.map((r) => r[2]),
        { lambda: 1e-4, epochs: 200, rate: 0.3 },
      ),
      threshold: 0.5,
    };
    rows.forEach(([, text], i) => expect(predict(m, xs[i]).type, text).toBe(CLASSES[rows[i][2]]));
    const p = probabilities(m, xs[0]);
    expect(p.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 9);
  });
});
