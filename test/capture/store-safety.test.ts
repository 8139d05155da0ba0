// The store under a hostile or unlucky user (issue 14, items 4, 5a, 7 and
// session ids in file names): links are never followed on write, git files
// cannot hang or flood the hook, promotions are all or nothing, killed writers'
// temp files are swept, and a session id reaches a file name only in a safe form.
import { beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync, writeSync } from "node:fs";
import { basename, join } from "node:path";
import { tmpdir } from "node:os";
import { mkdtempSync } from "node:fs";
import { cli, ensureBuilt, hook, listing, payload, readJson, readLines, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { gitInfo } from "../../src/core/capture/git.js";
import { lockSync, LockTimeoutError } from "../../src/core/fs/lock.js";
import { promoteFeedback, promoteSession } from "../../src/core/capture/promote.js";
import { statusPath } from "../../src/core/capture/paths.js";
import { safeId } from "../../src/core/capture/serialize.js";

beforeAll(ensureBuilt);

const posix = process.platform !== "win32";
const stop = (id: string, cwd = "/w") => payload({ session_id: id, hook_event_name: "Stop", cwd });
const tool = (id: string) => payload({ session_id: id, hook_event_name: "PostToolUse", cwd: "/w", tool_name: "Bash" });
const errorKinds = (root: string) => readLines(join(root, "errors.jsonl")).map((e) => e.kind);

function outside(): string {
  const d = mkdtempSync(join(tmpdir(), "omp-cap-outside-"));
  return d;
}

describe.skipIf(!posix)("links inside the store are never followed on write (4)", () => {
  it("a queue file that is a link: refused and logged, its target untouched", async () => {
    const sb = sandbox();
    const target = join(outside(), "victim.txt");
    writeFileSync(target, "keep me\n");
    mkdirSync(join(sb.root, "queue"), { recursive: true });
    symlinkSync(target, join(sb.root, "queue", "2026-06-13.jsonl"));
    expect(await hook(["--harness", "codex"], tool("q"), sb.env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readFileSync(target, "utf8")).toBe("keep me\n");
    expect(errorKinds(sb.root)).toEqual(["symlink-refused"]);
  });

  it("registry.jsonl, the session queue and errors.jsonl as links: none of their targets changes", async () => {
    const sb = sandbox();
    const out = outside();
    for (const name of ["reg", "sq", "err"]) writeFileSync(join(out, name), `${name}\n`);
    mkdirSync(join(sb.root, "queue", "sessions", "codex"), { recursive: true });
    symlinkSync(join(out, "reg"), join(sb.root, "registry.jsonl"));
    symlinkSync(join(out, "sq"), join(sb.root, "queue", "sessions", "codex", "r.jsonl"));
    symlinkSync(join(out, "err"), join(sb.root, "errors.jsonl"));
    expect((await hook(["--harness", "codex"], tool("r"), sb.env)).code).toBe(0);
    expect((await hook(["--harness", "codex"], tool("fresh"), sb.env)).code).toBe(0);
    for (const name of ["reg", "sq", "err"]) expect(readFileSync(join(out, name), "utf8")).toBe(`${name}\n`);
  });

  it("a dirty marker that is a link does not truncate its target", async () => {
    const sb = sandbox();
    const target = join(outside(), "precious");
    writeFileSync(target, "precious bytes");
    mkdirSync(join(sb.root, "indexes", ".dirty"), { recursive: true });
    symlinkSync(target, join(sb.root, "indexes", ".dirty", "codex~m"));
    expect((await hook(["--harness", "codex"], tool("m"), sb.env)).code).toBe(0);
    expect(readFileSync(target, "utf8")).toBe("precious bytes");
    expect(errorKinds(sb.root)).toEqual(["symlink-refused"]);
  });

  it("a state directory that is a link: nothing is written into its target", async () => {
    const sb = sandbox();
    const target = outside();
    mkdirSync(join(sb.root, "state"), { recursive: true });
    symlinkSync(target, join(sb.root, "state", "codex"));
    expect((await hook(["--harness", "codex"], tool("d"), sb.env)).code).toBe(0);
    expect(readdirSync(target)).toEqual([]);
    expect(errorKinds(sb.root)).toEqual(["symlink-refused"]);
  });

  it("the hub itself may be a link", async () => {
    const sb = sandbox();
    const real = outside();
    mkdirSync(join(sb.hub, ".."), { recursive: true });
    symlinkSync(real, sb.hub);
    expect((await hook(["--harness", "codex"], tool("h"), sb.env)).code).toBe(0);
    expect(readJson(join(real, ".sessions", "state", "codex", "h.json")).event_count).toBe(1);
    expect(existsSync(join(real, ".sessions", "errors.jsonl"))).toBe(false);
  });

  it("a topic whose raw/notes is a link: promote is refused and writes nothing there", async () => {
    const sb = sandbox();
    send(sb.root, JSON.parse(stop("p")), "codex");
    const target = outside();
    mkdirSync(join(sb.hub, "topics", "demo", "raw"), { recursive: true });
    symlinkSync(target, join(sb.hub, "topics", "demo", "raw", "notes"));
    expect(() => promoteSession(sb.hub, sb.root, "codex:p", "demo", false)).toThrow(/symbolic link/);
    expect(readdirSync(target)).toEqual([]);
  });
});

describe.skipIf(!posix)("git facts (5a)", () => {
  it("a FIFO at .git/HEAD does not hang the hook", async () => {
    const sb = sandbox();
    const repo = outside();
    mkdirSync(join(repo, ".git"), { recursive: true });
    writeFileSync(join(repo, ".git", "config"), '[remote "origin"]\n\turl = https://example.com/x.git\n');
    execFileSync("mkfifo", [join(repo, ".git", "HEAD")]);
    const r = await hook(["--harness", "codex"], stop("fifo", repo), sb.env);
    expect(r).toEqual({ code: 0, stdout: "", stderr: "" });
    const st = readJson(join(sb.root, "state", "codex", "fifo.json"));
    expect(st.event_count).toBe(1);
    expect(st.git_branch).toBe(null);
    expect(existsSync(join(sb.root, "state", "codex", "fifo.json.lock"))).toBe(false);
  });

  it("a 300 MB .git/HEAD is not read whole: its first line still names the branch", () => {
    const repo = outside();
    mkdirSync(join(repo, ".git"), { recursive: true });
    const fd = openSync(join(repo, ".git", "HEAD"), "w");
    writeSync(fd, "ref: refs/heads/main\n");
    ftruncateSync(fd, 300 * 1024 * 1024); // sparse: no 300 MB written to the test disk
    closeSync(fd);
    writeFileSync(join(repo, ".git", "config"), '[remote "origin"]\n\turl = https://example.com/x.git\n');
    expect(gitInfo(repo)).toEqual({ remote: "https://example.com/x.git", branch: "main" });
  });
});

describe("promotion is all or nothing (7)", () => {
  it("a session promote that cannot get the session lock leaves no note; the retry succeeds", () => {
    const sb = sandbox();
    send(sb.root, JSON.parse(stop("busy")), "codex");
    const notes = join(sb.hub, "topics", "demo", "raw", "notes");
    mkdirSync(notes, { recursive: true });
    const state = join(sb.root, "state", "codex", "busy.json");
    const h = lockSync(state, { waitMs: 1000 });
    expect(() => promoteSession(sb.hub, sb.root, "codex:busy", "demo", false, { lockWaitMs: 50 })).toThrow(LockTimeoutError);
    expect(readdirSync(notes)).toEqual([]);
    expect(readJson(state).promoted_to).toBeUndefined();
    h.release();
    const r = promoteSession(sb.hub, sb.root, "codex:busy", "demo", false, { lockWaitMs: 50 });
    expect(readdirSync(notes)).toEqual([r.notePath.slice(notes.length + 1)]);
    expect(readJson(state).promoted_to).toEqual([r.notePath]);
  });

  it("a feedback promote that cannot get the status lock leaves no note; the retry succeeds", () => {
    const sb = sandbox();
    const c = send(sb.root, { session_id: "fb", hook_event_name: "UserPromptSubmit", cwd: "/w", prompt: "no, use the other file" }, "codex").candidate!;
    const notes = join(sb.hub, "topics", "demo", "raw", "notes");
    mkdirSync(notes, { recursive: true });
    mkdirSync(join(sb.root, "feedback"), { recursive: true });
    const h = lockSync(statusPath(sb.root), { waitMs: 1000 });
    expect(() => promoteFeedback(sb.hub, sb.root, String(c.id), "demo", false, { lockWaitMs: 50 })).toThrow(LockTimeoutError);
    expect(readdirSync(notes)).toEqual([]);
    h.release();
    const r = promoteFeedback(sb.hub, sb.root, String(c.id), "demo", false, { lockWaitMs: 50 });
    expect(existsSync(r.notePath)).toBe(true);
    expect(readJson(statusPath(sb.root)).promoted[String(c.id)].path).toBe(r.notePath);
  });
});

describe("temp files of killed writers (7)", () => {
  it("the next write sweeps old temp files and keeps a live writer's", async () => {
    const sb = sandbox();
    send(sb.root, JSON.parse(tool("t")), "codex");
    const stage = join(sb.root, ".tmp");
    mkdirSync(stage, { recursive: true });
    const old = join(stage, `.t.json.${999999}.0123456789abcdef.tmp`);
    const live = join(stage, `.t.json.${process.pid}.fedcba9876543210.tmp`);
    writeFileSync(old, "half a state");
    writeFileSync(live, "being written");
    const past = new Date(Date.now() - 10 * 60_000);
    utimesSync(old, past, past);
    expect((await hook(["--harness", "codex"], tool("t"), sb.env)).code).toBe(0);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(live)).toBe(true);
    // the staging directory holds temp files only (no directory made inside it)
    expect(readdirSync(stage)).toEqual([basename(live)]);
    expect(readJson(join(sb.root, "state", "codex", "t.json")).event_count).toBe(2);
  });

  it("a burst of hooks leaves no temp file and no lock behind", async () => {
    const sb = sandbox();
    await Promise.all(Array.from({ length: 20 }, () => hook(["--harness", "codex"], stop("b"), { ...sb.env, OMP_SESSIONS_LOCK_WAIT_MS: "60000", OMP_SESSIONS_DIGEST_BUDGET_MS: "60000" })));
    for (const p of Object.keys(listing(sb.root))) expect(p).not.toMatch(/\.(tmp|lock)$/);
    expect(readJson(join(sb.root, "state", "codex", "b.json")).digest_count).toBe(20);
  }, 300_000);
});

describe("session ids in file names", () => {
  const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";

  it("a secret or path-like session id never appears in a file name; a UUID keeps the reference's name", async () => {
    const sb = sandbox();
    const uuid = "0b5c1e2d-3a4f-4a6b-8c9d-0e1f2a3b4c5d";
    for (const id of [secret, "../../etc/passwd", "a/b c", uuid]) {
      expect((await hook(["--harness", "codex"], stop(id), sb.env)).code).toBe(0);
    }
    const names = Object.keys(listing(sb.root));
    for (const n of names) {
      expect(n).not.toContain(secret);
      expect(n).not.toContain("passwd");
      expect(n).not.toContain("a-b-c");
    }
    expect(names).toContain(join("state", "codex", `${uuid}.json`));
    expect(names).toContain(join("digests", "2026", "06", `codex-${uuid}.md`));
    // The path-like ids get a hashed name; the secret one is redacted before it is named (redacted-<hash>).
    expect(names.filter((n) => /^state\/codex\/(id@[0-9a-f]{32}|redacted-[0-9a-f]+)\.json$/.test(n))).toHaveLength(3);
    // still found by its id
    expect((await cli(["digest", "codex:a/b c", "--path-only"])).code).toBe(0);
  });

  it("a session whose id held a secret is found again by that id (digest, rehydrate); the secret stays off disk", async () => {
    const sb = sandbox();
    expect((await hook(["--harness", "codex"], stop(secret), sb.env)).code).toBe(0);
    const digest = await cli(["digest", `codex:${secret}`, "--path-only"]);
    expect(digest.code).toBe(0);
    expect(digest.stdout).not.toContain(secret);
    const re = await cli(["rehydrate", "--session-id", `codex:${secret}`]);
    expect(re.code).toBe(0);
    expect(re.stdout).toContain("redacted-");
    for (const name of Object.keys(listing(sb.root))) {
      expect(name).not.toContain(secret);
      expect(readFileSync(join(sb.root, name), "utf8")).not.toContain(secret);
    }
  });

  it("a store written with safe_id names stays readable and moves to the safe name on the next event", async () => {
    const sb = sandbox();
    const id = "user@host:1";
    const legacy = join(sb.root, "state", "codex", `${safeId(id)}.json`);
    mkdirSync(join(sb.root, "state", "codex"), { recursive: true });
    writeFileSync(legacy, JSON.stringify({ schema_version: 1, harness: "codex", native_session_id: id, llm_wiki_session_id: `codex:${id}`, event_count: 5, tool_event_count: 0, last_events: [], cwd: "/w" }));
    // readable as it is
    const before = await cli(["captured", "--json"]);
    expect(JSON.parse(before.stdout).sessions.map((s: { event_count: number }) => s.event_count)).toEqual([5]);
    expect((await hook(["--harness", "codex"], stop(id), sb.env)).code).toBe(0);
    expect(existsSync(legacy)).toBe(false);
    const files = readdirSync(join(sb.root, "state", "codex")).filter((f) => f.endsWith(".json"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^id@[0-9a-f]{32}\.json$/);
    expect(readJson(join(sb.root, "state", "codex", files[0])).event_count).toBe(6);
  });
});

// keep statSync referenced for platforms where the POSIX blocks are skipped
void statSync;
