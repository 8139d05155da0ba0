// Chaining write commands: a write we made ourselves (its size and mtime are
// recorded after it) is no sign of a live agent, so `label` right after
// another `label` writes; a file someone else touched since still looks live.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runBin } from "../helpers/run-bin.js";
import { age, copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";
import { loadSession } from "../../src/core/session/tree/load.js";

let dir: string;
let done: () => void;
let pi: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  ({ dir, done } = tempDir());
  pi = copyFixture(fixtureNames("pi-2026")[0], dir);
  age(pi);
  env = { ...process.env, OMP_SESSIONS_CACHE_DIR: join(dir, "cache") };
});
afterEach(() => done());

describe("label right after label", () => {
  it("the second label writes (exit 0): our own last write is not the agent's", async () => {
    const s = await loadSession(pi);
    const first = await runBin(["label", pi, s.entries[0].id, "one"], { env });
    expect(first.code).toBe(0);
    const second = await runBin(["label", pi, s.entries[1].id, "two"], { env });
    expect(second.stderr).toBe("");
    expect(second.code).toBe(0);
    const after = await loadSession(pi);
    expect(after.labels.get(s.entries[0].id)).toBe("one");
    expect(after.labels.get(s.entries[1].id)).toBe("two");
  });

  it("a label on a fork right after the fork writes (the new file is ours)", async () => {
    const s = await loadSession(pi);
    const f = await runBin(["fork", pi, s.entries[1].id, "--json"], { env });
    expect(f.code).toBe(0);
    const made = (JSON.parse(f.stdout) as { file: string }).file;
    const fork = await loadSession(made);
    const r = await runBin(["label", made, fork.entries[0].id, "on the fork"], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("a line someone else appended after our write makes it live again (exit 4)", async () => {
    const s = await loadSession(pi);
    expect((await runBin(["label", pi, s.entries[0].id, "one"], { env })).code).toBe(0);
    const line = JSON.stringify({ type: "custom", customType: "agent", id: "zz000001", parentId: (await loadSession(pi)).leafId, timestamp: new Date().toISOString(), data: {} });
    appendFileSync(pi, line + "\n");
    const before = readFileSync(pi);
    const r = await runBin(["label", pi, s.entries[1].id, "two"], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/looks live \(modified \ds ago\)/);
    expect(readFileSync(pi).equals(before)).toBe(true);
  });
});
