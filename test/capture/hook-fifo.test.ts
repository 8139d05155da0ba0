// Hooks never break the agent that calls them: a FIFO planted where the hook
// reads a file of its own (the capture config, keep.json, a session's state,
// the registry, the queues) must not block it. Opening a FIFO for reading
// waits for a writer, and reading it waits for bytes, so each of these files
// is opened without blocking and refused unless it is a regular file. The run
// ends (code 0), the hook's error log says which file it refused, and what
// reached the session's queue is folded once the FIFO is gone.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { payload, sandbox } from "./helpers.js";
import { runBin } from "../helpers/run-bin.js";

const posix = process.platform !== "win32";
const tool = (id: string) => payload({ session_id: id, hook_event_name: "PostToolUse", cwd: "/w", tool_name: "Bash" });

describe.skipIf(!posix)("a FIFO where the hook reads", () => {
  // relative to the store root, except keep.json (in the config dir)
  const places: [string, (root: string, configDir: string) => string][] = [
    ["the capture config", (root) => join(root, "config.json")],
    ["keep.json", (_root, configDir) => join(configDir, "keep.json")],
    ["the session's state file", (root) => join(root, "state", "codex", "f.json")],
    ["the registry", (root) => join(root, "registry.jsonl")],
    ["the session's queue", (root) => join(root, "queue", "sessions", "codex", "f.jsonl")],
  ];
  for (const [what, where] of places) {
    it(`at ${what}: the hook ends and exits 0`, { timeout: 180_000 }, async () => {
      const sb = sandbox();
      const configDir = join(sb.home, ".config", "omp-sessions");
      const file = where(sb.root, configDir);
      mkdirSync(dirname(file), { recursive: true });
      execFileSync("mkfifo", [file]);
      // killed at the bound only if it blocks: its code is then null, and the test fails
      const r = await runBin(["hook", "--harness", "codex"], { input: tool("f"), env: { ...sb.env, OMP_SESSIONS_CONFIG_DIR: configDir }, timeoutMs: 120_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe("");
      if (what === "the capture config" || what === "keep.json") return; // an unusable config turns capture (or keep) off, as a damaged one does
      // the store's own file: refused and logged, and the event waits in the session's queue (or, with the queue
      // itself refused, is still in the day's queue): once the FIFO is gone, the next event folds what was kept
      expect(readFileSync(join(sb.root, "errors.jsonl"), "utf8")).toMatch(/not a regular file/);
      rmSync(file);
      const again = await runBin(["hook", "--harness", "codex"], { input: tool("f"), env: { ...sb.env, OMP_SESSIONS_CONFIG_DIR: configDir }, timeoutMs: 120_000 });
      expect(again.code, again.stderr).toBe(0);
      const state = JSON.parse(readFileSync(join(sb.root, "state", "codex", "f.json"), "utf8")) as { event_count: number };
      expect(state.event_count).toBe(what === "the session's queue" ? 1 : 2);
      // the day's queue has every event, the one its session's queue refused too
      const day = readdirSync(join(sb.root, "queue")).filter((n) => n.endsWith(".jsonl"));
      expect(
        day.flatMap((n) =>
          readFileSync(join(sb.root, "queue", n), "utf8")
            .split("\n")
            .filter((l) => l.includes('"native_session_id": "f"')),
        ),
      ).toHaveLength(2);
    });
  }
});
