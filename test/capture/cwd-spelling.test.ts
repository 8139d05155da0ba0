// The capture store keys and matches sessions by the dir a cwd names, not by
// its spelling: `/home/u/proj`, `/home/u/proj/` and `/home/u/./proj` are one
// project, and so are `C:\Users\u\proj` and `c:/Users/u/proj` (Windows names a
// dir without regard to case, separators or a trailing one). What is stored
// keeps the spelling it was given; a resolved POSIX cwd's sidecar keeps the
// file name older versions gave it.
import { describe, expect, it } from "vitest";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { cli, readJson, sandbox } from "./helpers.js";
import { listCaptured } from "../../src/core/capture/captured.js";
import { selectForRehydrate } from "../../src/core/capture/rehydrate-select.js";
import { listFeedback } from "../../src/core/capture/feedback-list.js";
import { readSidecar, upsertSidecar, type SidecarEntry } from "../../src/core/capture/sidecar.js";
import { candidatesPath, sidecarPath, statePath } from "../../src/core/capture/paths.js";
import { jsonFileText, pyCompact, sha256Hex } from "../../src/core/capture/serialize.js";
import { refreshIndexes } from "../../src/core/capture/indexes.js";
import { normalizeEvent } from "../../src/core/capture/harness.js";
import { send } from "./ingest-helper.js";

const POSIX = ["/home/u/proj", "/home/u/proj/", "/home/u/./proj", "/home/u//proj", "/home/u/x/../proj"];
const WINDOWS = ["C:\\Users\\u\\proj", "c:/Users/u/proj", "C:\\Users\\u\\proj\\", "c:\\users\\U\\Proj", "C:/Users/u/./proj/"];
const UNC = ["\\\\server\\share\\proj", "\\\\SERVER\\share\\proj\\", "\\\\server\\share\\x\\..\\proj"];

function entry(sid: string, seen: string, digest: string): SidecarEntry {
  return { harness: "codex", last_digest_path: digest, last_seen_at: seen, llm_wiki_session_id: `codex:${sid}`, native_session_id: sid, summary: `summary of ${sid}`, topics: [] };
}

/** A state file (and its digest) as a hook, an import or another machine's store left it, with `cwd` spelled as given. */
function state(root: string, id: string, cwd: string, seen: string): string {
  const digest = join(root, "digests", "2026", "06", `codex-${id}.md`);
  mkdirSync(dirname(digest), { recursive: true });
  writeFileSync(digest, `---\ntitle: "Session Digest: codex:${id}"\nsummary: "summary of ${id}"\n---\n`);
  const p = statePath(root, "codex", id);
  mkdirSync(dirname(p), { recursive: true });
  const s = { schema_version: 1, harness: "codex", native_session_id: id, llm_wiki_session_id: `codex:${id}`, started_at: seen, last_seen_at: seen, cwd, last_digest_path: digest, event_count: 1, tool_event_count: 0, last_events: [] };
  writeFileSync(p, jsonFileText(s));
  return digest;
}

