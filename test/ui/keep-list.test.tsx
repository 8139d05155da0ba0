// The session list with the archive (keep): an archived copy of another
// machine's session is marked with its host, ^o filters by host, and ^d on a
// live session says whether an archived copy remains.
import { afterEach, beforeEach, describe, it } from "vitest";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount } from "./harness.js";
import { keepRun } from "../../src/core/keep/run.js";

const KEYS_ENV = ["PATH", "HOME", "OMP_SESSIONS_DATA_DIR", "OMP_SESSIONS_CONFIG_DIR", "PI_CODING_AGENT_DIR", "OMP_CODING_AGENT_DIR", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"] as const;
let root: string;
let saved: Record<string, string | undefined>;

const session = (id: string, text: string) =>
  [
    { type: "session", version: 3, id, timestamp: "2026-12-01T10:00:00.000Z", cwd: "/work/keep-list" },
    { type: "message", id: "u1", parentId: null, timestamp: "2026-12-01T10:00:01.000Z", message: { role: "user", content: [{ type: "text", text }] } },
  ]
    .map((o) => JSON.stringify(o))
    .join("\n") + "\n";

beforeEach(async () => {
  saved = Object.fromEntries(KEYS_ENV.map((k) => [k, process.env[k]]));
  for (const k of KEYS_ENV) delete process.env[k];
  root = mkdtempSync(join(tmpdir(), "omp-keep-list-"));
  process.env.HOME = join(root, "home");
  process.env.OMP_SESSIONS_DATA_DIR = join(root, "data");
  process.env.OMP_SESSIONS_CONFIG_DIR = join(root, "cfg");
  mkdirSync(process.env.OMP_SESSIONS_CONFIG_DIR);
  writeFileSync(join(root, "cfg", "keep.json"), JSON.stringify({ enabled: true, host: "alpha", sources: [] }));
  const dir = join(root, "home", ".pi", "agent", "sessions", "--work-keep-list--");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "live.jsonl"), session("aaaaaaaa-0000-4000-8000-000000000001", "the live one"));
  // beta's session, archived on beta and synced into this archive folder; its original is not here.
  const elsewhere = join(root, "beta-home", "s.jsonl");
  mkdirSync(join(root, "beta-home"));
  writeFileSync(elsewhere, session("bbbbbbbb-0000-4000-8000-000000000001", "from the other machine"));
  await keepRun({ files: [elsewhere], config: { enabled: true, host: "beta", sources: [] } });
  rmSync(elsewhere);
  // A stand-in trash command: ^d asks only when one exists (it is looked for first).
  mkdirSync(join(root, "bin"));
  writeFileSync(join(root, "bin", "trash"), "#!/bin/sh\nexit 1\n");
  chmodSync(join(root, "bin", "trash"), 0o755);
  process.env.PATH = `${join(root, "bin")}:${saved.PATH ?? ""}`;
});
afterEach(() => {
  for (const k of KEYS_ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  rmSync(root, { recursive: true, force: true });
});

describe("the session list with the archive", () => {
  it("marks the archived copy with its host, ^o filters by host, ^d says whether a copy remains", async () => {
    const m = await mount({ paths: [], width: 220, height: 20 });
    try {
      await m.waitFor((f) => f.includes("[archived beta] from the other machine") && f.includes("the live one"), "both rows");
      await m.press(KEYS.ctrl("o"));
      await m.waitFor((f) => f.includes("host: alpha only") && !f.includes("from the other machine"), "alpha's only");
      await m.press(KEYS.ctrl("o"));
      await m.waitFor((f) => f.includes("host: beta only") && !f.includes("the live one"), "beta's only");
      await m.press(KEYS.ctrl("o"));
      await m.waitFor((f) => f.includes("the live one") && f.includes("from the other machine"), "every host");
      // ^d on the live session: not archived yet.
      const at = m.store.getState().listView.findIndex((s) => s.firstMessage === "the live one");
      const moves = at - m.store.getState().listCursor;
      await m.press(...Array.from({ length: Math.abs(moves) }, () => (moves > 0 ? KEYS.down : KEYS.up)), KEYS.ctrl("d"));
      await m.waitFor((f) => f.includes("Move to the trash?") && f.includes("no archived copy yet (keep --now makes one)"), "the delete question");
      await m.press("n");
    } finally {
      m.unmount();
    }
  });
});
