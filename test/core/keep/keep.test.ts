// The archive (keep) in process: appends only new bytes, a rewritten file
// becomes a new version beside the old, work past the deadline is queued and
// done by the next run, folders and files are private, and two machines'
// folders are listed together.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { keepRun } from "../../../src/core/keep/run.js";
import { archiveFileOf } from "../../../src/core/keep/paths.js";
import { readKeepState } from "../../../src/core/keep/state.js";
import { archivedSessions, archivedViews, viewInfo } from "../../../src/core/keep/archived.js";
import type { KeepConfig } from "../../../src/core/keep/config.js";
import { keepAfterEvent } from "../../../src/core/keep/hook.js";
import { hostDirOf, SCAN_ALL } from "../../../src/core/keep/run-files.js";
import { lockSync } from "../../../src/core/fs/lock.js";
import { existsSync, readdirSync } from "node:fs";

let root: string;
let env: NodeJS.ProcessEnv;
const config = (host: string, sources: string[] = []): KeepConfig => ({ enabled: true, host, sources });
const line = (i: number, pad = "") => JSON.stringify({ type: "message", id: `e${i}`, parentId: i ? `e${i - 1}` : null, message: { role: "user", content: `turn ${i} ${pad}` } }) + "\n";

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "omp-keep-"));
  env = { HOME: join(root, "home"), OMP_SESSIONS_DATA_DIR: join(root, "data"), OMP_SESSIONS_CACHE_DIR: join(root, "cache"), OMP_SESSIONS_CONFIG_DIR: join(root, "cfg") };
  mkdirSync(join(root, "src"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("keep", () => {
  it("an append of 1 MB to a 100 MB session archives that 1 MB only (bytes written, not time)", async () => {
    const file = join(root, "src", "big.jsonl");
    // 100 MB of lines (alike, so the first archive is quick to compress), written in 1 MB blocks.
    const block = Buffer.from(line(1, "x".repeat(900)).repeat(Math.floor((1 << 20) / line(1, "x".repeat(900)).length)));
    const fd = openSync(file, "w");
    for (let written = 0; written < 100 << 20; written += block.length) writeSync(fd, block);
    closeSync(fd);
    const first = await keepRun({ env, files: [file], config: config("alpha") });
    expect(first.taken).toBe(statSync(file).size);
    const archive = archiveFileOf(first.hostDir, file, 1);
    const before = statSync(archive).size;
    // 1 MB more, of text that does not compress much (random hex).
    const more = Buffer.from(randomBytes(1 << 19).toString("hex"));
    appendFileSync(file, more);
    const second = await keepRun({ env, files: [file], config: config("alpha") });
    expect(second.taken).toBe(1 << 20);
    expect(second.written).toBe(statSync(archive).size - before);
    // ~1 MB: hex compresses to about half; never more than the bytes plus gzip's framing.
    expect(second.written).toBeGreaterThan(400_000);
    expect(second.written).toBeLessThan((1 << 20) + 64 * 1024);
    expect(second.versions).toBe(0);
    // The copy reads back as the file, byte for byte.
    expect(sha(gunzipSync(readFileSync(archive)))).toBe(sha(readFileSync(file)));
    // Nothing new: nothing written.
    const third = await keepRun({ env, files: [file], config: config("alpha") });
    expect(third.written).toBe(0);
  }, 180_000);

  it("a file its agent rewrote is kept as a new version; the old version stays as it was", async () => {
    const file = join(root, "src", "s.jsonl");
    writeFileSync(file, line(0) + line(1));
    const a = await keepRun({ env, files: [file], config: config("alpha") });
    writeFileSync(file, line(0, "edited") + line(1) + line(2));
    const b = await keepRun({ env, files: [file], config: config("alpha") });
    expect(b.versions).toBe(1);
    const v1 = archiveFileOf(a.hostDir, file, 1);
    const v2 = archiveFileOf(a.hostDir, file, 2);
    expect(gunzipSync(readFileSync(v1)).toString()).toBe(line(0) + line(1));
    expect(gunzipSync(readFileSync(v2)).toString()).toBe(line(0, "edited") + line(1) + line(2));
    expect(readKeepState(a.hostDir, "alpha").files[file].version).toBe(2);
    // A shorter file is a rewrite too.
    writeFileSync(file, line(0));
    const c = await keepRun({ env, files: [file], config: config("alpha") });
    expect(c.versions).toBe(1);
    expect(gunzipSync(readFileSync(archiveFileOf(a.hostDir, file, 3))).toString()).toBe(line(0));
  });

  it("the archive is private: folders 0700, files 0600", async () => {
    const file = join(root, "src", "s.jsonl");
    writeFileSync(file, line(0));
    const r = await keepRun({ env, files: [file], config: config("alpha") });
    expect(statSync(join(root, "data", "archive")).mode & 0o777).toBe(0o700);
    expect(statSync(r.hostDir).mode & 0o777).toBe(0o700);
    expect(statSync(archiveFileOf(r.hostDir, file, 1)).mode & 0o777).toBe(0o600);
    expect(statSync(join(r.hostDir, "keep-state.json")).mode & 0o777).toBe(0o600);
  });

  it("work past the deadline is queued, never lost: the next run archives it", async () => {
    const files = [0, 1, 2].map((i) => join(root, "src", `s${i}.jsonl`));
    files.forEach((f, i) => writeFileSync(f, line(i)));
    let t = 0;
    // The clock passes the deadline after the first file.
    const r = await keepRun({ env, files, config: config("alpha"), deadline: 1, now: () => t++ });
    expect(r.archived).toBe(1);
    expect(r.pending).toBe(2);
    expect(readKeepState(r.hostDir, "alpha").pending).toEqual(files.slice(1));
    const next = await keepRun({ env, files: [], config: config("alpha") });
    expect(next.archived).toBe(2);
    expect(next.pending).toBe(0);
    for (const f of files) expect(gunzipSync(readFileSync(archiveFileOf(r.hostDir, f, 1))).toString()).toBe(readFileSync(f, "utf8"));
  });

  it("lists the sessions whose original is gone, and another machine's folder, as views with their host", async () => {
    const mine = join(root, "src", "mine.jsonl");
    const gone = join(root, "src", "gone.jsonl");
    writeFileSync(mine, line(0));
    writeFileSync(gone, line(1));
    await keepRun({ env, files: [mine, gone], config: config("alpha") });
    rmSync(gone);
    // Another machine's archive, synced into a folder of its own.
    const otherEnv = { ...env, OMP_SESSIONS_DATA_DIR: join(root, "other-data") };
    const theirs = join(root, "src", "theirs.jsonl");
    writeFileSync(theirs, line(2));
    await keepRun({ env: otherEnv, files: [theirs], config: config("beta") });
    const both = config("alpha", [join(root, "other-data", "archive")]);
    expect(
      archivedSessions(both, env)
        .map((a) => `${a.host}:${a.source}`)
        .sort(),
    ).toEqual([`alpha:${gone}`, `alpha:${mine}`, `beta:${theirs}`]);
    const views = await archivedViews(env, both);
    // The live original is read, not its copy; gone and beta's are views.
    expect(views.files.map((v) => viewInfo(v, env)).sort((a, b) => a!.host.localeCompare(b!.host))).toEqual([
      { host: "alpha", source: gone },
      { host: "beta", source: theirs },
    ]);
    for (const v of views.files) expect(readFileSync(v, "utf8")).toBe(viewInfo(v, env)!.source === gone ? line(1) : line(2));
  });

  it("the hook: a Stop archives its transcript; while another run holds the lock the file is noted, and the next run takes it", async () => {
    const file = join(root, "src", "s.jsonl");
    writeFileSync(file, line(0));
    const cfg = config("alpha");
    await keepAfterEvent({ kind: "tool", transcriptPath: file }, cfg, Infinity, 1000, env);
    const hostDir = hostDirOf(cfg, env);
    expect(existsSync(archiveFileOf(hostDir, file, 1))).toBe(false); // not a session's end
    await keepAfterEvent({ kind: "stop", transcriptPath: file }, cfg, Infinity, 1000, env);
    expect(gunzipSync(readFileSync(archiveFileOf(hostDir, file, 1))).toString()).toBe(line(0));
    appendFileSync(file, line(1));
    const held = lockSync(join(hostDir, "keep-state.json"), { waitMs: 0 });
    try {
      await keepAfterEvent({ kind: "session-end", transcriptPath: file }, cfg, Date.now() + 50, 0, env);
    } finally {
      held.release();
    }
    expect(readdirSync(join(hostDir, "pending"))).toHaveLength(1);
    const next = await keepRun({ env, files: [], config: cfg });
    expect(next.archived).toBe(1);
    expect(readdirSync(join(hostDir, "pending"))).toHaveLength(0);
    expect(gunzipSync(readFileSync(archiveFileOf(hostDir, file, 1))).toString()).toBe(line(0) + line(1));
  });

  it("the hook: an end naming no transcript owes a full scan, which keep --now settles", async () => {
    const cfg = config("alpha");
    await keepAfterEvent({ kind: "session-end", transcriptPath: null }, cfg, Infinity, 1000, env);
    const hostDir = hostDirOf(cfg, env);
    expect(readKeepState(hostDir, "alpha").pending).toEqual([SCAN_ALL]);
    await keepRun({ env, config: cfg });
    expect(readKeepState(hostDir, "alpha").pending).toEqual([]);
  });
});
