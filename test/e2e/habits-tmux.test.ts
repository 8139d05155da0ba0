// The built binary in tmux: a terminal's real ctrl+arrow and alt sequences,
// the user's keybindings.json (and a broken one), and `y` printing the path
// again after the browser exits.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { hasTmux, keys, tmux, waitFor } from "../helpers/tmux.js";

const BIN = resolve("bin/omp-sessions");
const FILE = resolve("test/fixtures/sessions/pi-2026-01-05T14-00-58-440Z_019b8e76-0748-717f-809a-4da17ca3c201.jsonl");
const names: string[] = [];
const dirs: string[] = [];

function start(args: string[], env: Record<string, string>): string {
  const name = `omp-habits-${process.pid}-${names.length}`;
  names.push(name);
  const envs = Object.entries({ NO_COLOR: "1", ...env })
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(" ");
  const cmd = `env ${envs} ${BIN} ${args.map((a) => JSON.stringify(a)).join(" ")}; rc=$?; echo "EXIT=$rc"; sleep 30`;
  tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", cmd);
  return name;
}

function configWith(text: string | null): string {
  const d = mkdtempSync(join(tmpdir(), "omp-habits-"));
  dirs.push(d);
  if (text !== null) writeFileSync(join(d, "keybindings.json"), text);
  return d;
}

afterAll(() => {
  for (const n of names) spawnSync("tmux", ["kill-session", "-t", n]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("pi's habits in a real terminal", () => {
  it("C-Left folds or jumps as in pi's /tree, a rebound key works, y prints the path on exit", async () => {
    const t = start([FILE], { OMP_SESSIONS_CONFIG_DIR: configWith(JSON.stringify({ "tree.leaf": "shift+h" })) });
    // Once the cost is in, the header's path gives way first (cut from its start): its tail names the file.
    await waitFor(t, (s) => s.includes("← leaf") && s.split("\n")[1].includes(basename(FILE).slice(-30)), "the tree, headed by its path");
    await keys(t, "g", "C-Right");
    await waitFor(t, (s) => /^› \S*.*[├└]─ /m.test(s), "the cursor on a segment start");
    await keys(t, "C-Left");
    await waitFor(t, (s) => /^› .*▸ \(\d+\)/m.test(s), "the segment folded");
    await keys(t, "C-Right", "H");
    await waitFor(t, (s) => /^› .*← leaf/m.test(s), "H (rebound from .) goes to the leaf");
    await keys(t, "y");
    // The status line is the one above the key hints (the last line); the screen's info may follow the path.
    await waitFor(
      t,
      (s) => {
        const lines = s.trimEnd().split("\n");
        return (lines[lines.length - 2] ?? "").startsWith(FILE);
      },
      "the path on the status line",
    );
    await keys(t, "q");
    const after = await waitFor(t, (s) => s.includes("EXIT=0"), "exit");
    const lines = after.split("\n").map((l) => l.trim());
    expect(lines[lines.indexOf("EXIT=0") - 1]).toBe(FILE);
  });

  it("a broken keybindings.json: the browser starts with the default keys and says why", async () => {
    const t = start([FILE], { OMP_SESSIONS_CONFIG_DIR: configWith("{ oops") });
    const s = await waitFor(t, (x) => x.includes("← leaf") && x.includes("default keys kept"), "the warning");
    expect(s).toContain("keybindings.json ignored, default keys kept: not valid JSON");
    await keys(t, "g", ".");
    await waitFor(t, (x) => /^› .*← leaf/m.test(x), ". still goes to the leaf");
    await keys(t, "q");
    await waitFor(t, (x) => x.includes("EXIT=0"), "exit");
  });
});
