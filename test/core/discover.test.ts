import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { defaultAgentDirs, findSessionFiles } from "../../src/core/session/list/discover.js";
import { joinerFor, plainAbsolute } from "../../src/core/fs/plain-path.js";
import { prng } from "../helpers/mutants.js";

let home: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "omp-discover-"));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const dir = (...parts: string[]): string => {
  const p = join(home, ...parts);
  mkdirSync(p, { recursive: true });
  return p;
};
const file = (p: string, text = "{}\n"): string => {
  writeFileSync(p, text);
  return p;
};

describe("defaultAgentDirs", () => {
  it("finds nothing in an empty home", () => {
    expect(defaultAgentDirs({}, home)).toEqual([]);
  });

  it("lists the omp and pi agent dirs that exist, and only those", () => {
    const omp = dir(".omp", "agent");
    expect(defaultAgentDirs({}, home)).toEqual([omp]);
    const pi = dir(".pi", "agent");
    expect(defaultAgentDirs({}, home)).toEqual([omp, pi]);
  });

  it("puts env overrides first, expanding ~ as the agents do", () => {
    const pi = dir(".pi", "agent");
    const custom = dir("custom", "agent");
    const older = dir("older-omp");
    const dirs = defaultAgentDirs({ PI_CODING_AGENT_DIR: "~/custom/agent", OMP_CODING_AGENT_DIR: older }, home);
    expect(dirs).toEqual([custom, older, pi]);
  });

  it("ignores an override that names a missing dir", () => {
    const pi = dir(".pi", "agent");
    expect(defaultAgentDirs({ PI_CODING_AGENT_DIR: join(home, "nope") }, home)).toEqual([pi]);
  });

  it("includes the selected omp profile first and every existing profile", () => {
    const work = dir(".omp", "profiles", "work", "agent");
    const alpha = dir(".omp", "profiles", "alpha", "agent");
    dir(".omp", "profiles", "empty"); // no agent dir inside: not a profile with sessions
    expect(defaultAgentDirs({ OMP_PROFILE: "work" }, home)).toEqual([work, alpha]);
    expect(defaultAgentDirs({ PI_PROFILE: "alpha" }, home)).toEqual([alpha, work]);
    expect(defaultAgentDirs({}, home)).toEqual([alpha, work]);
  });

  it("counts a dir reached twice (override, symlink) once", () => {
    const omp = dir(".omp", "agent");
    symlinkSync(omp, join(home, "link"));
    expect(defaultAgentDirs({ PI_CODING_AGENT_DIR: join(home, "link"), OMP_CODING_AGENT_DIR: omp }, home)).toEqual([join(home, "link")]);
  });
});

describe("findSessionFiles", () => {
  it("takes an agent dir's sessions/<project>/ files, plain and gzipped, nothing else", async () => {
    const agent = dir("agent");
    const p1 = dir("agent", "sessions", "--home-u-a--");
    const p2 = dir("agent", "sessions", "-proj");
    const a = file(join(p1, "2026-01-01T00-00-00-000Z_a.jsonl"));
    const b = file(join(p2, "2026-01-02T00-00-00-000Z_b.jsonl.gz"));
    file(join(p1, "notes.txt"));
    file(join(p1, "x.jsonl.lock"));
    file(join(agent, "stray.jsonl")); // beside sessions/, not a session
    dir("agent", "sessions", "--home-u-a--", "deeper");
    file(join(p1, "deeper", "too-deep.jsonl"));
    expect((await findSessionFiles([agent])).sort()).toEqual([a, b].sort());
  });

  it("scans a plain dir itself and one level down", async () => {
    const d = dir("loose");
    const top = file(join(d, "one.jsonl"));
    dir("loose", "sub");
    const sub = file(join(d, "sub", "two.jsonl"));
    expect((await findSessionFiles([d])).sort()).toEqual([top, sub].sort());
  });

  it("takes a file as is, skips missing roots and lists a file once", async () => {
    const f = file(join(dir("x"), "whatever.txt"));
    expect(await findSessionFiles([f, join(home, "missing"), f])).toEqual([f]);
  });
});

describe("plainAbsolute (fs/plain-path.ts: resolve skipped for paths it would not change)", () => {
  it("holds only for paths resolve gives back as they are", () => {
    const r = prng(0x5eed);
    const parts = ["a", "b", ".", "..", "", ".x", "..y", "z.jsonl", "db#id", "sp ace"];
    let plain = 0;
    for (let i = 0; i < 20_000; i++) {
      const n = 1 + Math.floor(r() * 6);
      let p = (r() < 0.9 ? "/" : "") + Array.from({ length: n }, () => parts[Math.floor(r() * parts.length)]).join("/");
      if (r() < 0.1) p += "/";
      if (plainAbsolute(p)) {
        plain++;
        expect(resolve(p), p).toBe(p);
      }
    }
    expect(plain).toBeGreaterThan(1000);
  });
});

describe("joinerFor (fs/plain-path.ts: names under a plain root joined without path.join)", () => {
  it("gives what join gives for readdir's names, and is join itself under any other root", () => {
    const names = ["a", "z.jsonl", ".hidden", "..y", "sp ace", "agent-1.jsonl", "日本"];
    for (const root of ["/home/u/.claude/projects", "/", "/a/b"]) {
      if (!plainAbsolute(root)) continue;
      const under = joinerFor(root);
      for (const n of names) for (const m of names) expect(under(under(root, n), m)).toBe(join(root, n, m));
    }
    for (const root of ["rel/dir", "/a/../b", "/a/", "/a//b", "./x"]) expect(joinerFor(root)).toBe(join);
  });
});
