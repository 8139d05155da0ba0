// A session in a format we only read (Claude Code, Codex, Gemini CLI,
// OpenCode): every write key says so in one status line at once, with no
// prompt opened first and nothing written; export still works.
import { afterEach, describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import type { Session } from "../../src/core/session/model.js";
import { summaryRow } from "../helpers/summary-row.js";
import type { AgentId } from "../../src/core/session/agents.js";
import { createEnv, useEnv } from "../../src/core/env.js";
import { toyDialect } from "../core/session/toy-dialect.js";

let m: Mounted | null = null;
let cleanup: (() => void) | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
  cleanup?.();
  cleanup = null;
  delete process.env.OMP_SESSIONS_EXPORT_DIR;
});

/** A pi fixture copy, loaded, then named another agent's (as a dialect's loader names its sessions). */
async function asAgent(agent: AgentId): Promise<{ file: string; dir: string; session: Session }> {
  const t = tempDir();
  cleanup = t.done;
  const file = copyFixture(fixtureNames("pi-2026")[0], t.dir);
  const loaded = await loadSession(file);
  return { file, dir: t.dir, session: { ...loaded, agent, writable: false } as Session };
}

const statusLine = (frame: string): string => frame.split("\n").at(-2) ?? "";

describe("a read-only format on the tree", () => {
  it("L, b, f, R and u refuse at once in one line naming the agent; nothing is written and no prompt opens", async () => {
    const { file, dir, session } = await asAgent("claude");
    const before = readFileSync(file);
    m = await mount({ paths: [], width: 140, height: 40 });
    m.store.getState().setSession(session);
    await m.press("k");
    for (const key of ["L", "b", "f", "R", "u"]) {
      await m.press(key);
      const f = m.frame();
      expect(m.stores.write.getState().step, key).toBeNull();
      expect(f, key).not.toMatch(/Label for|Continue from|Session name|Write this\?|Write the new session\?/);
      expect(statusLine(f), key).toContain("✗ read-only: Claude Code sessions are not written by omp-sessions (export and resume still work)");
      await m.press("j");
    }
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(readdirSync(dir)).toHaveLength(1); // no fork beside it
  });

  it("at 60 columns the refusal is read whole: the message wraps onto a second row, the screen gives that row up", async () => {
    const { session } = await asAgent("claude");
    m = await mount({ paths: [], width: 60, height: 20 });
    m.store.getState().setSession(session);
    await m.press("k");
    const rows = m.frame().split("\n");
    expect(rows).toHaveLength(20);
    await m.press("R");
    const f = m.frame().split("\n");
    expect(f).toHaveLength(20);
    expect(f.at(-3)).toBe("✗ read-only: Claude Code sessions are not written by");
    expect(f.at(-2)).toBe("  omp-sessions (export and resume still work)");
    expect(f.at(-1)).toContain("detail"); // the keys' line stays
    expect(f[0]).toBe(rows[0]); // the tab bar stays at the top: the screen, not the frame, is one row shorter
    expect(f.every((r) => r.length <= 60)).toBe(true);
    await m.press("j");
    expect(m.frame().split("\n").at(-2)).not.toContain("omp-sessions"); // gone with the next key, the row back to the screen
  });

  it("the footer leaves out the write keys' hints there, and shows them on a session we write", async () => {
    const { file, session } = await asAgent("claude");
    m = await mount({ paths: [], width: 200, height: 40 });
    m.store.getState().setSession(session);
    await m.press("k");
    const hints = (frame: string): string => frame.split("\n").at(-1) ?? "";
    expect(hints(m.frame())).toContain("detail");
    expect(hints(m.frame())).not.toContain("L label");
    m.store.getState().setSession(await loadSession(file));
    await m.press("k");
    expect(hints(m.frame())).toContain("L label");
  });

  it("E still exports the path (it writes a new file, never the session)", async () => {
    const { file, dir, session } = await asAgent("codex");
    const before = readFileSync(file);
    process.env.OMP_SESSIONS_EXPORT_DIR = join(dir, "out");
    mkdirSync(join(dir, "out"));
    m = await mount({ paths: [], width: 140, height: 40 });
    m.store.getState().setSession(session);
    await m.press("E");
    // The message names the file's whole path: at this width it takes more than one row.
    await m.waitFor((f) => f.split("\n").slice(-5, -1).join(" ").includes("exported the path"), "the export");
    expect(readdirSync(join(dir, "out")).some((n) => n.endsWith(".html"))).toBe(true);
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});

describe("a read-only format on the session list", () => {
  it("^d refuses at once, before asking", async () => {
    m = await mount({ paths: [], width: 120 });
    const row = summaryRow({ path: "/s/x/ses_1.json", id: "ses_1", cwd: "/w", name: "chat", size: 1, agent: "opencode" });
    m.store.getState().setSessions([row]);
    await m.press(KEYS.ctrl("d"));
    expect(m.store.getState().deleting).toBeNull();
    expect(statusLine(m.frame())).toContain("read-only: OpenCode sessions are not written by omp-sessions");
    expect(m.frame()).not.toContain("Move to the trash?");
  });
});

describe("a session read through a registered dialect", () => {
  it("lists with its agent's tag, and its write keys refuse at once", async () => {
    const restoreEnv = useEnv(createEnv({ extraDialects: [toyDialect] }));
    const t = tempDir();
    cleanup = () => {
      restoreEnv();
      t.done();
    };
    const file = join(t.dir, "talk.toy.jsonl");
    const rec = (o: object) => JSON.stringify(o) + "\n";
    writeFileSync(
      file,
      rec({ k: "meta", sid: "toy-1", dir: "/home/u/toy", title: "Toy talk", at: "2026-03-01T10:00:00.000Z" }) +
        rec({ k: "msg", uid: "u1", up: null, who: "human", text: "hello capybara", at: "2026-03-01T10:01:00.000Z" }) +
        rec({ k: "msg", uid: "a1", up: "u1", who: "bot", text: "hi", at: "2026-03-01T10:02:00.000Z" }),
    );
    const before = readFileSync(file);
    m = await mount({ paths: [t.dir], width: 120, height: 30 });
    await m.waitFor((f) => /^› toy\s+Toy talk/m.test(f), "the toy row with its tag");
    await m.press(KEYS.enter);
    await m.waitFor((f) => f.includes("[2 tree]") && f.includes("hello capybara"), "its tree");
    for (const key of ["L", "R"]) {
      await m.press(key);
      expect(m.stores.write.getState().step, key).toBeNull();
      expect(statusLine(m.frame()), key).toContain("✗ read-only: Toy sessions are not written by omp-sessions");
    }
    expect(readFileSync(file).equals(before)).toBe(true);
  });
});
