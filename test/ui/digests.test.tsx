// The digests screen (4), opening agent sessions from review, and `I` on the
// tree: driven with real keys, checked on the frame and in the store's files.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import matter from "gray-matter";
import { readJson, readLines } from "../capture/helpers.js";
import { handEdit } from "../capture/digest-edit-helper.js";
import { importSession } from "../../src/core/capture/import-session.js";
import { KEYS, type Mounted } from "./harness.js";
import { codexDigest, cursorLine, mountOn, queueRows, reviewHub, writePiSession } from "./review-helpers.js";
import { summaryRow } from "../helpers/summary-row.js";

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

describe("digests screen", () => {
  it("lists captured sessions newest first with harness, project, trigger, topics; the digest reads as text", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "old", "/work/old-project", "2026-06-12T10:00:00Z");
    codexDigest(hub.root, "new", "/work/new-project", "2026-06-13T17:00:00Z");
    m = await mountOn(hub, "4");
    const f = m.frame();
    const rows = f.split("\n").filter((l) => /^[› ] codex /.test(l));
    expect(rows.map((r) => r.includes("new-project"))).toEqual([true, false]);
    expect(rows[0]).toMatch(/codex\s+codex:new\s+\/work\/new-project\s+\S+\s+stop\s+—/);
    expect(f).toContain("── digest codex:new");
    expect(f).toContain("Session Digest: codex:new");
    expect(f).toContain("Automated stop checkpoint for codex:new in /work/new-project.");
    expect(f).toContain("Harness: codex"); // table rows as "Field: value"
    expect(f).not.toContain("|---|");
    await m.press("j");
    expect(m.frame()).toContain("── digest codex:old");
  });

  it("the digest names its session by the title the session list shows, above its id", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "new", "/work/new-project", "2026-06-13T17:00:00Z");
    m = await mountOn(hub, "4");
    expect(m.frame()).not.toContain("Tidy the build script");
    m.store.getState().setSessions([summaryRow({ path: "/s/rollout-new.jsonl", agent: "codex", id: "new", name: "Tidy the build script" })]);
    const f = await m.waitFor((fr) => fr.includes("Tidy the build script"), "the title");
    expect(f).toMatch(/── digest codex:new[^\n]*\n Tidy the build script\n codex:new · codex · \/work\/new-project/);
  });

  it("each row names its session by the list's title (its capture id when the list does not hold it), at 120 and at 60 columns", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "old", "/work/old-project", "2026-06-12T10:00:00Z");
    codexDigest(hub.root, "new", "/work/new-project", "2026-06-13T17:00:00Z");
    for (const width of [120, 60]) {
      m?.unmount();
      m = await mountOn(hub, "4", { width, height: 20 });
      m.store.getState().setSessions([summaryRow({ path: "/s/rollout-new.jsonl", agent: "codex", id: "new", name: "Tidy the build script" })]);
      const f = await m.waitFor((fr) => /^› codex\s+Tidy the build/m.test(fr), `the title in the row at ${width}`);
      const rows = f.split("\n").filter((l) => /^[› ] codex /.test(l));
      expect(rows[0], `${width}`).toMatch(/^› codex\s+Tidy the build( s\S*)?\s+\/work\/new-/);
      expect(rows[1], `${width}`).toMatch(/^ {2}codex\s+codex:old\s+\/work\/old-/);
      expect(
        f.split("\n").find((l) => l.includes("harness")),
        `${width}`,
      ).toMatch(/harness\s+session\s+project\s+seen/);
    }
  });

  it("/ finds a session by part of the title its row shows", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "old", "/work/old-project", "2026-06-12T10:00:00Z");
    codexDigest(hub.root, "new", "/work/new-project", "2026-06-13T17:00:00Z");
    m = await mountOn(hub, "4");
    m.store.getState().setSessions([summaryRow({ path: "/s/rollout-old.jsonl", agent: "codex", id: "old", name: "Tidy the build script" })]);
    await m.waitFor((fr) => /^ {2}codex\s+Tidy the build/m.test(fr), "the title in the row");
    await m.press("/");
    await m.type("tidy build");
    const f = await m.waitFor((fr) => fr.split("\n").filter((l) => /^[› ] codex /.test(l)).length === 1, "one row");
    expect(f).toMatch(/^› codex\s+Tidy the build/m);
  });

  it("with no captured session yet, the message is read whole at 60 columns (wrapped, not cut)", async () => {
    m = await mountOn(reviewHub(), "4", { width: 60, height: 20 });
    const said = m
      .frame()
      .split("\n")
      .map((r) => r.trim())
      .join(" ");
    expect(said).toContain("No captured sessions yet (hooks write them; I on a session's tree imports one).");
  });

  it("a digest edited by hand (field added, one moved, comments, single quotes) still lists and shows", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "new", "/work/new-project", "2026-06-13T17:00:00Z");
    const path = readJson(join(hub.root, "state", "codex", "new.json")).last_digest_path as string;
    writeFileSync(path, handEdit(readFileSync(path, "utf8"), { trigger: "by-hand" }));
    m = await mountOn(hub, "4");
    const f = m.frame();
    const rows = f.split("\n").filter((l) => /^[› ] codex /.test(l));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/codex\s+codex:new\s+\/work\/new-project\s+\S+\s+by-hand\s+—/);
    // (the digest's path before it may wrap the line)
    expect(f.replace(/\s+/g, " ")).toContain("trigger by-hand · 1 tool events");
    expect(f).toContain("Session Digest: codex:new");
    expect(f).toContain("Harness: codex");
  });

  it("a digest a hook writes while the screen is open shows up by itself; the cursor stays on its session", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "old", "/work/old-project", "2026-06-12T10:00:00Z");
    codexDigest(hub.root, "mid", "/work/mid-project", "2026-06-13T10:00:00Z");
    m = await mountOn(hub, "4", { pollMs: 20 });
    await m.press("j");
    expect(m.frame()).toContain("── digest codex:old");
    expect(m.frame()).toContain("2/2 digests");
    codexDigest(hub.root, "new", "/work/new-project", "2026-06-13T17:00:00Z");
    const f = await m.waitFor((x) => x.includes("/work/new-project"), "the new session");
    const rows = f.split("\n").filter((l) => /^[› ] codex /.test(l));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("/work/new-project");
    expect(cursorLine(f)).toContain("/work/old-project");
    expect(f).toContain("── digest codex:old");
    expect(f).toContain("3/3 digests");
  });

  it("p promotes the digest: note, state and digest promoted_to/topics, log.md, by-topic index", async () => {
    const hub = reviewHub();
    codexDigest(hub.root, "abc", "/work/app", "2026-06-13T17:00:00Z");
    m = await mountOn(hub, "4");
    await m.press("p");
    await m.waitFor((f) => f.includes("Promote codex:abc to which topic?"), "picker");
    await m.press(KEYS.enter);
    const f = await m.waitFor((x) => x.includes("promoted to demo"), "promotion");
    const note = join(hub.demoNotes, "2026-06-13-session-codex-abc.md");
    expect(readdirSync(hub.demoNotes)).toEqual(["2026-06-13-session-codex-abc.md"]);
    expect(matter(readFileSync(note, "utf8")).data).toMatchObject({ type: "notes", title: "Session Digest Promotion: codex:abc" });
    const state = readJson(join(hub.root, "state", "codex", "abc.json"));
    expect(state.promoted_to).toEqual([note]);
    expect(state.topics).toEqual(["demo"]);
    const digest = matter(readFileSync(state.last_digest_path, "utf8")).data;
    expect(digest.promoted_to).toEqual([note]);
    expect(digest.topics).toEqual(["demo"]);
    expect(readFileSync(hub.demoLog, "utf8")).toContain("session | promoted session digest codex:abc → raw/notes/2026-06-13-session-codex-abc.md");
    expect(readLines(join(hub.root, "registry.jsonl")).filter((l) => l.event === "session_promoted")).toHaveLength(1);
    expect(readJson(join(hub.root, "indexes", "by-topic.json")).demo.map((r: { llm_wiki_session_id: string }) => r.llm_wiki_session_id)).toEqual(["codex:abc"]);
    // the row and the pane show it
    expect(cursorLine(f)).toMatch(/stop\s+1 demo\s*$/);
    expect(f).toContain(`→ ${note}`);
    // again on the same day: refused, nothing changed
    await m.press("p");
    await m.waitFor((x) => x.includes("to which topic?"), "picker");
    await m.press(KEYS.enter);
    await m.waitFor((x) => x.includes("note exists"), "refusal");
    expect(readdirSync(hub.demoNotes)).toHaveLength(1);
  });

  it("o opens an imported pi session on the tree; a codex session with no rollout here says why it cannot", async () => {
    const hub = reviewHub();
    const { file } = writePiSession(join(hub.home, "pi"), "pi-sess-1", ["hello there", "no, that is the wrong file"]);
    await importSession(hub.root, file);
    codexDigest(hub.root, "cx", "/work/app", "2026-06-01T09:00:00Z");
    m = await mountOn(hub, "4");
    expect(cursorLine(m.frame())).toMatch(/^pi /);
    await m.press("j", "o");
    await m.waitFor((f) => f.includes("codex:cx: its session is not on this machine"), "refusal");
    await m.press("k", "o");
    const f = await m.waitFor((x) => x.includes("[2 tree]") && x.includes("← leaf"), "the tree");
    expect(f).toContain("no, that is the wrong file");
  });
});

