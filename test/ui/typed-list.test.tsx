// Typing on the session list, as in pi's /resume: every printable key
// searches. Words that begin with what used to be command letters (r resume,
// q quit, s sort, a scope, y path) only search; digits and ? switch screens
// or open help while the search is empty; the commands are ctrl keys, Tab and
// Esc, and the footer says so.
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";

let m: Mounted | null = null;
const dirs: string[] = [];
afterEach(() => {
  m?.unmount();
  m = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function sessions(): string {
  const dir = mkdtempSync(join(tmpdir(), "omp-typed-"));
  dirs.push(dir);
  const firsts = ["refactor the parser", "a quick fix", "resume work on docs", "sort the imports"];
  firsts.forEach((first, i) => {
    const id = `s${i}`;
    const lines = [
      { type: "session", version: 3, id, timestamp: "2026-06-01T10:00:00.000Z", cwd: "/work/app" },
      { type: "message", id: "u1", parentId: null, timestamp: `2026-06-01T10:0${i}:00.000Z`, message: { role: "user", content: first } },
    ];
    writeFileSync(join(dir, `2026-06-01T10-00-00-000Z_${id}.jsonl`), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  });
  return dir;
}

const footer = () => m!.frame().split("\n").at(-1)!;

describe("typing on the session list only searches", () => {
  for (const word of ["refactor", "quick", "resume", "sort", "yay", "all"]) {
    it(`typing "${word}" searches for it and nothing else happens`, async () => {
      m = await mount({ paths: [sessions()] });
      const before = m.store.getState();
      await m.type(word);
      const st = m.store.getState();
      expect(st.listQuery).toBe(word);
      expect(st.screen).toBe("sessions");
      expect(st.sort).toBe(before.sort);
      expect(st.scope).toBe(before.scope);
      expect(st.copiedPaths).toEqual([]);
      expect(m.stores.resume.getState().request).toBeNull();
      expect(m.exited()).toBe(false);
      expect(m.frame()).toContain(`/ ${word}`);
    });
  }

  it("the same words typed in one burst (as a paste or a fast typist sends them) only search too", async () => {
    m = await mount({ paths: [sessions()] });
    await m.burst("quick r");
    expect(m.store.getState().listQuery).toBe("quick r");
    expect(m.exited()).toBe(false);
    expect(m.stores.resume.getState().request).toBeNull();
  });

  it("the commands are non-printable keys, and the footer and help show them", async () => {
    m = await mount({ paths: [sessions()], width: 160 });
    expect(footer()).toContain("type search");
    expect(footer()).toContain("^r resume");
    expect(footer()).toContain("^s sort");
    expect(footer()).toContain("Tab all/project");
    expect(footer()).toContain("Esc clear/quit");
    expect(footer()).not.toMatch(/(^| )q quit/);
    await m.press(KEYS.ctrl("s"));
    expect(m.store.getState().sort).toBe("recent");
    await m.press(KEYS.tab);
    expect(m.store.getState().scope).toBe("project");
    await m.press("?");
    await m.waitFor((f) => f.includes("Session list"), "help");
    expect(m.frame()).toMatch(/\^r\s+resume the session/);
  });

  it("a digit with the search empty switches screens; once typing, digits are typed", async () => {
    m = await mount({ paths: [sessions()] });
    await m.type("v2");
    expect(m.store.getState().listQuery).toBe("v2");
    expect(m.store.getState().screen).toBe("sessions");
    await m.press(KEYS.ctrl("u"), "3");
    expect(m.store.getState().screen).toBe("feedback");
  });
});
