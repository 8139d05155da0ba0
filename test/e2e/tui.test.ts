// Runs the real binary in a tmux pane (a real terminal) and reads the screen.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hasTmux, keys, screen, tmux, waitFor } from "../helpers/tmux.js";
import { writeSession } from "../../bench/gen.js";

/** The id of a session file's last entry (its leaf). */
function lastEntryId(file: string): string {
  const lines = readFileSync(file, "utf8").trimEnd().split("\n");
  return (JSON.parse(lines[lines.length - 1]) as { id: string }).id;
}

const BIN = resolve("bin/omp-sessions");
const sessions: string[] = [];

async function start(args: string[], env: Record<string, string> = {}): Promise<string> {
  const name = `omp-e2e-${process.pid}-${sessions.length}`;
  sessions.push(name);
  const envs = Object.entries({ NO_COLOR: "", ...env })
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(" ");
  const cmd = `cd ${JSON.stringify(process.cwd())} && env ${envs} ${BIN} ${args.map((a) => JSON.stringify(a)).join(" ")}; rc=$?; echo; echo "EXIT=$rc"; sleep 30`;
  tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", cmd);
  return name;
}

afterAll(() => {
  for (const s of sessions) spawnSync("tmux", ["kill-session", "-t", s]);
});

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("browser in a real terminal (tmux)", () => {
  it("opens a session file on its tree, navigates, shows detail and context, quits with q", async () => {
    const file = "test/fixtures/sessions/pi-2026-01-05T14-00-58-440Z_019b8e76-0748-717f-809a-4da17ca3c201.jsonl";
    const t = await start([file]);
    const first = await waitFor(t, (s) => s.includes("← leaf"), "the tree");
    expect(first).toContain("[2 tree]");
    expect(first).toMatch(/[├└]─ /);
    const lines = first.split("\n");
    expect(lines.find((l) => l.startsWith("›"))).toContain("← leaf");

    await keys(t, "g");
    await waitFor(
      t,
      (s) =>
        /^› /m.test(s) &&
        !s
          .split("\n")
          .find((l) => l.startsWith("›"))!
          .includes("← leaf"),
      "cursor at top",
    );
    await keys(t, "Enter");
    await waitFor(t, (s) => s.includes("── entry"), "detail pane");
    await keys(t, "Escape", "c");
    await waitFor(t, (s) => s.includes("── context") && /context at \S+ · \d+ messages?/.test(s), "context view");
    await keys(t, "Escape", "C-u");
    const userOnly = await waitFor(t, (s) => s.includes("filter user-only"), "user-only filter");
    // User messages, and the row standing for the leaf (kept under every filter).
    for (const l of userOnly.split("\n").filter((l) => /^[›\s] .*(•|─)/.test(l))) expect(l).toMatch(/user:|← leaf$/);
    await keys(t, "q");
    await waitFor(t, (s) => s.includes("EXIT=0"), "exit status 0");
  });

  it("O steps to the previous filter (^⇧o reaches a terminal app as ^o)", async () => {
    const t = await start(["test/fixtures/sessions/pi-2026-01-05T14-00-58-440Z_019b8e76-0748-717f-809a-4da17ca3c201.jsonl"]);
    await waitFor(t, (s) => s.includes("← leaf") && s.includes("filter default"), "the tree");
    await keys(t, "C-o");
    await waitFor(t, (s) => s.includes("filter no-tools"), "the next filter");
    await keys(t, "O");
    await waitFor(t, (s) => s.includes("filter default"), "back to the previous filter");
    await keys(t, "O");
    await waitFor(t, (s) => s.includes("filter all"), "the last filter, wrapping");
    await keys(t, "q");
    await waitFor(t, (s) => s.includes("EXIT=0"), "exit");
  });

  it("shows control sequences in a session as inert text and keeps the screen intact", async () => {
    const t = await start(["test/fixtures/sessions-edge/edge-control-chars.jsonl"]);
    await waitFor(t, (s) => s.includes("[2 tree]"), "the tree");
    await keys(t, "C-a", "g", "Enter");
    const s = await waitFor(t, (x) => x.includes("── entry") && x.includes("␛"), "detail with escapes");
    // Nothing cleared the screen or moved the cursor: the tab bar and the footer are where they belong.
    const lines = s.split("\n");
    expect(lines[0]).toContain("[2 tree]");
    expect(s).toContain("␇");
    const raw = screen(t, true);
    expect(raw).not.toContain("\u001b]0;");
    expect(raw).not.toContain("\u001b]52;");
    await keys(t, "q");
    await waitFor(t, (x) => x.includes("EXIT=0"), "exit");
  });

  it("shows entries an agent appends while the session is open", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "omp-e2e-")), "live.jsonl");
    copyFileSync("test/fixtures/sessions-edge/edge-labels.jsonl", file);
    const t = await start([file]);
    await waitFor(t, (s) => s.includes("← leaf"), "the tree");
    const entry = { type: "message", id: "e2e0live", parentId: null, timestamp: new Date().toISOString(), message: { role: "user", content: "written by the agent just now", timestamp: Date.now() } };
    appendFileSync(file, JSON.stringify(entry) + "\n");
    await waitFor(t, (s) => s.includes("written by the agent just now"), "the appended entry");
    await keys(t, "q");
  });

  it("redraws to the new size when the terminal is resized", async () => {
    const t = await start(["test/fixtures/sessions-edge/edge-labels.jsonl"]);
    await waitFor(t, (s) => s.includes("← leaf"), "the tree");
    tmux("resize-window", "-t", t, "-x", "70", "-y", "20");
    const redrawn = (x: string) => {
      const lines = x.replace(/\n+$/, "").split("\n");
      return lines.length <= 20 && lines[0].includes("[2 tree]") && /Enter detail/.test(lines[lines.length - 1]);
    };
    const s = await waitFor(t, redrawn, "a frame of the new size");
    expect(s.split("\n").every((l) => l.length <= 70)).toBe(true);
    await keys(t, "q");
    await waitFor(t, (x) => x.includes("EXIT=0"), "exit");
  });

  it("draws no colours with NO_COLOR and stays readable from its symbols", async () => {
    const t = await start(["test/fixtures/sessions-edge/edge-labels.jsonl"], { NO_COLOR: "1" });
    const plain = await waitFor(t, (s) => s.includes("← leaf"), "the tree");
    const raw = screen(t, true);
    expect(raw).not.toMatch(/\u001b\[(?:[0-9;]*;)?(?:3[0-7]|9[0-7]|38;[25])[;m]/);
    expect(plain).toMatch(/^› /m);
    expect(plain).toContain("•");
    expect(plain).toMatch(/\[[^\]]+\] /);
    await keys(t, "q");
  });

  it("browses the demo sessions and opens one from the list", async () => {
    const t = await start(["--demo"]);
    await waitFor(t, (s) => s.includes("[1 sessions]") && /^› /m.test(s), "the demo list");
    await keys(t, "Enter");
    await waitFor(t, (s) => s.includes("[2 tree]") && s.includes("← leaf"), "a demo tree");
    await keys(t, "Escape");
    await waitFor(t, (s) => s.includes("[1 sessions]"), "back to the list");
    // On the list q is typed into the search (as in pi's /resume): Esc clears it, then quits.
    await keys(t, "q");
    await waitFor(t, (s) => s.includes("/ q"), "q typed into the search");
    await keys(t, "Escape", "Escape");
    await waitFor(t, (s) => s.includes("EXIT=0"), "exit");
  });

  it("falls back to the demo when no agent sessions exist", async () => {
    const t = await start(["--agent-dir", "/nonexistent-agent-dir"]);
    const s = await waitFor(t, (x) => x.includes("demo sessions") && /^› /m.test(x), "demo fallback");
    expect(s).toContain("no agent sessions found");
    await keys(t, "Escape");
  });

  it("draws in a terminal even when CI is set in the environment (Ink would stay silent)", async () => {
    const t = await start(["test/fixtures/sessions-edge/edge-labels.jsonl"], { CI: "true", CONTINUOUS_INTEGRATION: "1" });
    await waitFor(t, (s) => s.includes("[2 tree]") && s.includes("← leaf"), "the tree under CI=true");
    await keys(t, "q");
    await waitFor(t, (s) => s.includes("EXIT=0"), "exit");
  });

  it("a big session (read in two steps: its first megabyte drawn first) ends on its whole tree, the cursor on the leaf; q quits while the rest is read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "omp-e2e-big-"));
    const file = join(dir, "big.jsonl");
    writeSession(file, { seed: 77, targetBytes: 6 << 20, branchy: true });
    const leafId = lastEntryId(file);
    const t = await start([file]);
    const done = await waitFor(t, (s) => s.includes("← leaf"), "the whole tree");
    expect(done).not.toContain("reading…");
    expect(done.split("\n").find((l) => l.startsWith("›"))).toContain("← leaf");
    await keys(t, "Enter");
    await waitFor(t, (s) => s.includes(leafId), "the leaf's detail");
    await keys(t, "q");
    await waitFor(t, (s) => s.includes("EXIT=0"), "exit status 0");
    // Quitting at once, while the rest may still be read: the browser does not stay to read it.
    const again = await start([file]);
    await waitFor(again, (s) => /\d+\/\d+( so far)? · \d+ entries/.test(s), "the tree");
    await keys(again, "q");
    await waitFor(again, (s) => s.includes("EXIT=0"), "exit status 0");
  });

  it("exits with status 3 for a file that is not a session", async () => {
    const t = await start(["test/fixtures/sessions-edge/edge-no-header.jsonl"]);
    await waitFor(t, (s) => s.includes("EXIT=3"), "exit status 3");
  });
});
