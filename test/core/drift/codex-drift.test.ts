// Codex 0.171.0 (test/fixtures/agents-drift/codex): a name kept only in
// ~/.codex/session_index.jsonl is the session's name, in the tree and the list.
import { describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, appendFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { summarizeSession } from "../../../src/core/session/list/summary.js";

const HOME = join(import.meta.dirname, "../../fixtures/agents-drift/codex");
const ROLLOUT = "sessions/2026/12/03/rollout-2026-12-03T14-49-38-01a23c61-e57b-7741-8190-db4bee16e5ff.jsonl";
const ID = "01a23c61-e57b-7741-8190-db4bee16e5ff";

describe("Codex session_index.jsonl names", () => {
  it("a name kept only in the session index is the session's name (tree and list)", async () => {
    const s = await loadSession(join(HOME, ROLLOUT));
    expect(s.name).toBe("Stub greeting thread");
    expect((await summarizeSession(join(HOME, ROLLOUT))).name).toBe("Stub greeting thread");
  });

  it("the newest rename in the index wins; an empty one clears it", async () => {
    const home = mkdtempSync(join(tmpdir(), "codex-index-"));
    cpSync(HOME, home, { recursive: true });
    const index = join(home, "session_index.jsonl");
    appendFileSync(index, JSON.stringify({ id: ID, thread_name: "Renamed later", updated_at: "2026-12-03T15:00:00Z" }) + "\n");
    appendFileSync(index, JSON.stringify({ id: ID, thread_name: "An older name written late", updated_at: "2026-12-03T14:55:00Z" }) + "\n");
    expect((await loadSession(join(home, ROLLOUT))).name).toBe("Renamed later");
    appendFileSync(index, JSON.stringify({ id: ID, thread_name: "", updated_at: "2026-12-03T16:00:00Z" }) + "\n");
    expect((await loadSession(join(home, ROLLOUT))).name).toBeNull();
  });

  it("a session index planted as a FIFO is refused at once: the rollout keeps its own name", async () => {
    const home = mkdtempSync(join(tmpdir(), "codex-index-fifo-"));
    cpSync(HOME, home, { recursive: true });
    const index = join(home, "session_index.jsonl");
    rmSync(index);
    execFileSync("mkfifo", [index]);
    expect((await loadSession(join(home, ROLLOUT))).name).toBeNull();
  });
});
