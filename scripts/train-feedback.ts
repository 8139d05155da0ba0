// Trains and evaluates the learned feedback scorer (docs/feedback.md, "A learned scorer").
//
//   npx tsx scripts/train-feedback.ts --cv        leave-one-split-out over the fifteen tuning splits (tune … holdout14):
//                                                 train on fourteen, score the fifteenth; chooses features, L2, steps,
//                                                 thresholds and the way the model is combined with the rules by
//                                                 the mean F1 of the fifteen folds, among settings whose mean precision
//                                                 is at least the rules' minus 0.05
//   npx tsx scripts/train-feedback.ts --holdout   trains the chosen setting on all fifteen tuning splits and scores
//                                                 holdout15 once: aggregate tables only (holdout15 stays unread;
//                                                 the script stops with a message while its file is not there)
//   npx tsx scripts/train-feedback.ts --write F   writes the chosen setting's weights to F
//   npx tsx scripts/train-feedback.ts --time      per-turn cost of rules alone and rules + model
//
// Plain full-batch gradient descent on the softmax loss with L2; no dependency.
import { existsSync, writeFileSync, readFileSync } from "node:fs";
import { detectFeedback, type Detection } from "../src/core/capture/feedback-detect.js";
import { featuresOf, type FeatureConfig } from "./feedback-features.js";
import { userWords } from "../src/core/capture/feedback-injected.js";
import { CLASSES, fit, probabilities, type FeedbackModel, type Train } from "./feedback-model.js";
import { normalizeText } from "../src/core/capture/harness.js";
import { loadTurns, score, splitFile, table, type LabelledTurn, type Score, type Split } from "../test/capture/feedback-scoring.js";

