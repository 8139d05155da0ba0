// V8's flags for the hook's feedback classifier (dist/hook-feedback.cjs).
//
// The classifier runs a few hundred regular expressions over one user turn,
// each for the first time in the process, so compiling them is most of its
// cost. By default V8 compiles a pattern to bytecode for its interpreter on
// the first run and again to machine code once it runs again ("tier-up");
// compiling to machine code at once costs less for these patterns: a
// UserPromptSubmit with no feedback in it, CPU of the hook's process 104 →
// 76 ms (medians of 25, docs/performance.md). Matching is the same either
// way: the flag only chooses how V8 compiles a pattern
// (test/capture/classifier-v8.test.ts reads every labelled turn under it).
// Not `--no-regexp-optimization` as well: it saves ~2 ms on a short turn
// but its plainer matching code costs ~30 ms more on a pasted 200 KB log
// (the hook's CPU 121 → 149 ms, medians of 15).
//
// The hook sets the flag just before it loads the classifier, and the build
// writes the classifier's code cache under the same flag (scripts/build.mjs
// reads this file): V8 refuses a cache made under other flags. Only Node
// versions whose V8 is known to have the flag get it (V8 prints an error for
// a flag it does not know); any other runs with V8's defaults.

/** The flags, as `v8.setFlagsFromString` takes them. */
export const CLASSIFIER_V8_FLAGS = "--no-regexp-tier-up";

/** The flags for the Node of `version` (e.g. "20.20.2"), or null: that Node runs the classifier with V8's defaults. */
export function classifierV8Flags(version: string): string | null {
  const major = Number(version.split(".")[0]);
  return major >= 20 && major <= 24 ? CLASSIFIER_V8_FLAGS : null;
}
