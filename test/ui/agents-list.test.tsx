// The session list shows every agent: a tag per row, and A filters by agent.
import { afterEach, describe, expect, it } from "vitest";
import { bodyLines, KEYS, mount, type Mounted } from "./harness.js";
import type { SessionSummary } from "../../src/core/session/list/summary.js";
import type { AgentId } from "../../src/core/session/agents.js";
import { summaryRow } from "../helpers/summary-row.js";

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

/** A list row of any agent (the reader's `agent` field, as the dialect registry gives it). */
function row(agent: AgentId, name: string, at: number): SessionSummary {
  return summaryRow({ path: `/s/${agent}/${name}.jsonl`, id: `${agent}-${name}`, cwd: "/work/app", name, messageCount: 2, entryCount: 2, modified: `2026-01-0${at}T00:00:00.000Z`, agent });
}

/** The session rows on screen (after the header line). */
const rows = (frame: string): string[] => bodyLines(frame).filter((l) => /^[› ] \S/.test(l) && !l.includes("session "));

describe("the session list names each row's agent", () => {
  it("tags pi and omp files, and ^g cycles the agents listed, then every agent again", async () => {
    m = await mount({ paths: ["test/fixtures/sessions"], width: 120 });
    const all = rows(m.frame());
    expect(all.some((l) => /^[› ] pi\s/.test(l))).toBe(true);
    expect(all.some((l) => /^[› ] omp\s/.test(l))).toBe(true);
    expect(m.frame()).toMatch(/agent\s+session/); // the header names the column
    expect(m.frame()).toContain("^g agent"); // the footer shows the key

    await m.press(KEYS.ctrl("g"));
    expect(m.frame()).toContain("agent pi");
    expect(rows(m.frame()).length).toBeGreaterThan(0);
    expect(rows(m.frame()).every((l) => /^[› ] pi\s/.test(l))).toBe(true);
    await m.press(KEYS.ctrl("g"));
    expect(m.frame()).toContain("agent omp");
    expect(rows(m.frame()).every((l) => /^[› ] omp\s/.test(l))).toBe(true);
    await m.press(KEYS.ctrl("g"));
    expect(m.frame()).toContain("every agent");
    expect(m.store.getState().listView.length).toBe(m.store.getState().sessions!.length);
  });

  it("tags every agent's rows, filters to one, and drops the tag before the name at 40 columns", async () => {
    m = await mount({ paths: [], width: 100 });
    m.store.getState().setSessions([row("claude", "fix-the-parser", 5), row("codex", "add-tests", 4), row("pi", "pi-work", 3), row("opencode", "oc-chat", 2), row("gemini", "gm-chat", 1)]);
    await m.press(KEYS.up, KEYS.down);
    const shown = rows(m.frame());
    for (const [tag, name] of [
      ["claude", "fix-the-parser"],
      ["codex", "add-tests"],
      ["pi", "pi-work"],
      ["opencode", "oc-chat"],
      ["gemini", "gm-chat"],
    ]) {
      expect(shown.some((l) => new RegExp(`^[› ] ${tag}\\s+${name}`).test(l))).toBe(true);
    }
    await m.press(KEYS.ctrl("g"), KEYS.ctrl("g"), KEYS.ctrl("g")); // pi → claude → codex (the filter's order: pi omp claude codex gemini opencode)
    expect(m.frame()).toContain("agent codex");
    expect(rows(m.frame())).toHaveLength(1);
    expect(rows(m.frame())[0]).toContain("add-tests");
    m.unmount();

    m = await mount({ paths: [], width: 40 });
    m.store.getState().setSessions([row("claude", "fix-the-parser", 5)]);
    await m.press(KEYS.up, KEYS.down);
    const narrow = rows(m.frame());
    expect(narrow[0]).toMatch(/^› fix-the-/); // the name comes first, as narrow as the list already made it
    expect(narrow[0]).not.toContain("claude");
  });

  it("with one agent listed, ^g says so and filters nothing; ? lists the key", async () => {
    m = await mount({ paths: [], width: 100 });
    m.store.getState().setSessions([row("claude", "only-one", 1)]);
    await m.press(KEYS.ctrl("g"));
    expect(m.frame()).toContain("only Claude Code sessions are listed");
    expect(m.store.getState().agentFilter).toBeNull();
    await m.press("?");
    expect(m.frame()).toContain("agent filter");
    await m.press(KEYS.escape);
  });
});
