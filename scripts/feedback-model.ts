// The learned feedback scorer: multinomial logistic regression over the
// features of feedback-features.ts (docs/feedback.md, "A learned scorer").
// Trained by scripts/train-feedback.ts with plain full-batch gradient descent
// on the softmax loss with L2; scoring is one sparse dot product per class.
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

export interface Train {
  /** L2 weight. */
  lambda: number;
  /** Full passes over the data. */
  epochs: number;
  /** Gradient-descent step. */
  rate: number;
}

/** Multinomial logistic regression by full-batch gradient descent with L2. */
export function fit(cfg: FeatureConfig, xs: Sparse[], ys: number[], o: Train): number[][] {
  const K = CLASSES.length;
  const W = Array.from({ length: K }, () => new Float64Array(cfg.buckets));
  const G = Array.from({ length: K }, () => new Float64Array(cfg.buckets));
  const z = new Float64Array(K);
  for (let e = 0; e < o.epochs; e++) {
    for (const g of G) g.fill(0);
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i];
      let top = -Infinity;
      for (let c = 0; c < K; c++) {
        let s = 0;
        for (const [k, v] of x) s += W[c][k] * v;
        z[c] = s;
        if (s > top) top = s;
      }
      let sum = 0;
      for (let c = 0; c < K; c++) sum += z[c] = Math.exp(z[c] - top);
      for (let c = 0; c < K; c++) {
        const d = z[c] / sum - (ys[i] === c ? 1 : 0);
        if (d === 0) continue;
        const g = G[c];
        for (const [k, v] of x) g[k] += d * v;
      }
    }
    const n = xs.length;
    for (let c = 0; c < K; c++) {
      const w = W[c];
      const g = G[c];
      for (let k = 0; k < cfg.buckets; k++) w[k] -= o.rate * (g[k] / n + o.lambda * w[k]);
    }
  }
  return W.map((w) => Array.from(w));
}
