// Claude Code sessions in the browser: the fork fixture shows its two
// branches, an Agent call opens its subagent's session (o), and the
// subagent's tree names its parent and leads back to the call (p).
import { afterEach, describe, expect, it } from "vitest";
import { resolve } from "node:path";
import { cursorRow, KEYS, mount, type Mounted } from "./harness.js";

const PROJECT = "test/fixtures/agents/claude/projects/-home-dev-demo";
const FORK = resolve(PROJECT, "22222222-2222-4222-8222-222222222222.jsonl");
const PARENT = resolve(PROJECT, "77777777-7777-4777-8777-777777777777.jsonl");
const SIDECHAIN_PARENT = resolve(PROJECT, "88888888-8888-4888-8888-888888888888.jsonl");
const DAMAGED = resolve(PROJECT, "99999999-9999-4999-8999-999999999999.jsonl");

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

/** Moves the cursor up until its row holds `text`. */
async function cursorTo(mm: Mounted, text: string): Promise<void> {
  for (let i = 0; i < 20 && !cursorRow(mm.frame()).includes(text); i++) await mm.press("k");
  expect(cursorRow(mm.frame())).toContain(text);
}

describe("Claude Code sessions in the tree", () => {
  it("the fork fixture shows two branches from the reply both prompts answer", async () => {
    m = await mount({ file: FORK });
    const f = m.frame();
    expect(f).toContain("haiku practice");
    expect(f).toMatch(/├─ (• )?user: Now one about the desert\./);
    expect(f).toMatch(/└─ +user: Now one about mountains\./);
    expect(cursorRow(f)).toContain("Sand remembers heat");
  });

  it("o on the Agent call opens the subagent's session; p there goes back to the call", async () => {
    m = await mount({ file: PARENT });
    await cursorTo(m, "[Agent: Find every place the cache is invalidated.]");
    await m.press("o");
    let f = await m.waitFor((fr) => fr.includes("Explore: Find cache invalidation"), "the subagent's tree");
    expect(f).toContain("p: parent 77777777-7777-4777-8777-777777777777.jsonl");
    expect(f).toContain("user: Find every place the cache is invalidated.");
    expect(m.store.getState().session!.file).toMatch(/subagents\/agent-a1b2c3d4e5f6a7b8c\.jsonl$/);
    await m.press("p");
    f = await m.waitFor((fr) => !fr.includes("p: parent"), "the parent's tree");
    expect(m.store.getState().session!.file).toBe(PARENT);
    expect(cursorRow(f)).toContain("[Agent: Find every place the cache is invalidated.]");
  });

  it("an old-style sidechain opens from its Task call too, and a turn without one says so", async () => {
    m = await mount({ file: SIDECHAIN_PARENT });
    await cursorTo(m, "user: Run the test suite with a subagent.");
    await m.press("o");
    expect(m.frame()).toContain("no subagent here");
    expect(m.store.getState().session!.file).toBe(SIDECHAIN_PARENT);
    await m.press(KEYS.down);
    expect(cursorRow(m.frame())).toContain("[Task: Run npm test and report failures.]");
    await m.press("o");
    await m.waitFor((fr) => fr.includes("p: parent 88888888-8888-4888-8888-888888888888.jsonl"), "the sidechain's tree");
    expect(m.store.getState().session!.file).toMatch(/agent-0f1e2d3c\.jsonl$/);
  });

  it("p on a session without a parent says so and stays", async () => {
    m = await mount({ file: FORK });
    await m.press("p");
    expect(m.frame()).toContain("this session has no parent session");
    expect(m.store.getState().session!.file).toBe(FORK);
  });

  it("a damaged line and a cut-off last line are counted as warnings; the rest of the session shows", async () => {
    m = await mount({ file: DAMAGED });
    const f = m.frame();
    expect(f).toContain("2 warnings");
    expect(f).toContain("user: Still there?");
  });
});
