// A Claude Code session that moved folder and was handed on to a background
// session: the tree's header says both (docs/agents.md).
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mount, type Mounted } from "./harness.js";

const dir = mkdtempSync(join(tmpdir(), "omps-ui-claude-moves-"));
const ID = "5e551011-0000-4000-8000-0000000000aa";
const file = join(dir, "projects", "-home-dev-w", `${ID}.jsonl`);
const base = { isSidechain: false, userType: "external", cwd: "/home/dev/app", sessionId: ID, version: "2.1.332", gitBranch: "main" };
mkdirSync(join(file, ".."), { recursive: true });
writeFileSync(
  file,
  [
    { ...base, parentUuid: null, type: "user", uuid: "u1", timestamp: "2026-12-01T09:00:01.000Z", message: { role: "user", content: "Fix the cache" } },
    {
      ...base,
      parentUuid: "u1",
      type: "assistant",
      uuid: "a1",
      timestamp: "2026-12-01T09:00:02.000Z",
      requestId: "r1",
      message: { id: "m1", model: "claude-sonnet-4-5", role: "assistant", content: [{ type: "text", text: "Fixed." }], stop_reason: "end_turn" },
    },
    { type: "relocated", sessionId: ID, relocatedCwd: "/home/dev/w" },
    { type: "continued-in", sessionId: ID, continuedInSessionId: "5e551011-0000-4000-8000-0000000000bb" },
  ]
    .map((l) => JSON.stringify(l) + "\n")
    .join(""),
);

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a Claude Code session that moved and went on elsewhere, in the browser", () => {
  it("the tree's header names the folder it moved from and the session it went on in", async () => {
    m = await mount({ file, width: 200 });
    const f = m.frame();
    expect(f).toContain("moved from /home/dev/app");
    expect(f).toContain("went on in 5e551011-0000-4000-8000-0000000000bb");
  });
});
