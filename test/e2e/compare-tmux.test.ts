// m and = in a real terminal: the built binary in a tmux pane on the compare
// fixture. Mark a4, move to a6, compare: both sides from the branch point,
// side by side at 140 columns; Enter opens a message; Esc twice is back in the tree.
import { afterAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { loadSession } from "../../src/core/session/tree/load.js";
import { flattenTree, foldRows } from "../../src/core/session/tree/rows.js";
import { hasTmux, keys, tmux, waitFor } from "../helpers/tmux.js";

const BIN = resolve("bin/omp-sessions");
const FILE = resolve("test/fixtures/compare/pi-compare.jsonl");
const NAME = `omp-e2e-compare-${process.pid}`;

const cursorLine = (s: string): string => s.split("\n").find((l) => l.startsWith("› ")) ?? "";

async function cursorTo(id: string): Promise<void> {
  const s = await loadSession(FILE);
  const i = foldRows(flattenTree(s, { filter: "default", search: "" })).indexOf(id);
  expect(i).toBeGreaterThanOrEqual(0);
  await keys(NAME, "g");
  if (i > 0) {
    tmux("send-keys", "-t", NAME, "-l", "j".repeat(i));
  }
  const want = s.byId.get(id)!.summary.slice(0, 20);
  await waitFor(NAME, (x) => cursorLine(x).includes(want), `the cursor on ${id}`);
}

afterAll(() => {
  spawnSync("tmux", ["kill-session", "-t", NAME]);
});

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("compare in a real terminal (tmux)", () => {
  it("m marks, = compares side by side, Enter opens a message, Esc closes", async () => {
    const cmd = `env NO_COLOR=1 ${BIN} ${JSON.stringify(FILE)}; echo; echo EXIT=$?; sleep 30`;
    tmux("new-session", "-d", "-s", NAME, "-x", "140", "-y", "40", cmd);
    await waitFor(NAME, (s) => s.includes("← leaf"), "the tree");
    await cursorTo("a4");
    await keys(NAME, "m");
    await waitFor(NAME, (s) => cursorLine(s).includes("[m] assistant: Patched"), "the mark in the row");
    await cursorTo("a6");
    await keys(NAME, "=");
    const view = await waitFor(NAME, (s) => s.includes("common point: a2"), "the compare view");
    const lines = view.split("\n");
    expect(lines.some((l) => l.includes("A · pi-compare.jsonl at a4") && l.includes("B · pi-compare.jsonl at a6"))).toBe(true);
    expect(view).toContain("= src/parse.ts");
    expect(view).toContain("$0.0055");
    await keys(NAME, "Enter");
    await waitFor(NAME, (s) => s.includes("── message u2"), "the opened message");
    await keys(NAME, "Escape");
    await waitFor(NAME, (s) => !s.includes("── message u2") && s.includes("common point: a2"), "back in the compare view");
    await keys(NAME, "Escape");
    await waitFor(NAME, (s) => !s.includes("common point") && s.includes("← leaf"), "back in the tree");
    await keys(NAME, "q");
    await waitFor(NAME, (s) => s.includes("EXIT=0"), "the exit");
  }, 60_000);
});