describe("one project, any spelling of its cwd", () => {
  it("the sidecar: written under one spelling, read under every other (POSIX, drive letters, shares)", () => {
    const sb = sandbox();
    for (const group of [POSIX, WINDOWS, UNC]) {
      upsertSidecar(sb.root, group[0], "codex:a", entry("a", "2026-06-13T10:00:00Z", "/d/a.md"), 1000);
      upsertSidecar(sb.root, group[1], "codex:b", entry("b", "2026-06-13T11:00:00Z", "/d/b.md"), 1000);
      for (const spelling of group)
        expect(
          readSidecar(sb.root, spelling).map((e) => e.llm_wiki_session_id),
          spelling,
        ).toEqual(["codex:b", "codex:a"]);
      expect(new Set(group.map((g) => sidecarPath(sb.root, g))).size).toBe(1);
    }
    // three projects, three files; a dir that differs only in case is another POSIX dir
    expect(new Set([POSIX[0], WINDOWS[0], UNC[0]].map((g) => sidecarPath(sb.root, g))).size).toBe(3);
    expect(readSidecar(sb.root, "/home/u/Proj")).toEqual([]);
  });

  it("a `//server/share` path on POSIX is the root-relative `/server/share` (as path.resolve, and so the hook, makes it), not the Windows share `\\\\server\\share`", () => {
    const sb = sandbox();
    upsertSidecar(sb.root, "//server/share/proj", "codex:a", entry("a", "2026-06-13T10:00:00Z", "/d/a.md"), 1000);
    expect(readSidecar(sb.root, "/server/share/proj").map((e) => e.native_session_id)).toEqual(["a"]);
    expect(readSidecar(sb.root, "\\\\server\\share\\proj")).toEqual([]);
  });

  it("a resolved POSIX cwd's sidecar keeps the name older versions gave it; an older version's file for a Windows spelling is still read", () => {
    const sb = sandbox();
    const file = (cwd: string) => join(sb.root, "indexes", "cwd", sha256Hex(cwd).slice(0, 16) + ".json");
    expect(sidecarPath(sb.root, "/home/u/proj")).toBe(file("/home/u/proj"));
    const old = "C:\\Users\\u\\proj";
    mkdirSync(dirname(file(old)), { recursive: true });
    writeFileSync(file(old), jsonFileText({ cwd: old, schema_version: 1, sessions: [entry("w", "2026-06-13T10:00:00Z", "/d/w.md")] }));
    expect(sidecarPath(sb.root, old)).not.toBe(file(old));
    expect(readSidecar(sb.root, old).map((e) => e.native_session_id)).toEqual(["w"]);
    // the next write carries the old file's sessions over to the shared one
    upsertSidecar(sb.root, "c:/Users/u/proj", "codex:x", entry("x", "2026-06-13T11:00:00Z", "/d/x.md"), 1000);
    expect(existsSync(sidecarPath(sb.root, old))).toBe(true);
    expect(readSidecar(sb.root, "c:/users/u/proj").map((e) => e.native_session_id)).toEqual(["x"]);
  });

  it("captured, rehydrate and feedback list match every spelling; what is stored keeps its own", async () => {
    const sb = sandbox();
    state(sb.root, "p1", "/home/u/proj/", "2026-06-13T10:00:00Z");
    state(sb.root, "p2", "/home/u/proj", "2026-06-13T11:00:00Z");
    state(sb.root, "w1", "C:\\Users\\u\\proj", "2026-06-13T12:00:00Z");
    state(sb.root, "w2", "c:/Users/u/proj/", "2026-06-13T13:00:00Z");
    state(sb.root, "other", "/home/u/proj2", "2026-06-13T14:00:00Z");
    for (const cwd of POSIX) {
      expect(
        listCaptured(sb.root, { cwd }).map((x) => x.state.native_session_id),
        cwd,
      ).toEqual(["p2", "p1"]);
      expect(selectForRehydrate(sb.root, { cwd }, "/").map((x) => x.sid)).toEqual(["codex:p2", "codex:p1"]);
    }
    for (const cwd of WINDOWS) {
      expect(
        listCaptured(sb.root, { cwd }).map((x) => x.state.native_session_id),
        cwd,
      ).toEqual(["w2", "w1"]);
      expect(selectForRehydrate(sb.root, { cwd }, "/").map((x) => x.sid)).toEqual(["codex:w2", "codex:w1"]);
    }
    expect(listCaptured(sb.root, { cwd: "/home/u/proj" }).map((x) => x.state.cwd)).toEqual(["/home/u/proj", "/home/u/proj/"]);
    // the commands: a Windows path given on POSIX is kept as written, not put under the current dir
    const captured = await cli(["captured", "--cwd", "c:\\USERS\\u\\proj", "--json"]);
    expect(captured.code).toBe(0);
    expect(JSON.parse(captured.stdout).sessions.map((s: { native_session_id: string }) => s.native_session_id)).toEqual(["w2", "w1"]);
    const re = await cli(["rehydrate", "--cwd", "/home/u/./proj/"]);
    expect(re.code).toBe(0);
    expect(re.stdout).toContain("codex:p1");
    expect(re.stdout).not.toContain("codex:other");

    const cand = (id: string, cwd: string) =>
      pyCompact({ confidence: "high", cwd, feedback_type: "correction", id, llm_wiki_session_id: "codex:p1", native_session_id: "p1", schema_version: 1, text_preview: "no", ts: "2026-06-13T10:00:00Z" }) + "\n";
    mkdirSync(dirname(candidatesPath(sb.root)), { recursive: true });
    writeFileSync(candidatesPath(sb.root), cand("fb-1", "/home/u/proj/") + cand("fb-2", "C:\\Users\\u\\proj") + cand("fb-3", "/elsewhere"));
    expect(listFeedback(sb.root, { cwd: "/home/u/proj" }).rows.map((c) => c.id)).toEqual(["fb-1"]);
    expect(listFeedback(sb.root, { cwd: "c:/users/u/proj/" }).rows.map((c) => c.id)).toEqual(["fb-2"]);
    const fl = await cli(["feedback", "list", "--cwd", "C:/Users/u/proj", "--json"]);
    expect(JSON.parse(fl.stdout).feedback_candidates.map((c: { id: string }) => c.id)).toEqual(["fb-2"]);
  });

  it("reindex --full writes one sidecar per project, holding every spelling's sessions, under the newest one's spelling", () => {
    const sb = sandbox();
    state(sb.root, "p1", "/home/u/proj/", "2026-06-13T10:00:00Z");
    state(sb.root, "p2", "/home/u/proj", "2026-06-13T11:00:00Z");
    state(sb.root, "w1", "c:/Users/u/proj", "2026-06-13T12:00:00Z");
    state(sb.root, "w2", "C:\\Users\\u\\proj", "2026-06-13T13:00:00Z");
    refreshIndexes(sb.root, { full: true, sidecars: true });
    const posix = readJson(sidecarPath(sb.root, "/home/u/./proj"));
    expect(posix.cwd).toBe("/home/u/proj");
    expect(posix.sessions.map((s: SidecarEntry) => s.native_session_id)).toEqual(["p2", "p1"]);
    const win = readJson(sidecarPath(sb.root, "c:\\users\\u\\proj\\"));
    expect(win.cwd).toBe("C:\\Users\\u\\proj");
    expect(win.sessions.map((s: SidecarEntry) => s.native_session_id)).toEqual(["w2", "w1"]);
    // by-cwd.json keys the same way: one key per project, its newest session's spelling
    const byCwd = readJson(join(sb.root, "indexes", "by-cwd.json"));
    expect(Object.keys(byCwd).sort()).toEqual(["/home/u/proj", "C:\\Users\\u\\proj"].sort());
    expect(byCwd["/home/u/proj"].map((r: { native_session_id: string }) => r.native_session_id).sort()).toEqual(["p1", "p2"]);
    expect(byCwd["C:\\Users\\u\\proj"].map((r: { native_session_id: string }) => r.native_session_id).sort()).toEqual(["w1", "w2"]);
  });

  it("a hook's Windows cwd on POSIX stays the dir it names: no `/process/cwd/C:\\…`, no git facts of the process's repository", () => {
    const from = process.cwd(); // this repository: a git work tree
    for (const cwd of [...WINDOWS, ...UNC]) expect(normalizeEvent({ session_id: "s", hook_event_name: "Stop", cwd }, { harness: "codex" }, {}, from).cwd).toBe(cwd);
    // a POSIX cwd is still made absolute from the process's dir
    expect(normalizeEvent({ session_id: "s", hook_event_name: "Stop", cwd: "sub/dir" }, { harness: "codex" }, {}, "/work/x").cwd).toBe("/work/x/sub/dir");
    if (process.platform === "win32") return;
    const sb = sandbox();
    const r = send(sb.root, { session_id: "w9", hook_event_name: "Stop", cwd: "C:\\Users\\u\\proj" }, "codex");
    expect(r.state).toMatchObject({ cwd: "C:\\Users\\u\\proj", git_branch: null, git_remote: null });
    expect(readSidecar(sb.root, "c:/users/u/proj").map((e) => e.native_session_id)).toEqual(["w9"]);
  });
});
