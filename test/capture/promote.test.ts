// Digest format and promotion into topic wikis (§8, §10).
import { describe, expect, it } from "vitest";
import matter from "gray-matter";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { topicDir } from "../../src/core/capture/topic.js";
import { cli, listing, readJson, readLines, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";

const KEYS = [
  "title",
  "type",
  "schema_version",
  "harness",
  "native_session_id",
  "llm_wiki_session_id",
  "cwd",
  "git_remote",
  "git_branch",
  "transcript_path",
  "started_at",
  "last_seen_at",
  "tool_event_count",
  "event_count",
  "capture_trigger",
  "topics",
  "topic_candidates",
  "privacy",
  "raw_transcripts",
  "promoted_to",
  "summary",
];

function digestOf(root: string, harness: string, id: string): { path: string; text: string } {
  const state = readJson(join(root, "state", harness, `${id}.json`));
  return { path: state.last_digest_path, text: readFileSync(state.last_digest_path, "utf8") };
}

describe("digests (22)", () => {
  it('frontmatter parses with gray-matter, keys in order with their types; a null git remote is ""', () => {
    const sb = sandbox();
    send(sb.root, { session_id: "abc123", hook_event_name: "PostToolUse", tool_name: "Bash", cwd: "/w/ünï", model: "gpt-5" }, "codex");
    send(sb.root, { session_id: "abc123", hook_event_name: "Stop", cwd: "/w/ünï" }, "codex");
    const { text } = digestOf(sb.root, "codex", "abc123");
    const fm = matter(text);
    expect(Object.keys(fm.data)).toEqual(KEYS);
    expect(fm.data).toMatchObject({
      title: "Session Digest: codex:abc123",
      type: "session-digest",
      schema_version: 1,
      harness: "codex",
      native_session_id: "abc123",
      cwd: "/w/ünï",
      git_remote: "",
      git_branch: "",
      transcript_path: "",
      tool_event_count: 1,
      event_count: 2,
      capture_trigger: "stop",
      topics: [],
      topic_candidates: [],
      privacy: "redacted",
      raw_transcripts: false,
      promoted_to: [],
      summary: "Automated stop checkpoint for codex:abc123 in /w/ünï.",
    });
    expect(typeof fm.data.started_at).toBe("string");
    expect(text).toContain('cwd: "/w/\\u00fcn\\u00ef"');
    expect(fm.content.startsWith("\n# Session Digest: codex:abc123\n\n## Summary\n")).toBe(true);
    for (const h of ["## Session Identity", "## Manual Summaries", "## Feedback Candidates", "## Recent Observed Events", "## Distillation Notes", "## Open Loops"]) expect(fm.content).toContain(h);
    expect(text.endsWith("\n")).toBe(true);
  });
});

describe("promote (23, 24)", () => {
  it("writes a parseable note, syncs the digest's two header lines only, indexes, log; refuses a repeat without --force", async () => {
    const sb = sandbox();
    send(sb.root, { session_id: "abc123", hook_event_name: "Stop", cwd: "/w" }, "codex");
    const notes = join(sb.hub, "topics", "demo", "raw", "notes");
    mkdirSync(notes, { recursive: true });
    writeFileSync(join(sb.hub, "topics", "demo", "log.md"), "# Log\n");
    const before = digestOf(sb.root, "codex", "abc123");
    const r = await cli(["promote", "codex:abc123", "--topic", "demo"]);
    expect(r.code).toBe(0);
    const note = r.stdout.trim();
    expect(note).toBe(join(notes, "2026-06-13-session-codex-abc123.md"));
    const text = readFileSync(note, "utf8");
    const head = text.split("\n---\n")[0];
    for (const l of head.split("\n")) expect(l.startsWith(" ")).toBe(false);
    const fm = matter(text);
    expect(fm.data.type).toBe("notes");
    expect(fm.data.tags).toContain("demo");
    expect(fm.data.title).toBe("Session Digest Promotion: codex:abc123");
    expect(fm.content.trimStart().startsWith("# Session Digest Promotion: codex:abc123")).toBe(true);
    const after = digestOf(sb.root, "codex", "abc123");
    const dm = matter(after.text);
    expect(dm.data.promoted_to).toEqual([note]);
    expect(dm.data.topics).toEqual(["demo"]);
    const strip = (t: string) =>
      t
        .split("\n")
        .filter((l) => !l.startsWith("topics:") && !l.startsWith("promoted_to:"))
        .join("\n");
    expect(strip(after.text)).toBe(strip(before.text));
    expect(readJson(join(sb.root, "indexes", "by-topic.json")).demo.map((x: { llm_wiki_session_id: string }) => x.llm_wiki_session_id)).toEqual(["codex:abc123"]);
    expect(readFileSync(join(sb.hub, "topics", "demo", "log.md"), "utf8")).toBe("# Log\n\n## [2026-06-13] session | promoted session digest codex:abc123 → raw/notes/2026-06-13-session-codex-abc123.md\n");
    expect(readLines(join(sb.root, "registry.jsonl")).filter((l) => l.event === "session_promoted")).toEqual([
      { event: "session_promoted", llm_wiki_session_id: "codex:abc123", path: note, schema_version: 1, topic: "demo", ts: "2026-06-13T18:10:00Z" },
    ]);
    const noteBefore = readFileSync(note, "utf8");
    expect((await cli(["promote", "abc123", "--topic", "demo"])).code).toBe(4);
    expect(readFileSync(note, "utf8")).toBe(noteBefore);
    writeFileSync(note, "changed");
    expect((await cli(["promote", "abc123", "--topic", "demo", "--force"])).code).toBe(0);
    expect(readFileSync(note, "utf8")).toBe(noteBefore);
    expect(readJson(join(sb.root, "state", "codex", "abc123.json")).promoted_to).toEqual([note]);
    // the next hook checkpoint keeps both
    send(sb.root, { session_id: "abc123", hook_event_name: "Stop", cwd: "/w" }, "codex");
    expect(matter(digestOf(sb.root, "codex", "abc123").text).data).toMatchObject({ topics: ["demo"], promoted_to: [note] });
  });

  it("a topic without raw/notes → exit 3 and nothing written; an unknown session → 3 (24)", async () => {
    const sb = sandbox();
    send(sb.root, { session_id: "abc123", hook_event_name: "Stop", cwd: "/w" }, "codex");
    await cli(["reindex"]);
    const before = listing(sb.hub);
    const r = await cli(["promote", "codex:abc123", "--topic", "nope"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("topic raw notes directory not found");
    expect(listing(sb.hub)).toEqual(before);
    expect((await cli(["promote", "codex:zzz", "--topic", "nope"])).code).toBe(3);
  });

  it("wikis.json path forms resolve as specified; invalid wikis.json → exit 2 (24)", async () => {
    const sb = sandbox();
    mkdirSync(sb.hub, { recursive: true });
    const set = (path: string) => writeFileSync(join(sb.hub, "wikis.json"), JSON.stringify({ wikis: { demo: { path } } }));
    expect(topicDir(sb.hub, "Other Topic")).toBe(join(sb.hub, "topics", "other-topic"));
    for (const p of [".", "<HUB>", "HUB"]) {
      set(p);
      expect(topicDir(sb.hub, "demo")).toBe(sb.hub);
    }
    set("<HUB>/w/demo");
    expect(topicDir(sb.hub, "demo")).toBe(join(sb.hub, "w", "demo"));
    set("HUB/w/demo");
    expect(topicDir(sb.hub, "demo")).toBe(join(sb.hub, "w", "demo"));
    set("~/elsewhere");
    expect(topicDir(sb.hub, "demo")).toBe(join(sb.home, "elsewhere"));
    set("/abs/demo");
    expect(topicDir(sb.hub, "demo")).toBe("/abs/demo");
    set("rel/demo");
    expect(topicDir(sb.hub, "demo")).toBe(join(sb.hub, "rel", "demo"));
    writeFileSync(join(sb.hub, "wikis.json"), "{bad");
    send(sb.root, { session_id: "w1", hook_event_name: "Stop", cwd: "/w" }, "codex");
    expect((await cli(["promote", "w1", "--topic", "demo"])).code).toBe(2);
    expect(existsSync(join(sb.hub, "topics"))).toBe(false);
  });
});
