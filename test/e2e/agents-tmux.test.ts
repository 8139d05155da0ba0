// The built browser in tmux: each row names its agent, A filters by agent,
// and the footer shows the key.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hasTmux, keys, tmux, waitFor } from "../helpers/tmux.js";

const BIN = resolve("bin/omp-sessions");
const DIR = resolve("test/fixtures/sessions");
const names: string[] = [];

afterAll(() => {
  for (const n of names) spawnSync("tmux", ["kill-session", "-t", n]);
});

/** The session rows on screen (the cursor's or a blank gutter, then a tag). */
const rows = (screen: string): string[] => screen.split("\n").filter((l) => /^[› ] (pi|omp|claude|codex|gemini|opencode)\s/.test(l));

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("every agent on the list, in a real terminal", () => {
  it("tags each row with its agent; ^g shows one agent's sessions, then the next, then all", async () => {
    const name = `omp-agents-${process.pid}`;
    names.push(name);
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", `env NO_COLOR=1 ${BIN} ${JSON.stringify(DIR)}; sleep 30`);
    const first = await waitFor(name, (s) => rows(s).length > 5, "the list");
    expect(first).toContain("^g agent");
    expect(new Set(rows(first).map((l) => l.slice(2).split(/\s/)[0]))).toEqual(new Set(["pi", "omp"]));
    await keys(name, "C-g");
    const pi = await waitFor(name, (s) => s.includes("agent pi"), "pi only");
    expect(rows(pi).length).toBeGreaterThan(0);
    expect(rows(pi).every((l) => l.slice(2).startsWith("pi "))).toBe(true);
    await keys(name, "C-g");
    const omp = await waitFor(name, (s) => s.includes("agent omp"), "omp only");
    expect(rows(omp).every((l) => l.slice(2).startsWith("omp "))).toBe(true);
    await keys(name, "C-g");
    await waitFor(name, (s) => s.includes("every agent"), "every agent again");
    await keys(name, "Escape");
  });

  it("with no paths, lists other agents' sessions from their default places (not the demo)", async () => {
    // A home with Claude Code's projects dir only: no pi or omp sessions.
    const home = mkdtempSync(join(tmpdir(), "omp-agents-home-"));
    mkdirSync(join(home, ".claude"));
    cpSync(resolve("test/fixtures/agents/claude/projects"), join(home, ".claude", "projects"), { recursive: true });
    const name = `omp-agents-home-${process.pid}`;
    names.push(name);
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", `cd ${JSON.stringify(home)} && env -u CLAUDE_CONFIG_DIR -u XDG_CONFIG_HOME HOME=${JSON.stringify(home)} NO_COLOR=1 ${BIN}; sleep 30`);
    const screen = await waitFor(name, (s) => rows(s).length > 3 || s.includes("demo sessions"), "the list");
    expect(screen).not.toContain("demo sessions");
    expect(rows(screen).every((l) => l.slice(2).startsWith("claude "))).toBe(true);
    await keys(name, "Escape");
  });
});
