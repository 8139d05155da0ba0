// Trains and evaluates the learned feedback scorer (docs/feedback.md, "A learned scorer").
//
//   npx tsx scripts/train-feedback.ts --cv        leave-one-set-out over tune, holdout, holdout2, holdout3:
//                                                 train on three, score the fourth; picks features and
//                                                 hyper-parameters by the mean F1 of the four folds
//   npx tsx scripts/train-feedback.ts --unseen    trains each chosen strategy on the tuning sets and scores
//                                                 holdout5 and holdout6 (the unseen figure: run once, never used to
//                                                 choose anything)
//   npx tsx scripts/train-feedback.ts --write F   writes the learned-only model's weights to F (its size)
//   npx tsx scripts/train-feedback.ts --time      per-turn cost of rules alone and rules + model
//
// Plain full-batch gradient descent on the softmax loss with L2; no dependency.
import { writeFileSync, readFileSync } from "node:fs";
import { detectFeedback, type Detection } from "../src/core/capture/feedback-detect.js";
import { featuresOf, type FeatureConfig } from "./feedback-features.js";
import { userWords } from "../src/core/capture/feedback-injected.js";
import { CLASSES, fit, predict, type FeedbackModel, type Train } from "./feedback-model.js";
import { normalizeText } from "../src/core/capture/harness.js";
import { loadTurns, score, table, type LabelledTurn, type Score, type Split } from "../test/capture/feedback-scoring.js";

const TRAIN_SPLITS: Split[] = ["tune", "holdout", "holdout2", "holdout3", "holdout4"];
/** Labelled, never read for misses: scored once by --unseen. */
const UNSEEN_SPLITS: Split[] = ["holdout5", "holdout6"];

interface Turn {
  t: LabelledTurn;
  split: Split;
  own: string;
  before: string | null;
  det: Detection | null;
  y: number;
}

const labelIndex = (label: string): number => CLASSES.indexOf((label === "plan_acceptance" ? "decision" : label) as (typeof CLASSES)[number]);

function prepare(split: Split): Turn[] {
  return loadTurns(split).map((t) => {
    const own = userWords(normalizeText(t.text));
    const before = t.before || null;
    return { t, split, own, before, det: own ? detectFeedback(own, before) : null, y: labelIndex(t.label) };
  });
}

/**
 * The strategies compared: rules alone, the model alone, the model with the
 * rules' verdict as features, rules for the type with the model for
 * feedback-vs-none, and the rules with the model only for what they miss.
 */
type Strategy = "rules" | "model" | "model+rule-features" | "model-gate+rule-type" | "rules-else-model";

function predictor(strategy: Strategy, m: FeedbackModel | null): (x: Turn) => string | null {
  return (x) => {
    if (strategy === "rules" || (strategy === "rules-else-model" && x.det)) return x.det?.type ?? null;
    if (!x.own || !m) return null;
    const got = predict(m, featuresOf(m.cfg, x.own, x.before, x.det)).type;
    if (got === "none") return null;
    return strategy === "model-gate+rule-type" ? (x.det?.type ?? got) : got;
  };
}

const scoreTurns = (turns: Turn[], f: (x: Turn) => string | null): Score => {
  const byId = new Map(turns.map((x) => [x.t.id, x]));
  return score(
    turns.map((x) => x.t),
    (t) => f(byId.get(t.id)!),
  );
};

const BASE: FeatureConfig = { buckets: 4096, words: true, bigrams: true, chars: false, agentWords: false, rules: false, cues: true, shape: true };
const TRAIN: Train = { lambda: 1e-3, epochs: 300, rate: 0.3 };

