// The built binary's search screen in a real terminal (tmux): `--open search`,
// the index built by the bundled worker, a phrase found, Enter to its entry.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fixtureFiles } from "../helpers/fixtures.js";
import { hasTmux, tmux, waitFor } from "../helpers/tmux.js";

const BIN = resolve("bin/omp-sessions");
const tmp = mkdtempSync(join(tmpdir(), "omp-e2e-search-"));
const names: string[] = [];

afterAll(() => {
  for (const n of names) spawnSync("tmux", ["kill-session", "-t", n]);
  rmSync(tmp, { recursive: true, force: true });
});

const line = (o: object) => JSON.stringify(o) + "\n";
const msg = (id: string, parentId: string | null, text: string, min: number) => line({ type: "message", id, parentId, timestamp: `2026-02-01T10:0${min}:00.000Z`, message: { role: "user", content: text, timestamp: 0 } });

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("search screen in a real terminal (tmux)", () => {
  it("--open search finds a phrase in exactly one entry and Enter opens the tree on it", async () => {
    const dir = join(tmp, "agent", "sessions", "--work-p--");
    mkdirSync(dir, { recursive: true });
    for (const f of fixtureFiles("sessions").slice(0, 6)) copyFileSync(f.file, join(dir, f.name));
    writeFileSync(
      join(dir, "target.jsonl"),
      line({ type: "session", version: 3, id: "t", timestamp: "2026-02-01T10:00:00.000Z", cwd: "/work/p" }) + msg("t1", null, "first question", 1) + msg("t2", "t1", "the vermilion otter sings", 2) + msg("t3", "t2", "last question", 3),
    );
    const name = `omp-e2e-search-${process.pid}`;
    names.push(name);
    const cmd = `cd ${JSON.stringify(process.cwd())} && env NO_COLOR=1 OMP_SESSIONS_CACHE_DIR=${JSON.stringify(join(tmp, "cache"))} ${BIN} --agent-dir ${JSON.stringify(join(tmp, "agent"))} --open search; sleep 30`;
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "30", cmd);
    await waitFor(name, (s) => s.includes("search ›"), "the search screen");
    tmux("send-keys", "-t", name, "-l", '"vermilion otter"');
    // The hit's session is named once the list's scan (which gives way to typing) has read it: wait for both.
    const hitRow = (s: string) => s.split("\n").find((l) => l.startsWith("› ")) ?? "";
    const found = await waitFor(name, (s) => s.includes("1 hit") && hitRow(s).includes("first question"), "one hit, in the named session");
    expect(found).toContain("vermilion otter sings");
    expect(hitRow(found)).toContain("first question");
    tmux("send-keys", "-t", name, "Enter");
    // The tree may draw once before the cursor moves to the hit: wait for the cursor row.
    const cursor = (s: string) => s.split("\n").find((l) => l.startsWith("›")) ?? "";
    const tree = await waitFor(name, (s) => s.includes("[2 tree]") && cursor(s).includes("the vermilion otter sings"), "the tree at the hit");
    expect(cursor(tree)).toContain("the vermilion otter sings");
    tmux("send-keys", "-t", name, "q");
  });

  // The search thread held the event loop: the last frame stayed and the process lived on for minutes.
  it.each([
    ["Tab q", ["Tab", "q"]],
    ["^c in the query line", ["C-c"]],
  ])("after a search, %s ends the process", async (_what, quitKeys) => {
    const dir = join(tmp, "agent-quit", "sessions", "--work-p--");
    mkdirSync(dir, { recursive: true });
    for (const f of fixtureFiles("sessions").slice(0, 6)) copyFileSync(f.file, join(dir, f.name));
    writeFileSync(
      join(dir, "otters.jsonl"),
      line({ type: "session", version: 3, id: "o", timestamp: "2026-02-01T10:00:00.000Z", cwd: "/work/p" }) +
        msg("o1", null, "the sea otter floats on kelp", 1) +
        msg("o2", "o1", "a river otter digs a burrow", 2) +
        msg("o3", "o2", "one giant otter hunts piranha", 3),
    );
    const name = `omp-e2e-search-quit-${process.pid}-${names.length}`;
    names.push(name);
    const cache = join(tmp, `cache-quit-${names.length}`);
    const cmd = `cd ${JSON.stringify(process.cwd())} && env NO_COLOR=1 OMP_SESSIONS_CACHE_DIR=${JSON.stringify(cache)} ${BIN} --agent-dir ${JSON.stringify(join(tmp, "agent-quit"))} --open search; echo "EXIT=$?"; sleep 30`;
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "30", cmd);
    await waitFor(name, (s) => s.includes("search ›"), "the search screen");
    tmux("send-keys", "-t", name, "-l", "otter");
    // Each hit shows its own entry's words (they all showed the first hit's).
    const hits = await waitFor(name, (s) => s.includes("3 hits"), "three hits");
    for (const words of ["the sea otter floats on kelp", "a river otter digs a burrow", "one giant otter hunts piranha"]) expect(hits).toContain(words);
    for (const k of quitKeys) tmux("send-keys", "-t", name, k);
    await waitFor(name, (s) => s.includes("EXIT=0"), "the process to end");
  });

  it("^c during the first index build ends the process (the indexing worker is stopped, not waited for)", async () => {
    const dir = join(tmp, "agent-big", "sessions", "--work-p--");
    mkdirSync(dir, { recursive: true });
    // One big session: its first build takes a while, and the screen shows it going.
    const parts = [line({ type: "session", version: 3, id: "big", timestamp: "2026-02-01T10:00:00.000Z", cwd: "/work/p" })];
    for (let i = 0, parent: string | null = null; i < 40_000; i++) {
      const id = `e${String(i).padStart(7, "0")}`;
      parts.push(line({ type: "message", id, parentId: parent, timestamp: "2026-02-01T10:01:00.000Z", message: { role: "user", content: `entry ${i} ${"lorem ipsum dolor sit amet ".repeat(12)}`, timestamp: 0 } }));
      parent = id;
    }
    writeFileSync(join(dir, "big.jsonl"), parts.join(""));
    const name = `omp-e2e-search-big-${process.pid}`;
    names.push(name);
    const cmd = `cd ${JSON.stringify(process.cwd())} && env NO_COLOR=1 OMP_SESSIONS_CACHE_DIR=${JSON.stringify(join(tmp, "cache-big"))} ${BIN} --agent-dir ${JSON.stringify(join(tmp, "agent-big"))} --open search; echo "EXIT=$?"; sleep 30`;
    tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "30", cmd);
    await waitFor(name, (s) => s.includes("indexing sessions:") || s.includes("index up to date"), "the build");
    tmux("send-keys", "-t", name, "C-c");
    await waitFor(name, (s) => s.includes("EXIT=0"), "the process to end");
  });
});
