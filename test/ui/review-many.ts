// Many feedback candidates at once, built by the core classifier and written
// in one go (the hook would take minutes for 10,000).
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { buildCandidate, classify } from "../../src/core/capture/feedback.js";
import { candidatesPath } from "../../src/core/capture/paths.js";
import { pyCompact } from "../../src/core/capture/serialize.js";

const TEXTS = ["no, use the other file #", "always run the linter first #", "looks good, ship it #", "go ahead with plan #", "actually, the default should be off #"];

/** Writes n candidates (oldest first, one second apart); returns their ids in file order. */
export function writeManyCandidates(root: string, n: number): string[] {
  const lines: string[] = [];
  const ids: string[] = [];
  const t0 = Date.parse("2026-06-01T00:00:00Z");
  for (let i = 0; i < n; i++) {
    const text = TEXTS[i % TEXTS.length] + i;
    const c = classify(text)!;
    const sid = `codex:s${i % 50}`;
    const cand = buildCandidate(text, c, {
      sid,
      harness: "codex",
      nativeId: `s${i % 50}`,
      cwd: "/work/app",
      hookEventName: "UserPromptSubmit",
      turnId: `t${i}`,
      ts: new Date(t0 + i * 1000).toISOString().slice(0, 19) + "Z",
      gitRemote: null,
      gitBranch: null,
    });
    lines.push(pyCompact(cand));
    ids.push(cand.id as string);
  }
  mkdirSync(dirname(candidatesPath(root)), { recursive: true });
  writeFileSync(candidatesPath(root), lines.join("\n") + "\n");
  return ids;
}
