// Prints the eval tables for the named splits: `npx tsx test/capture/feedback-score-cli.ts holdout7 holdout8`.
// `--misses` lists misses and false hits (holdout12 was read in the round that labelled holdout13; holdout13 is kept unread:
// its misses are not listed, and a split whose file is not there yet is skipped with a note).
import { existsSync } from "node:fs";
import { classify } from "../../src/core/capture/feedback.js";
import { normalizeText } from "../../src/core/capture/harness.js";
import { referenceClassify } from "./feedback-reference.js";
import { loadTurns, score, splitFile, table, type LabelledTurn, type Split } from "./feedback-scoring.js";
/** Labelled and never read: scored in aggregate, its misses never listed. */
const UNSEEN: Split = "holdout13";
const ours = (t: LabelledTurn): string | null => classify(normalizeText(t.text), false, t.before || null)?.type ?? null;
const ref = (t: LabelledTurn): string | null => referenceClassify(normalizeText(t.text));
const args = process.argv.slice(2);
const showMisses = args.includes("--misses");
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