/** The splits whose misses were read: the only material that trains or chooses anything. */
const CV_SPLITS: Split[] = ["tune", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14"];
/** Never read for misses: scored once by --holdout, aggregate figures only (its file is added by whoever scores it). */
const UNSEEN: Split = "holdout15";

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
 * The ways the model and the rules are combined:
 * - rules: the rules alone;
 * - model: the model alone (text features only);
 * - model+rule-features: the model with the rules' verdict among its features;
 * - model-gate+rule-type: the model decides feedback vs none, the rules give the type where they fired;
 * - rules-else-model: the rules, and the model (at threshold `th`) only where they record nothing;
 * - rules-veto: the rules, minus the hits where the model's P(none) is at least `veto`;
 * - rules-veto-else-model: both of the last two.
 */
type Strategy = "rules" | "model" | "model+rule-features" | "model-gate+rule-type" | "rules-else-model" | "rules-veto" | "rules-veto-else-model";

/** A scored turn: its rule verdict and the fold model's class probabilities. */
interface Scored {
  x: Turn;
  p: number[] | null;
}

const modelType = (p: number[]): string => {
  let best = 1;
  for (let i = 2; i < p.length; i++) if (p[i] > p[best]) best = i;
  return CLASSES[best];
};

interface Setting {
  strategy: Strategy;
  grid: string;
  /** P(none) below this makes a model hit. */
  th: number;
  /** A rule hit whose P(none) is this or more is dropped (1: never). */
  veto: number;
}

function decide(s: Setting, { x, p }: Scored): string | null {
  const rule = x.det?.type ?? null;
  if (s.strategy === "rules" || !p) return s.strategy === "model" || s.strategy === "model+rule-features" ? null : rule;
  const hit = p[0] < s.th;
  switch (s.strategy) {
    case "model":
    case "model+rule-features":
      return hit ? modelType(p) : null;
    case "model-gate+rule-type":
      return hit ? (rule ?? modelType(p)) : null;
    case "rules-else-model":
      return rule ?? (hit ? modelType(p) : null);
    case "rules-veto":
      return rule && p[0] < s.veto ? rule : null;
    case "rules-veto-else-model":
      return rule ? (p[0] < s.veto ? rule : null) : hit ? modelType(p) : null;
  }
}

const scoreWith = (rows: Scored[], f: (r: Scored) => string | null): Score => {
  const byId = new Map(rows.map((r) => [r.x.t.id, r]));
  return score(
    rows.map((r) => r.x.t),
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
  "all-l2-2": { name: "words+bigrams+chars+agent words, L2 1e-2", cfg: ALL, train: { ...TRAIN, lambda: 1e-2 } },
};
/** The feature sets and settings tried by cross-validation (FEEDBACK_GRID picks a subset by key). */
const GRID = (process.env.FEEDBACK_GRID ?? "base,chars,agent,l2-2,l2-4,all,all-long,all-l2-2").split(",");
const THRESHOLDS = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7];
const VETOES = [0.8, 0.9, 0.95, 0.98, 0.99];
const STRATEGIES = (process.env.FEEDBACK_STRATEGIES ?? "model,model+rule-features,model-gate+rule-type,rules-else-model,rules-veto,rules-veto-else-model").split(",") as Strategy[];

/** Which feature set a strategy's model reads: only model+rule-features sees the rules' verdict. */
const cfgFor = (s: Strategy, grid: string): FeatureConfig => ({ ...GRID_ALL[grid].cfg, rules: s === "model+rule-features" });

function train(turns: Turn[], cfg: FeatureConfig, o: Train): FeedbackModel {
  const xs = turns.map((x) => featuresOf(cfg, x.own, x.before, x.det));
  return {
    cfg,
    weights: fit(
      cfg,
      xs,
      turns.map((x) => x.y),
      o,
    ),
    threshold: 0.5,
  };
}

const probs = (m: FeedbackModel, x: Turn): number[] | null => (x.own ? probabilities(m, featuresOf(m.cfg, x.own, x.before, x.det)) : null);

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const f2 = (v: number): string => v.toFixed(2);
const f3 = (v: number): string => v.toFixed(3);

/** Every setting of one strategy and grid entry, each scored on every fold. */
function settingsOf(strategy: Strategy, grid: string): Setting[] {
  if (strategy === "rules-veto") return VETOES.map((veto) => ({ strategy, grid, th: 0, veto }));
  if (strategy === "rules-veto-else-model") return VETOES.flatMap((veto) => THRESHOLDS.filter((th) => th <= 0.3).map((th) => ({ strategy, grid, th, veto })));
  return THRESHOLDS.map((th) => ({ strategy, grid, th, veto: 1 }));
}

const label = (s: Setting): string => (s.strategy === "rules" ? "rules" : `${s.strategy} (${GRID_ALL[s.grid].name}${s.strategy === "rules-veto" ? "" : `; P(none) < ${s.th}`}${s.veto < 1 ? `; veto at P(none) ≥ ${s.veto}` : ""})`);

interface CvResult {
  s: Setting;
  scores: Score[];
  /** Turns, over all folds, whose verdict (feedback or not, or type) differs from the rules'. */
  changed: number;
  f1: number;
  precision: number;
  recall: number;
  typeRight: number;
}

const summarise = (s: Setting, scores: Score[], changed = 0): CvResult => ({
  s,
  scores,
  changed,
  f1: mean(scores.map((x) => x.feedback.f1)),
  precision: mean(scores.map((x) => x.feedback.precision)),
  recall: mean(scores.map((x) => x.feedback.recall)),
  typeRight: mean(scores.map((x) => x.typeRight)),
});

const cvRow = (r: CvResult): string => `| ${label(r.s)} | ${r.scores.map((x) => f2(x.feedback.f1)).join(" | ")} | ${f3(r.precision)} | ${f3(r.recall)} | **${f3(r.f1)}** | ${f3(r.typeRight)} | ${r.changed} |`;

/** Confidence of a combined hit: the rules' own where they fired, else the model's band. */
function confidenceOf(s: Setting, { x, p }: Scored): string {
  if (x.det && s.strategy !== "model" && s.strategy !== "model+rule-features") return x.det.confidence;
  return p && p[0] < 0.1 ? "model-medium" : "model-low";
}

function crossValidate(): void {
  const all = CV_SPLITS.flatMap(prepare);
  const foldRows = (strategy: Strategy, grid: string, cache: Map<string, Scored[][]>): Scored[][] => {
    const cfg = cfgFor(strategy, grid);
    const key = JSON.stringify([cfg, GRID_ALL[grid].train]);
    let rows = cache.get(key);
    if (!rows) {
      const t0 = performance.now();
      rows = CV_SPLITS.map((held) => {
        const m = train(
          all.filter((x) => x.split !== held),
          cfg,
          GRID_ALL[grid].train,
        );
        return all.filter((x) => x.split === held).map((x) => ({ x, p: probs(m, x) }));
      });
      cache.set(key, rows);
      console.error(`${GRID_ALL[grid].name}${cfg.rules ? " + rule features" : ""}: ${CV_SPLITS.length} folds in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    return rows;
  };
  const cache = new Map<string, Scored[][]>();
  const rulesSetting: Setting = { strategy: "rules", grid: "base", th: 0, veto: 1 };
  const rules = summarise(
    rulesSetting,
    CV_SPLITS.map((s) =>
      scoreWith(
        all.filter((x) => x.split === s).map((x) => ({ x, p: null })),
        (r) => decide(rulesSetting, r),
      ),
    ),
  );
  const floor = rules.precision - 0.05;
  const results: CvResult[] = [];
  const best: CvResult[] = [];
  for (const strategy of STRATEGIES) {
    let top: CvResult | null = null;
    let acting: CvResult | null = null;
    let free: CvResult | null = null;
    for (const grid of GRID) {
      const folds = foldRows(strategy, grid, cache);
      for (const s of settingsOf(strategy, grid)) {
        const changed = folds.reduce((n, rows) => n + rows.filter((x) => decide(s, x) !== decide(rulesSetting, x)).length, 0);
        const r = summarise(
          s,
          folds.map((rows) => scoreWith(rows, (x) => decide(s, x))),
          changed,
        );
        results.push(r);
        if (r.precision >= floor && (!top || r.f1 > top.f1)) top = r;
        if (r.precision >= floor && r.changed > 0 && (!acting || r.f1 > acting.f1)) acting = r;
        if (!free || r.f1 > free.f1) free = r;
      }
    }
    // the best under the floor; the best under the floor that changes any verdict (when the best changes none); the best without the floor
    for (const r of [top, top?.changed ? null : acting, free]) if (r && !best.includes(r)) best.push(r);
    if (!top) console.error(`${strategy}: no setting keeps mean precision ≥ ${f3(floor)}`);
  }
  const head = `| setting | ${CV_SPLITS.join(" | ")} | mean P | mean R | mean F1 | mean type right | verdicts changed |\n|---|${CV_SPLITS.map(() => "---|").join("")}---|---|---|---|---|`;
  console.log(`## Leave-one-split-out over ${CV_SPLITS.length} splits (F1 feedback vs none on the held-out split)\n`);
  console.log(`precision floor for selection: rules' mean precision ${f3(rules.precision)} − 0.05 = ${f3(floor)}\n`);
  console.log(`each strategy: its best setting under the floor; if that changes no verdict, its best that does; its best without the floor:\n\n${head}\n${cvRow(rules)}\n${best.map(cvRow).join("\n")}\n`);
  const chosen = [rules, ...best.filter((r) => r.precision >= floor)].reduce((a, b) => (b.f1 > a.f1 ? b : a));
  console.log(`chosen: ${label(chosen.s)} (mean F1 ${f3(chosen.f1)} vs rules ${f3(rules.f1)}, ${chosen.f1 - rules.f1 >= 0 ? "+" : ""}${f3(chosen.f1 - rules.f1)})\n`);
  // the top of the whole grid, whatever its precision, to show what the floor excluded
  const unconstrained = [...results].sort((a, b) => b.f1 - a.f1).slice(0, 5);
  console.log(`top five of the whole grid by mean F1 (no precision floor):\n\n${head}\n${unconstrained.map(cvRow).join("\n")}\n`);
  // pooled over the folds: how often each confidence level's hits are true, for the chosen setting
  if (chosen.s.strategy !== "rules") {
    const folds = foldRows(chosen.s.strategy, chosen.s.grid, cache);
    const tally = new Map<string, [number, number]>();
    for (const rows of folds)
      for (const r of rows) {
        if (!decide(chosen.s, r)) continue;
        const c = confidenceOf(chosen.s, r);
        const [t, n] = tally.get(c) ?? [0, 0];
        tally.set(c, [t + (r.x.t.label !== "none" ? 1 : 0), n + 1]);
      }
    console.log(`chosen setting's hits by confidence, pooled over the folds: ${[...tally].map(([c, [t, n]]) => `${c} ${f2(t / n)} (${t}/${n})`).join(", ")}\n`);
  }
}

const RULES: Setting = { strategy: "rules", grid: "base", th: 0, veto: 1 };

/**
 * The best setting of each strategy by --cv that changes any verdict of the rules (mean F1 under the precision
 * floor where one passes it; model and model-gate+rule-type pass it nowhere: their best mean F1). Fixed before
 * holdout8 was scored; used by --transfer.
 */
const CV_BEST: Setting[] = [
  { strategy: "model", grid: "all-long", th: 0.7, veto: 1 },
  { strategy: "model+rule-features", grid: "base", th: 0.5, veto: 1 },
  { strategy: "rules-else-model", grid: "l2-2", th: 0.3, veto: 1 },
  { strategy: "rules-veto", grid: "chars", th: 0, veto: 0.9 },
];

/** What --cv chose: the rules alone; no combination beat their mean F1 under the floor (0.864 over nine splits, 0.861 over ten: docs/feedback.md). */
const CHOSEN: Setting = RULES;
/**
 * Scored on holdout8 next to the chosen setting for information only (fixed before it was scored; nothing is
 * chosen by it): the model alone, and the best combination by --cv that changes any verdict (a veto, mean F1
 * 0.864, precision 0.916).
 */
const INFORMATIVE: Setting[] = [CV_BEST[0], CV_BEST[3]];
/** The setting whose weights --write writes and --time measures (had a model shipped): the veto. */
const MEASURED: Setting = CV_BEST[3];

const trainSetting = (all: Turn[], s: Setting): FeedbackModel => ({ ...train(all, cfgFor(s.strategy, s.grid), GRID_ALL[s.grid].train), threshold: s.th });

/** Writes the measured setting's weights trained on all the tuning splits (to measure their size; not shipped). */
function write(path: string): void {
  const m = trainSetting(CV_SPLITS.flatMap(prepare), MEASURED);
  const compact = JSON.stringify({ ...m, weights: m.weights.map((row) => row.map((v) => Math.round(v * 1000) / 1000)) });
  writeFileSync(path, compact + "\n");
  const t0 = performance.now();
  JSON.parse(readFileSync(path, "utf8"));
  console.log(`wrote ${path}: ${compact.length} bytes, read and parsed in ${(performance.now() - t0).toFixed(1)} ms`);
}

/** UNSEEN (holdout15), once: the chosen setting (and INFORMATIVE) trained on all the tuning splits, next to the rules. Aggregate tables only. */
function holdout(): void {
  if (!existsSync(splitFile(UNSEEN))) {
    console.error(`${UNSEEN} is not there (${splitFile(UNSEEN)}): add its labelled turns first; nothing was scored`);
    process.exit(1);
  }
  const all = CV_SPLITS.flatMap(prepare);
  const held = prepare(UNSEEN);
  const out: [string, Score][] = [];
  for (const s of [RULES, ...(CHOSEN === RULES ? [] : [CHOSEN]), ...INFORMATIVE]) {
    const m = s.strategy === "rules" ? null : trainSetting(all, s);
    const rows: Scored[] = held.map((x) => ({ x, p: m ? probs(m, x) : null }));
    out.push([`${label(s)}${s === CHOSEN ? " (chosen)" : ""}`, scoreWith(rows, (r) => decide(s, r))]);
  }
  console.log(`${UNSEEN} (${held.length} turns, never read; aggregate only):\n${table(out)}\n`);
}

/**
 * A transfer check for the combinations, on a read split scored with the rules as they were before it was read
 * (--cv scores every combination with today's rules, which were written against all eight folds): FILE maps each
 * turn id of SPLIT to an older detector's verdict (see docs/feedback.md). Each strategy's CV-best setting is trained
 * on the other seven splits; nothing is chosen by this.
 */
function transfer(split: Split, file: string): void {
  const old = JSON.parse(readFileSync(file, "utf8")) as Record<string, Detection | null>;
  const others = CV_SPLITS.filter((s) => s !== split).flatMap(prepare);
  const held = prepare(split).map((x) => ({ ...x, det: old[x.t.id] ?? null }));
  const out: [string, Score][] = [];
  const models = new Map<string, FeedbackModel>();
  for (const s of [RULES, ...CV_BEST]) {
    const cfg = cfgFor(s.strategy, s.grid);
    const key = JSON.stringify([cfg, GRID_ALL[s.grid].train]);
    const m = s.strategy === "rules" ? null : (models.get(key) ?? train(others, cfg, GRID_ALL[s.grid].train));
    if (m) models.set(key, m);
    const rows: Scored[] = held.map((x) => ({ x, p: m ? probs(m, x) : null }));
    out.push([label(s), scoreWith(rows, (r) => decide(s, r))]);
  }
  console.log(`${split}, with the rules from before it was read:\n${table(out)}\n`);
}

/** Per-turn cost over the tuning splits' turns: the rules alone, and rules + features + scoring. */
function timing(): void {
  const all = CV_SPLITS.flatMap(prepare);
  const m = trainSetting(all, MEASURED);
  const per = (f: (x: Turn) => unknown): number => {
    for (const x of all) f(x);
    const t0 = performance.now();
    for (let r = 0; r < 5; r++) for (const x of all) f(x);
    return ((performance.now() - t0) / (5 * all.length)) * 1000;
  };
  const rules = per((x) => (x.own ? detectFeedback(x.own, x.before) : null));
  const both = per((x) => (x.own ? probabilities(m, featuresOf(m.cfg, x.own, x.before, detectFeedback(x.own, x.before))) : null));
  console.log(`per turn (${all.length} turns × 5): rules ${rules.toFixed(1)} µs, rules + features + model ${both.toFixed(1)} µs`);
}

const arg = process.argv[2];
if (arg === "--cv") crossValidate();
else if (arg === "--write" && process.argv[3]) write(process.argv[3]);
else if (arg === "--holdout") holdout();
else if (arg === "--time") timing();
else if (arg === "--transfer" && process.argv[3] && process.argv[4]) transfer(process.argv[3] as Split, process.argv[4]);
else {
  console.error("usage: npx tsx scripts/train-feedback.ts --cv | --holdout | --write FILE | --time");
  process.exit(2);
}
