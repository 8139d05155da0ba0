// The write keys in a real terminal: the real binary in a tmux pane, on a temp
// copy of a pi and an omp fixture. Label an entry, rename the session, fork,
// then continue from an earlier entry with a generated summary; afterwards
// `omp-sessions tree FILE --json` must show all four results.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { activePath } from "../../src/core/session/tree/path.js";
import { flattenTree, foldRows } from "../../src/core/session/tree/rows.js";
import type { Session } from "../../src/core/session/model.js";
import { copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";
import { hasTmux, keys, tmux, typeText, waitFor } from "../helpers/tmux.js";
import { runCli } from "../helpers/run-cli.js";

const BIN = resolve("bin/omp-sessions");
const panes: string[] = [];
const cleanups: (() => void)[] = [];

function start(file: string): string {
  const name = `omp-e2e-write-${process.pid}-${panes.length}`;
  panes.push(name);
  const cmd = `cd ${JSON.stringify(process.cwd())} && env NO_COLOR=1 ${BIN} ${JSON.stringify(file)}; rc=$?; echo; echo "EXIT=$rc"; sleep 30`;
  tmux("new-session", "-d", "-s", name, "-x", "140", "-y", "45", cmd);
  return name;
}

const cursorLine = (s: string): string => s.split("\n").find((l) => l.startsWith("› ")) ?? "";

/** Puts the browser's cursor on `id`: its row index as the browser lays the file out (default filter), then g and that many j. */
async function cursorTo(t: string, file: string, id: string): Promise<void> {
  const s = await loadSession(file);
  const i = foldRows(flattenTree(s, { filter: "default", search: "" })).indexOf(id);
  expect(i).toBeGreaterThanOrEqual(0);
  await keys(t, "g");
  if (i > 0) await typeText(t, "j".repeat(i));
  const want = s.byId.get(id)!.summary.slice(0, 20);
  await waitFor(t, (x) => cursorLine(x).includes(want), `the cursor on ${id}`);
}

type TreeJson = Record<string, unknown> & { entries: { id: string; parentId: string | null; type: string; label: string | null }[] };
async function tree(file: string): Promise<TreeJson> {
  const r = await runCli(["tree", file, "--json"]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as TreeJson;
}

/** Visible user messages on the active path, before the leaf. */
function userPath(s: Session): string[] {
  const rows = foldRows(flattenTree(s, { filter: "default", search: "" }));
  return activePath(s)
    .slice(0, -1)
    .filter((id) => s.byId.get(id)!.role === "user" && rows.indexOf(id) >= 0 && !s.labels.has(id));
}

async function pick(prefix: string, ok: (s: Session) => boolean): Promise<string> {
  for (const name of fixtureNames(prefix)) if (ok(await loadSession(join("test/fixtures/sessions", name)))) return name;
  throw new Error(`no ${prefix} fixture fits`);
}

afterAll(() => {
  for (const p of panes) spawnSync("tmux", ["kill-session", "-t", p]);
  for (const c of cleanups) c();
});

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("write keys in a real terminal (tmux)", () => {
  it.each([
    ["pi", "pi-2026"],
    ["omp", "omp-"],
  ])(
    "%s: label, rename, fork, continue with an auto summary; the CLI sees all four",
    async (_dialect, prefix) => {
      const fixture = await pick(prefix, (s) => userPath(s).length >= 3 && (prefix !== "omp-" || s.titleSlot !== null));
      const t0 = tempDir();
      cleanups.push(t0.done);
      const file = copyFixture(fixture, t0.dir);
      const s0 = await loadSession(file);
      const users = userPath(s0);
      const marked = users[Math.floor(users.length / 2)];
      const earlier = users[0];
      const t = start(file);
      await waitFor(t, (s) => s.includes("← leaf"), "the tree");

      // Label.
      await cursorTo(t, file, marked);
      await keys(t, "L");
      await waitFor(t, (s) => s.includes(`Label for ${marked}`), "the label prompt");
      await typeText(t, "e2e-mark");
      await keys(t, "Enter");
      await waitFor(t, (s) => s.includes("Write this?") && s.includes('"type":"label"'), "the label preview");
      await keys(t, "y");
      await waitFor(t, (s) => cursorLine(s).includes("[e2e-mark]"), "the label in the row");

      // Rename (the prompt holds the current name: delete it first).
      await keys(t, "R");
      await waitFor(t, (s) => s.includes("Session name"), "the rename prompt");
      for (let i = 0; i < [...(s0.name ?? "")].length; i++) await keys(t, "BSpace");
      await typeText(t, "E2E renamed");
      await keys(t, "Enter");
      await waitFor(t, (s) => s.includes('rename the session to "E2E renamed"'), "the rename preview");
      await keys(t, "Enter");
      await waitFor(t, (s) => s.split("\n")[0].includes("E2E renamed"), "the new name in the header");

      // Fork at the labelled entry; stay in the source.
      await cursorTo(t, file, marked);
      await keys(t, "f");
      await waitFor(t, (s) => s.includes("Write the new session?"), "the fork preview");
      await keys(t, "y");
      await waitFor(t, (s) => s.includes("Open it now?"), "the fork written");
      await keys(t, "n");
      await waitFor(t, (s) => s.includes("the fork stays at"), "back in the source");

      // Continue from an earlier entry with a generated summary.
      await cursorTo(t, file, earlier);
      await keys(t, "b");
      await waitFor(t, (s) => s.includes(`Continue from ${earlier}`), "the summary choice");
      await keys(t, "a");
      await waitFor(t, (s) => s.includes("summary the agent will read"), "the generated summary");
      await keys(t, "Enter");
      await waitFor(t, (s) => s.includes("✓ continue from") && cursorLine(s).includes("← leaf"), "the new leaf under the cursor");

      await keys(t, "q");
      await waitFor(t, (s) => s.includes("EXIT=0"), "exit status 0");

      const after = await tree(file);
      const byId = new Map(after.entries.map((e) => [e.id, e]));
      expect(byId.get(marked)!.label).toBe("e2e-mark");
      expect(after.name).toBe("E2E renamed");
      const leaf = byId.get(after.leafId as string)!;
      expect(leaf.type).toBe("branch_summary");
      expect(leaf.parentId).toBe(earlier);
      const forks = readdirSync(t0.dir).filter((f) => f !== basename(file) && f.endsWith(".jsonl"));
      expect(forks).toHaveLength(1);
      const fork = await tree(join(t0.dir, forks[0]));
      expect((fork.header as Record<string, unknown>).parentSession).toBe(file);
      // The fork holds the path to the labelled entry, with the label in force.
      expect(fork.entries.find((e) => e.id === marked)?.label).toBe("e2e-mark");
    },
    90_000,
  );
});
