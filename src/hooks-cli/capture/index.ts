import type { CommandEntry } from "../command.js";

/** Capture-store commands (hook, enable, disable, status, captured, feedback …). Loaded on use, so one command never pays for the others. */
export const captureCommands: CommandEntry[] = [
  { name: "hook", summary: "record one agent hook event from stdin (for harness hook configs; always exits 0)", load: async () => (await import("./hook-command.js")).hookCommand },
  { name: "enable", summary: "turn capture on (or set its mode) in the hub's .sessions/config.json", load: async () => (await import("./settings.js")).enableCommand },
  { name: "disable", summary: "turn capture off (hooks run with --if-enabled then do nothing)", load: async () => (await import("./settings.js")).disableCommand },
  { name: "status", summary: "show where the capture store is, whether capture is on, and hook errors", load: async () => (await import("./settings.js")).statusCommand },
  { name: "capture", summary: "write a manual checkpoint digest for a session", load: async () => (await import("./capture.js")).captureCommand },
  { name: "captured", summary: "list captured agent sessions (the capture store), newest first", load: async () => (await import("./capture.js")).capturedCommand },
  { name: "digest", summary: "print a captured session's current digest (or its path)", load: async () => (await import("./capture.js")).digestCommand },
  { name: "rehydrate", summary: "print the rehydration context (recent digests for a cwd, session or topic)", load: async () => (await import("./capture.js")).rehydrateCommand },
  { name: "promote", summary: "promote a captured session's digest into a topic wiki's raw/notes", load: async () => (await import("./promote.js")).promoteCommand },
  { name: "feedback", summary: "review feedback candidates distilled from user turns (list, show, edit, promote, dismiss, capture)", load: async () => (await import("./feedback.js")).feedbackCommand },
  { name: "import-session", summary: "build a capture digest and feedback candidates from a session (omp, pi, or any agent read)", load: async () => (await import("./import-session.js")).importSessionCommand },
  { name: "install-hooks", summary: "wire the capture hook into claude, codex, gemini, opencode, pi, omp (or --uninstall it)", load: async () => (await import("./install-hooks.js")).installHooksCommand },
  { name: "reindex", summary: "refresh the capture store's derived indexes (--full rebuilds everything)", load: async () => (await import("./capture.js")).reindexCommand },
];