describe("review ↔ sessions", () => {
  it("I on the tree imports the open session and shows its new candidates; again says unchanged", async () => {
    const hub = reviewHub();
    const { file } = writePiSession(join(hub.home, "pi"), "pi-sess-2", ["no, use the other file", "always keep the changelog updated", "thanks"]);
    m = await mountOn(hub, "3", { file });
    expect(m.frame()).toContain("[2 tree]");
    await m.press("I");
    const f = await m.waitFor((x) => x.includes("[3 feedback]") && x.includes("captured pi:pi-sess-2: 2 new candidates"), "the imported candidates");
    expect(f).toContain("session pi:pi-sess-2 (Esc clears)");
    expect(queueRows(f)).toHaveLength(2);
    const state = readJson(join(hub.root, "state", "pi", "pi-sess-2.json"));
    expect(state.import.source_path).toBe(file);
    expect(readdirSync(join(hub.root, "digests", "2026", "06"))).toContain("pi-pi-sess-2.md");
    const cands = readLines(join(hub.root, "feedback", "candidates.jsonl"));
    expect(cands.map((c) => c.feedback_type)).toEqual(["correction", "preference"]);
    await m.press("2", "I");
    await m.waitFor((x) => x.includes("unchanged since the last capture · 2 candidates"), "unchanged");
    expect(readLines(join(hub.root, "feedback", "candidates.jsonl"))).toHaveLength(2);
  });

  it("the preview shows the turns around a candidate, and o opens the tree at that turn", async () => {
    const hub = reviewHub();
    const { file, userIds } = writePiSession(join(hub.home, "pi"), "pi-sess-3", ["first question", "no, that is the wrong file", "later question"]);
    await importSession(hub.root, file);
    m = await mountOn(hub, "3", { height: 50 });
    const f = await m.waitFor((x) => x.includes("session file") && x.includes("› user: no, that is the wrong file"), "session context");
    expect(f).toContain("reply 0");
    expect(f).toContain("reply 1");
    await m.press("o");
    const t = await m.waitFor((x) => x.includes("[2 tree]"), "the tree");
    expect(cursorLine(t)).toContain("no, that is the wrong file");
    expect(m.store.getState().rows!.row(m.store.getState().cursor).id).toBe(userIds[1]);
  });
});
