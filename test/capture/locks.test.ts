// Lock judgement and breaking (issue 14, item 2): untrusted clocks are aged
// from first sight; a lock is removed only by the process that proves it is
// the one it judged stale.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawn } from "node:child_process";
import { hostname } from "node:os";
import { sandbox } from "./helpers.js";
import { judgeLock, lockSync, LockTimeoutError, STALE_MS } from "../../src/core/fs/lock.js";
import { send } from "./ingest-helper.js";
import { foldLocked, sessionFiles } from "../../src/core/capture/fold.js";
import { defaultConfig } from "../../src/core/capture/config.js";
import { ingestEvent } from "../../src/core/capture/ingest.js";
import { normalizeEvent } from "../../src/core/capture/harness.js";

const deadPid = async (): Promise<number> => {
  const c = spawn(process.execPath, ["-e", "0"]);
  await new Promise((r) => c.on("close", r));
  return c.pid!;
};

const lockText = (host: string, pid: number, nonce = "0000000000000000") => `{"host": ${JSON.stringify(host)}, "nonce": "${nonce}", "pid": ${pid}, "ts": "2026-06-13T18:10:00Z"}`;

function dir(): string {
  const sb = sandbox();
  mkdirSync(sb.root, { recursive: true });
  return sb.root;
}

describe("stale judgement", () => {
  it("a lock dated in the future is pulled back to now and aged from first sight", () => {
    const root = dir();
    const lock = join(root, "f.json.lock");
    writeFileSync(lock, lockText(hostname(), process.ppid));
    const future = new Date(Date.now() + 3600_000);
    utimesSync(lock, future, future);
    const t = Date.now();
    expect(judgeLock(lock, t)!.stale).toBe(false);
    // the next process ages it from here rather than trusting the future date
    expect(statSync(lock).mtimeMs).toBeLessThanOrEqual(t + 1000);
    expect(judgeLock(lock, t + STALE_MS - 1)!.stale).toBe(false);
    expect(judgeLock(lock, t + STALE_MS + 1)!.stale).toBe(true);
  });

  it("a lock from another host is aged from when this process first saw it, not by its mtime", () => {
    const root = dir();
    const lock = join(root, "h.json.lock");
    writeFileSync(lock, lockText(`not-${hostname()}`, 1));
    // its mtime says an hour old: another host's clock is not ours to trust
    const old = new Date(Date.now() - 3600_000);
    utimesSync(lock, old, old);
    const t = Date.now();
    expect(judgeLock(lock, t)!.stale).toBe(false);
    expect(judgeLock(lock, t + STALE_MS + 1)!.stale).toBe(true);
  });

  it("a fresh lock of the same host with a dead pid is stale at once; a live one is not", async () => {
    const root = dir();
    const lock = join(root, "d.json.lock");
    writeFileSync(lock, lockText(hostname(), await deadPid()));
    expect(judgeLock(lock)!.stale).toBe(true);
    writeFileSync(lock, lockText(hostname(), process.ppid));
    expect(judgeLock(lock)!.stale).toBe(false);
  });
});

describe("breaking a stale lock", () => {
  it("a holder that releases and a fresh lock taken between the judgement and the removal: the fresh lock survives", async () => {
    const root = dir();
    const target = join(root, "race.json");
    const lock = target + ".lock";
    writeFileSync(lock, lockText(hostname(), await deadPid(), "1111111111111111"));
    const fresh = lockText(hostname(), process.ppid, "2222222222222222");
    let injected = 0;
    let inode = 0;
    expect(() =>
      lockSync(target, {
        waitMs: 100,
        // the step between read and remove: the judged lock goes, a live process takes a new one
        onStaleJudged: () => {
          if (injected++) return;
          unlinkSync(lock);
          writeFileSync(lock, fresh, { flag: "wx" });
          inode = statSync(lock).ino;
        },
      }),
    ).toThrow(LockTimeoutError);
    expect(injected).toBe(1);
    expect(readFileSync(lock, "utf8")).toBe(fresh);
    expect(statSync(lock).ino).toBe(inode);
  });

  it("the judged lock itself is removed and the lock taken", async () => {
    const root = dir();
    const target = join(root, "ok.json");
    writeFileSync(target + ".lock", lockText(hostname(), await deadPid()));
    const h = lockSync(target, { waitMs: 1000 });
    expect(h.verify()).toBe(true);
    expect(readFileSync(target + ".lock", "utf8")).toContain(`"pid": ${process.pid}`);
    h.release();
    expect(existsSync(target + ".lock")).toBe(false);
    // nothing left over from the break (the moved file went through the temp directory)
    expect(existsSync(join(root, ".tmp")) ? readdirSync(join(root, ".tmp")) : []).toEqual([]);
  });

  it("two acquisitions by one process in the same second hold different content (a nonce)", () => {
    const root = dir();
    const target = join(root, "n.json");
    const a = lockSync(target, { waitMs: 100, ts: "2026-06-13T18:10:00Z" });
    const first = readFileSync(target + ".lock", "utf8");
    a.release();
    const b = lockSync(target, { waitMs: 100, ts: "2026-06-13T18:10:00Z" });
    expect(readFileSync(target + ".lock", "utf8")).not.toBe(first);
    b.release();
  });
});

describe("a holder whose lock was displaced", () => {
  it("commits nothing: the lines stay queued and the next holder counts them", () => {
    const sb = sandbox();
    const ev = { session_id: "moved", hook_event_name: "PostToolUse", cwd: "/w", tool_name: "Bash" };
    send(sb.root, ev, "codex");
    const files = sessionFiles(sb.root, "codex", "moved");
    const h = lockSync(files.state, { waitMs: 1000 });
    // queued while we hold the lock (the other writer times out)
    const e = normalizeEvent(ev, { harness: "codex" });
    ingestEvent({ root: sb.root, config: defaultConfig(), event: e, preview: "{}", trigger: e.eventName, topics: [], manualSummary: null, lockWaitMs: 1, report: () => {} }, null);
    // another process's lock took the place of ours
    writeFileSync(h.path, lockText(hostname(), process.ppid, "3333333333333333"));
    expect(h.verify()).toBe(false);
    expect(() => foldLocked(sb.root, files, { config: defaultConfig(), lockWaitMs: 100, report: () => {}, stillHeld: () => h.verify() })).toThrow(LockTimeoutError);
    expect(JSON.parse(readFileSync(files.state, "utf8")).event_count).toBe(1);
    h.release();
    // ours was not released (it is not ours any more); the test plays the other holder leaving
    expect(existsSync(h.path)).toBe(true);
    unlinkSync(h.path);
    send(sb.root, ev, "codex");
    expect(JSON.parse(readFileSync(files.state, "utf8")).event_count).toBe(3);
  });
});
