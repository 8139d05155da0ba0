// The learned feedback scorer: multinomial logistic regression over the
// features of feedback-features.ts (docs/feedback.md, "A learned scorer").
// Trained by scripts/train-feedback.ts; scoring is one sparse dot product per
// class.
import type { FeatureConfig, Sparse } from "./feedback-features.js";

export const CLASSES = ["none", "correction", "preference", "approval", "decision"] as const;
export type ModelClass = (typeof CLASSES)[number];

export interface FeedbackModel {
  cfg: FeatureConfig;
  /** One weight row per class of CLASSES, `cfg.buckets` long. */
  weights: number[][];
  /** A turn is feedback when P(none) is below this. */
  threshold: number;
}

/** Class probabilities (softmax over the class scores), in CLASSES order. */
export function probabilities(m: FeedbackModel, x: Sparse): number[] {
  const z = m.weights.map((row) => {
    let s = 0;
    for (const [k, v] of x) s += row[k] * v;
    return s;
  });
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

/** The predicted class: none unless P(none) is under the threshold, then the likeliest feedback type. */
export function predict(m: FeedbackModel, x: Sparse): { type: ModelClass; p: number[] } {
  const p = probabilities(m, x);
  if (p[0] >= m.threshold) return { type: "none", p };
  let best = 1;
  for (let i = 2; i < p.length; i++) if (p[i] > p[best]) best = i;
  return { type: CLASSES[best], p };
}
