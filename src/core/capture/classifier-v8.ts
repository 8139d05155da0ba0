// V8's flags for the hook's feedback classifier (dist/hook-feedback.cjs).
//
// The classifier runs a few hundred regular expressions over one user turn,
// each for the first time in the process, so compiling them is most of its
// cost. By default V8 compiles a pattern to bytecode for its interpreter on
// the first run and again to machine code once it runs again ("tier-up");
// compiling to machine code at once costs less for these patterns: a
// UserPromptSubmit with no feedback in it, CPU of the hook's process 104 →
// 76 ms (medians of 25, docs/performance.md). Its machine code need not be
// fast either: each pattern runs a few times over a few hundred characters,
// so `--no-regexp-optimization` (no Boyer-Moore tables, quick checks or
// merged text nodes) spends less compiling it (no feedback in the turn:
// 75.8 → 72.3 ms, medians of 30). Matching is the same either way: the flags
// only choose how V8 compiles a pattern (test/capture/classifier-v8.test.ts
// reads every labelled turn under them).
//
// The hook sets the flag just before it loads the classifier, and the build
// writes the classifier's code cache under the same flag (scripts/build.mjs
// reads this file): V8 refuses a cache made under other flags. Only Node
// versions whose V8 is known to have the flag get it (V8 prints an error for
// a flag it does not know); any other runs with V8's defaults.

/** The flags, as `v8.setFlagsFromString` takes them. */
export const CLASSIFIER_V8_FLAGS = "--no-regexp-tier-up --no-regexp-optimization";

/** The flags for the Node of `version` (e.g. "20.20.2"), or null: that Node runs the classifier with V8's defaults. */
export function classifierV8Flags(version: string): string | null {
  const major = Number(version.split(".")[0]);
  return major >= 20 && major <= 24 ? CLASSIFIER_V8_FLAGS : null;
}
