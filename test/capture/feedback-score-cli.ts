// Prints the eval tables for the named splits: `npx tsx test/capture/feedback-score-cli.ts holdout7 holdout8`.
// `--misses` lists misses and false hits (holdout14 was read in the round that labelled holdout15; holdout15 is kept unread:
// its misses are not listed, and a split whose file is not there yet is skipped with a note).
// `--loso` scores every read split leave-one-split-out by rule: a hit counts on a split only when its rule (its
// rationale) also makes a true hit on another read split, so a rule supported by one split's turns alone does not
// count there. It prints each split's F1 both ways and their means.
import { existsSync } from "node:fs";
import { classify } from "../../src/core/capture/feedback.js";
import { normalizeText } from "../../src/core/capture/harness.js";
import { referenceClassify } from "./feedback-reference.js";
import { loadTurns, score, splitFile, table, type LabelledTurn, type Split } from "./feedback-scoring.js";
/** Labelled and never read: scored in aggregate, its misses never listed. */
const UNSEEN: Split = "holdout15";
const ours = (t: LabelledTurn): string | null => classify(normalizeText(t.text), false, t.before || null)?.type ?? null;
const ref = (t: LabelledTurn): string | null => referenceClassify(normalizeText(t.text));
const args = process.argv.slice(2);
const showMisses = args.includes("--misses");
const READ: Split[] = ["tune", "holdout", "holdout2", "holdout3", "holdout4", "holdout5", "holdout6", "holdout7", "holdout8", "holdout9", "holdout10", "holdout11", "holdout12", "holdout13", "holdout14"];
if (args.includes("--loso")) loso();
function loso(): void {
  const rows = READ.map((split) => ({ split, turns: loadTurns(split).map((t) => ({ t, c: classify(normalizeText(t.text), false, t.before || null) })) }));
  // the read splits on which each rule (by its rationale) makes a true hit
  const support = new Map<string, Set<Split>>();
  for (const { split, turns } of rows) for (const { t, c } of turns) if (c && t.label !== "none") support.set(c.rationale, (support.get(c.rationale) ?? new Set()).add(split));
  const f3 = (x: number): string => x.toFixed(3);
  const sums = [0, 0];
  console.log("| split | F1 | F1 leave-one-split-out | rules supported by this split alone |\n|---|---|---|---|");
  for (const { split, turns } of rows) {
    const type = new Map(turns.map(({ t, c }) => [t.id, c?.type ?? null]));
    const alone = new Set<string>();
    const held = new Map(
      turns.map(({ t, c }) => {
        const others = [...(c ? (support.get(c.rationale) ?? []) : [])].filter((s) => s !== split);
        if (c && !others.length) alone.add(c.rationale);
        return [t.id, c && others.length ? c.type : null];
      }),
    );
    const all = score(
      turns.map((x) => x.t),
      (t) => type.get(t.id) ?? null,
    ).feedback.f1;
    const out = score(
      turns.map((x) => x.t),
      (t) => held.get(t.id) ?? null,
    ).feedback.f1;
    sums[0] += all;
    sums[1] += out;
    console.log(`| ${split} | ${f3(all)} | ${f3(out)} | ${[...alone].join("; ")} |`);
  }
  console.log(`| mean of ${rows.length} | ${f3(sums[0] / rows.length)} | ${f3(sums[1] / rows.length)} | |`);
}
for (const split of args.filter((a) => !a.startsWith("--")) as Split[]) {
  if (!existsSync(splitFile(split))) {
    console.log(`\n## ${split}: ${splitFile(split)} is not there (yet); skipped`);
    continue;
  }
  const turns = loadTurns(split);
  const o = score(turns, ours);
  const levels: Record<string, [number, number]> = { high: [0, 0], medium: [0, 0], low: [0, 0] };
  for (const t of turns) {
    const c = classify(normalizeText(t.text), false, t.before || null);
    if (!c) continue;
    levels[c.confidence][0]++;
    if (t.label !== "none") levels[c.confidence][1]++;
  }
  console.log(`\n## ${split} (${turns.length} turns, ${turns.filter((t) => t.label !== "none").length} feedback)`);
  console.log(
    table([
      ["ours", o],
      ["reference", score(turns, ref)],
    ]),
  );
  console.log("confidence kept/recorded:", JSON.stringify(levels), "tp", o.feedback.tp, "fp", o.feedback.fp, "fn", o.feedback.fn);
  if (showMisses && split === UNSEEN) console.log(`(${UNSEEN} is the unread split: its misses are not listed)`);
  if (showMisses && split !== UNSEEN) {
    for (const t of o.misses) console.log(`MISS [${t.label}] ${t.id} B: ${t.before.slice(-400).replace(/\n/g, " ⏎ ")}\n     U: ${t.text.slice(0, 400).replace(/\n/g, " ⏎ ")}`);
    for (const [t, g] of o.falseHits) console.log(`FALSE [${g} want ${t.label}] ${t.id} B: ${t.before.slice(-400).replace(/\n/g, " ⏎ ")}\n     U: ${t.text.slice(0, 400).replace(/\n/g, " ⏎ ")}`);
  }
}
