// The browser in a real terminal (tmux), as issue 24 asks: typing words that
// begin with old command letters on the session list only searches; keys sent
// in one burst each reach the owner they would have had typed slowly
// (`5 zebra Tab q` quits); a 200-character paste arrives whole in the label
// prompt; and --demo writes into a copy in the cache dir, never the package.
import { afterAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hasTmux, keys, tmux, waitFor } from "../helpers/tmux.js";
import { age, copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";
import { loadSession } from "../../src/core/session/tree/load.js";

const BIN = resolve("bin/omp-sessions");
const names: string[] = [];
const cleanups: (() => void)[] = [];

function start(args: string[], env: Record<string, string> = {}, size = { x: 120, y: 40 }): string {
  const name = `omp-typing-${process.pid}-${names.length}`;
  names.push(name);
  const envs = Object.entries({ NO_COLOR: "1", ...env })
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(" ");
  const cmd = `cd ${JSON.stringify(process.cwd())} && env ${envs} ${BIN} ${args.map((a) => JSON.stringify(a)).join(" ")}; rc=$?; echo; echo "EXIT=$rc"; sleep 30`;
  tmux("new-session", "-d", "-s", name, "-x", String(size.x), "-y", String(size.y), cmd);
  return name;
}

function tmp(): string {
  const t = tempDir();
  cleanups.push(t.done);
  return t.dir;
}

/** Every file under `dir` with its hash. */
function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[p.slice(dir.length)] = createHash("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

afterAll(() => {
  for (const n of names) spawnSync("tmux", ["kill-session", "-t", n]);
  cleanups.forEach((c) => c());
});

const onList = (s: string): boolean => s.split("\n")[0].includes("[1 sessions]");

describe.skipIf(!hasTmux || !existsSync("dist/cli.js"))("typing and fast keys in tmux", () => {
  it('typing "refactor", "quick", "resume", "sort" on the session list searches for them and nothing else happens', async () => {
    const t = start([resolve("test/fixtures/sessions")], { OMP_SESSIONS_CACHE_DIR: join(tmp(), "cache") });
    await waitFor(t, (s) => onList(s) && /^› /m.test(s), "the session list");
    for (const word of ["refactor", "quick", "resume", "sort"]) {
      // One burst, as a fast typist or tmux sends it.
      tmux("send-keys", "-t", t, "-l", word);
      const s = await waitFor(t, (x) => x.includes(`/ ${word}`), `the search for ${word}`);
      expect(onList(s)).toBe(true);
      expect(s).not.toContain("EXIT=");
      expect(s).not.toContain("resuming");
      expect(s).not.toContain("sorted by");
      await keys(t, "C-u");
      await waitFor(t, (x) => !x.includes(`/ ${word}`), "the search cleared");
    }
    await keys(t, "Escape");
    await waitFor(t, (s) => s.includes("EXIT=0"), "Esc on an empty search quits");
  });

  it("`5 zebra Tab q` in one send-keys quits", async () => {
    const t = start([resolve("test/fixtures/sessions")], { OMP_SESSIONS_CACHE_DIR: join(tmp(), "cache") });
    await waitFor(t, (s) => onList(s) && /^› /m.test(s), "the session list");
    tmux("send-keys", "-t", t, "5", "z", "e", "b", "r", "a", "Tab", "q");
    await waitFor(t, (s) => s.includes("EXIT=0"), "the browser to quit");
  });

  it("a 200-character paste into the label prompt arrives whole", async () => {
    const dir = tmp();
    const file = copyFixture(fixtureNames("pi-2026")[0], dir);
    age(file);
    const t = start([file], { OMP_SESSIONS_CACHE_DIR: join(dir, "cache") });
    await waitFor(t, (s) => s.includes("← leaf"), "the tree");
    await keys(t, "L", "C-u");
    await waitFor(t, (s) => s.includes("Enter preview"), "the label prompt");
    const text = ("pasted words, " + "abcdefghij ".repeat(20)).slice(0, 199) + "Z";
    expect(text).toHaveLength(200);
    tmux("set-buffer", "-b", `omp-paste-${process.pid}`, text);
    tmux("paste-buffer", "-p", "-b", `omp-paste-${process.pid}`, "-t", t);
    await waitFor(t, (s) => s.includes("Z▏") || /Z\s*$/m.test(s), "the end of the paste in the prompt");
    await keys(t, "Enter");
    await waitFor(t, (s) => s.includes("Write this?"), "the preview");
    await keys(t, "y");
    await waitFor(t, (s) => s.includes("✓ "), "written");
    const s = await loadSession(file);
    expect([...s.labels.values()]).toContain(text);
    await keys(t, "q");
    await waitFor(t, (x) => x.includes("EXIT=0"), "exit");
  });

  it("--open stats starts on the stats screen; --open tree without a file starts on the list, saying why, with the list's keys", async () => {
    const cache = join(tmp(), "cache");
    const t = start(["--open", "stats", resolve("test/fixtures/sessions")], { OMP_SESSIONS_CACHE_DIR: cache });
    await waitFor(t, (s) => s.split("\n")[0].includes("[6 stats]") && s.includes("sessions with usage"), "the stats screen");
    await keys(t, "q");
    await waitFor(t, (s) => s.includes("EXIT=0"), "exit");
    const u = start(["--open", "tree", resolve("test/fixtures/sessions")], { OMP_SESSIONS_CACHE_DIR: cache });
    const s = await waitFor(u, (x) => onList(x) && x.includes("--open tree needs a session file"), "the list and why");
    const footer = s.trimEnd().split("\n").at(-1)!;
    expect(footer).toContain("Enter open");
    expect(footer).not.toContain("fold");
    await keys(u, "C-c");
    await waitFor(u, (x) => x.includes("EXIT=0"), "exit");
  });

  it("--demo browses a copy in the cache dir: a label lands there, the package's demo stays byte for byte", async () => {
    const packaged = resolve("demo/sessions");
    const before = hashes(packaged);
    const cache = join(tmp(), "cache");
    const t = start(["--demo"], { OMP_SESSIONS_CACHE_DIR: cache, HOME: mkdtempSync(join(tmpdir(), "omp-demo-home-")) });
    await waitFor(t, (s) => s.includes("demo sessions (a copy in") && /^› /m.test(s), "the demo list, saying where it is");
    await keys(t, "Enter");
    await waitFor(t, (s) => s.includes("← leaf"), "a demo tree");
    await keys(t, "L", "C-u");
    tmux("send-keys", "-t", t, "-l", "tried the demo");
    await keys(t, "Enter");
    await waitFor(t, (s) => s.includes("Write this?"), "the preview");
    await keys(t, "y");
    await waitFor(t, (s) => s.includes("✓ "), "written");
    await keys(t, "q");
    await waitFor(t, (s) => s.includes("EXIT=0"), "exit");
    expect(hashes(packaged)).toEqual(before);
    const copy = join(cache, "demo", "sessions");
    expect(statSync(copy).isDirectory()).toBe(true);
    const changed = Object.entries(hashes(copy)).filter(([p, h]) => before[p] !== h);
    expect(changed).toHaveLength(1);
    expect(readFileSync(join(copy, changed[0][0]), "utf8")).toContain('"label":"tried the demo"');
    rmSync(cache, { recursive: true, force: true });
  });
});
