// The V8 flags the hook sets before it loads the classifier (core/capture/classifier-v8.ts) choose how V8
// compiles the patterns, never what they match: every labelled turn reads the same under them as without.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { CLASSIFIER_V8_FLAGS } from "../../src/core/capture/classifier-v8.js";
import { classify } from "../../src/core/capture/feedback.js";
import { normalizeText } from "../../src/core/capture/harness.js";
import { REPO } from "./helpers.js";
import { loadTurns, type Split } from "./feedback-scoring.js";

const SPLITS = readdirSync(join(REPO, "test", "fixtures", "feedback-turns"))
  .map((f) => /^turns-(.+)\.jsonl$/.exec(f)?.[1])
  .filter((s): s is Split => !!s)
  .sort();

/** Each turn's reading (with the agent message before it, and without), as one line of JSON. */
const SCRIPT = `
  const { classify } = await import(${JSON.stringify(join(REPO, "src/core/capture/feedback.ts"))});
  const { normalizeText } = await import(${JSON.stringify(join(REPO, "src/core/capture/harness.ts"))});
  const { loadTurns } = await import(${JSON.stringify(join(REPO, "test/capture/feedback-scoring.ts"))});
  const out = [];
  for (const split of JSON.parse(process.argv[1])) for (const t of loadTurns(split)) for (const before of [t.before || null, null]) out.push(classify(normalizeText(t.text), false, before));
  process.stdout.write(JSON.stringify(out));`;

describe("classifier V8 flags", () => {
  it("every labelled turn is read the same under the hook's V8 flags as under V8's defaults", async () => {
    const here = SPLITS.flatMap((s) => loadTurns(s)).flatMap((t) => [t.before || null, null].map((before) => classify(normalizeText(t.text), false, before)));
    const { stdout } = await promisify(execFile)(process.execPath, [...CLASSIFIER_V8_FLAGS.split(" "), "--import", "tsx", "--input-type=module", "-e", SCRIPT, JSON.stringify(SPLITS)], { cwd: REPO, maxBuffer: 64 << 20 });
    const there = JSON.parse(stdout) as unknown[];
    expect(here.length).toBeGreaterThan(9000);
    expect(there).toEqual(here);
  });
});
