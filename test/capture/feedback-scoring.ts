// Scoring a detector on the labelled turns (test/fixtures/feedback-turns):
// precision / recall / F1 for feedback vs none and per type, and how often a
// detected true candidate has the right type.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export interface LabelledTurn {
  id: string;
  agent: string;
  source: { repo: string; path: string; commit: string; line: number };
  before: string;
  text: string;
  label: string;
  /** "by-words" for turns chosen by their words to enrich rare types (tune split only); absent for sampled turns. */
  sampled?: string;
}

export type Split = "tune" | "holdout" | "holdout2" | "holdout3" | "holdout4" | "holdout5" | "holdout6" | "holdout7" | "holdout8" | "holdout9" | "holdout10" | "holdout11" | "holdout12" | "holdout13" | "holdout14" | "holdout15";

export const TYPES = ["correction", "preference", "approval", "plan_acceptance"] as const;

/** Where a split's labelled turns are. */
export const splitFile = (split: Split): string => join(import.meta.dirname, "..", "fixtures", "feedback-turns", `turns-${split}.jsonl`);

export function loadTurns(split: Split): LabelledTurn[] {
  return readFileSync(splitFile(split), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LabelledTurn);
}

export interface Prf {
  precision: number;
  recall: number;
  f1: number;
  tp: number;
  fp: number;
  fn: number;
}

function prf(tp: number, fp: number, fn: number): Prf {
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp, fp, fn };
}

export interface Score {
  n: number;
  feedback: Prf;
  perType: Record<string, Prf>;
  /** Of the turns labelled feedback and detected as feedback, the share with the right type. */
  typeRight: number;
  /** Of all turns labelled feedback, the share detected with the right type. */
  typeRightOfAll: number;
  misses: LabelledTurn[];
  falseHits: [LabelledTurn, string][];
}

/** `predict` returns a type (`decision` counts as plan_acceptance) or null. */
export function score(turns: LabelledTurn[], predict: (t: LabelledTurn) => string | null): Score {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let right = 0;
  let positives = 0;
  const per: Record<string, [number, number, number]> = Object.fromEntries(TYPES.map((k) => [k, [0, 0, 0]]));
  const misses: LabelledTurn[] = [];
  const falseHits: [LabelledTurn, string][] = [];
  for (const t of turns) {
    const raw = predict(t);
    const got = raw === "decision" ? "plan_acceptance" : raw;
    const want = t.label === "none" ? null : t.label;
    if (want) positives++;
    if (got && want) {
      tp++;
      if (got === want) right++;
    } else if (got) {
      fp++;
      falseHits.push([t, got]);
    } else if (want) {
      fn++;
      misses.push(t);
    }
    for (const k of TYPES) {
      if (got === k && want === k) per[k][0]++;
      else if (got === k) per[k][1]++;
      else if (want === k) per[k][2]++;
    }
  }
  return {
    n: turns.length,
    feedback: prf(tp, fp, fn),
    perType: Object.fromEntries(TYPES.map((k) => [k, prf(...per[k])])),
    typeRight: tp ? right / tp : 0,
    typeRightOfAll: positives ? right / positives : 0,
    misses,
    falseHits,
  };
}

const f = (x: number): string => x.toFixed(2);

/** A markdown table of scores. */
export function table(rows: [string, Score][]): string {
  const out = ["| detector | turns | precision | recall | F1 (feedback vs none) | type right (of hits) | correction F1 | preference F1 | approval F1 | plan acceptance F1 |", "|---|---|---|---|---|---|---|---|---|---|"];
  for (const [name, s] of rows) {
    const p = s.perType;
    out.push(`| ${name} | ${s.n} | ${f(s.feedback.precision)} | ${f(s.feedback.recall)} | ${f(s.feedback.f1)} | ${f(s.typeRight)} | ${f(p.correction.f1)} | ${f(p.preference.f1)} | ${f(p.approval.f1)} | ${f(p.plan_acceptance.f1)} |`);
  }
  return out.join("\n");
}