const ALL: FeatureConfig = { ...BASE, chars: true, agentWords: true };
const GRID_ALL: Record<string, { name: string; cfg: FeatureConfig; train: Train }> = {
  base: { name: "words+bigrams", cfg: BASE, train: TRAIN },
  chars: { name: "words+bigrams+chars", cfg: { ...BASE, chars: true }, train: TRAIN },
  agent: { name: "words+bigrams+agent words", cfg: { ...BASE, agentWords: true }, train: TRAIN },
  "l2-2": { name: "words+bigrams, L2 1e-2", cfg: BASE, train: { ...TRAIN, lambda: 1e-2 } },
  "l2-4": { name: "words+bigrams, L2 1e-4", cfg: BASE, train: { ...TRAIN, lambda: 1e-4 } },
  all: { name: "words+bigrams+chars+agent words", cfg: ALL, train: TRAIN },
  "all-long": { name: "words+bigrams+chars+agent words, 900 steps", cfg: ALL, train: { ...TRAIN, epochs: 900 } },
};
/** The feature sets and settings tried by cross-validation (FEEDBACK_GRID picks a subset by key); the model strategies add the rules group themselves. */
const GRID: { name: string; cfg: FeatureConfig; train: Train }[] = (process.env.FEEDBACK_GRID ?? "base,chars,agent,l2-2,l2-4,all,all-long").split(",").map((k) => GRID_ALL[k]);
const THRESHOLDS = (process.env.FEEDBACK_THRESHOLDS ?? "0.2,0.3,0.4,0.5,0.6,0.7").split(",").map(Number);
const STRATEGIES = (process.env.FEEDBACK_STRATEGIES ?? "model,model+rule-features,model-gate+rule-type,rules-else-model").split(",") as Strategy[];

const withRules = (s: Strategy, cfg: FeatureConfig): FeatureConfig => ({ ...cfg, rules: s === "model+rule-features" });

function train(turns: Turn[], cfg: FeatureConfig, o: Train, threshold: number): FeedbackModel {
  const xs = turns.map((x) => featuresOf(cfg, x.own, x.before, x.det));
  return {
    cfg,
    weights: fit(
      cfg,
      xs,
      turns.map((x) => x.y),
      o,
    ),
    threshold,
  };
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

function crossValidate(): void {
  const all = TRAIN_SPLITS.flatMap(prepare);
  const rows: [string, Score][] = [];
  const summary: string[] = ["| strategy | settings | threshold | " + TRAIN_SPLITS.map((s) => `F1 ${s}`).join(" | ") + " | mean F1 | mean type right |", "|---|---|---|" + TRAIN_SPLITS.map(() => "---|").join("") + "---|---|"];
  const rulesScores = TRAIN_SPLITS.map((s) =>
    scoreTurns(
      all.filter((x) => x.split === s),
      predictor("rules", null),
    ),
  );
  summary.push(
    `| rules | (written against these sets) | – | ${rulesScores.map((s) => s.feedback.f1.toFixed(2)).join(" | ")} | ${mean(rulesScores.map((s) => s.feedback.f1)).toFixed(3)} | ${mean(rulesScores.map((s) => s.typeRight)).toFixed(3)} |`,
  );
  for (const s of TRAIN_SPLITS) rows.push([`rules on ${s}`, rulesScores[TRAIN_SPLITS.indexOf(s)]]);
  // the same fold models serve every strategy that uses the same features
  const cache = new Map<string, { held: Split; m: FeedbackModel }[]>();
  for (const strategy of STRATEGIES) {
    let best: { name: string; th: number; f1: number; scores: Score[] } | null = null;
    for (const g of GRID) {
      const cfg = withRules(strategy, g.cfg);
      // one model per fold, scored at every threshold
      const key = JSON.stringify([cfg, g.train]);
      const folds =
        cache.get(key) ??
        TRAIN_SPLITS.map((held) => ({
          held,
          m: train(
            all.filter((x) => x.split !== held),
            cfg,
            g.train,
            0.5,
          ),
        }));
      cache.set(key, folds);
      for (const th of THRESHOLDS) {
        const scores = folds.map(({ held, m }) =>
          scoreTurns(
            all.filter((x) => x.split === held),
            predictor(strategy, { ...m, threshold: th }),
          ),
        );
        const f1 = mean(scores.map((s) => s.feedback.f1));
        summary.push(`| ${strategy} | ${g.name} | ${th} | ${scores.map((s) => s.feedback.f1.toFixed(2)).join(" | ")} | ${f1.toFixed(3)} | ${mean(scores.map((s) => s.typeRight)).toFixed(3)} |`);
        if (!best || f1 > best.f1) best = { name: g.name, th, f1, scores };
      }
      console.error(`${strategy} / ${g.name} done`);
    }
    TRAIN_SPLITS.forEach((s, i) => rows.push([`${strategy} (${best!.name}, th ${best!.th}) on ${s}`, best!.scores[i]]));
  }
  console.log(summary.join("\n"));
  console.log("\nbest of each strategy, per held-out set:\n" + table(rows));
}

/** What --cv chose for each strategy (mean F1 over the four held-out sets; docs/feedback.md). */
const CHOSEN: { strategy: Strategy; grid: string; threshold: number }[] = [
  { strategy: "model", grid: "all-long", threshold: 0.7 },
  { strategy: "model+rule-features", grid: "base", threshold: 0.4 },
  { strategy: "rules-else-model", grid: "all", threshold: 0.2 },
];

function trainChosen(all: Turn[], c: (typeof CHOSEN)[number]): FeedbackModel {
  const g = GRID_ALL[c.grid];
  return train(all, withRules(c.strategy, g.cfg), g.train, c.threshold);
}

/** Writes the learned-only model trained on the tuning sets (to measure its size; it is not shipped). */
function write(path: string): void {
  const m = trainChosen(TRAIN_SPLITS.flatMap(prepare), CHOSEN[0]);
  const compact = JSON.stringify({ ...m, weights: m.weights.map((row) => row.map((v) => Math.round(v * 1000) / 1000)) });
  writeFileSync(path, compact + "\n");
  const t0 = performance.now();
  JSON.parse(readFileSync(path, "utf8"));
  console.log(`wrote ${path}: ${compact.length} bytes, read and parsed in ${(performance.now() - t0).toFixed(1)} ms`);
}

/** The unseen figure: each chosen strategy trained on the tuning sets, scored on each unseen set. Run once; never choose anything by it. */
function unseen(): void {
  const all = TRAIN_SPLITS.flatMap(prepare);
  const models = CHOSEN.map((c) => ({ name: `${c.strategy} (${GRID_ALL[c.grid].name}, th ${c.threshold})`, strategy: c.strategy, m: trainChosen(all, c) }));
  for (const split of UNSEEN_SPLITS) {
    const turns = prepare(split);
    const rows: [string, Score][] = [["rules", scoreTurns(turns, predictor("rules", null))]];
    for (const x of models) rows.push([x.name, scoreTurns(turns, predictor(x.strategy, x.m))]);
    console.log(`${split}:\n${table(rows)}\n`);
  }
}

/** Per-turn cost over the tuning sets' turns: the rules alone, and rules + features + scoring. */
function timing(): void {
  const all = TRAIN_SPLITS.flatMap(prepare);
  const m = trainChosen(all, CHOSEN[2]);
  const per = (f: (x: Turn) => unknown): number => {
    for (const x of all) f(x);
    const t0 = performance.now();
    for (let r = 0; r < 5; r++) for (const x of all) f(x);
    return ((performance.now() - t0) / (5 * all.length)) * 1000;
  };
  const rules = per((x) => (x.own ? detectFeedback(x.own, x.before) : null));
  const both = per((x) => (x.own ? predict(m, featuresOf(m.cfg, x.own, x.before, detectFeedback(x.own, x.before))) : null));
  console.log(`per turn (${all.length} turns × 5): rules ${rules.toFixed(1)} µs, rules + features + model ${both.toFixed(1)} µs`);
}

const arg = process.argv[2];
if (arg === "--cv") crossValidate();
else if (arg === "--write" && process.argv[3]) write(process.argv[3]);
else if (arg === "--unseen") unseen();
else if (arg === "--time") timing();
else {
  console.error("usage: npx tsx scripts/train-feedback.ts --cv | --write FILE | --unseen | --time");
  process.exit(2);
}
