// A digest a person edited by hand (a field added, another moved, comments,
// other quoting, a block list) still shows, rehydrates and promotes; and
// gray-matter reads back exactly what the hook's own writer wrote.
import { describe, expect, it } from "vitest";
import matter from "gray-matter";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderDigest } from "../../src/core/capture/digest.js";
import { syncDigestFrontmatter } from "../../src/core/capture/frontmatter.js";
import { cli, readJson, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { handEdit } from "./digest-edit-helper.js";

function captured(): { sb: ReturnType<typeof sandbox>; digest: string } {
  const sb = sandbox();
  send(sb.root, { session_id: "abc123", hook_event_name: "PostToolUse", tool_name: "Bash", cwd: "/w" }, "codex");
  send(sb.root, { session_id: "abc123", hook_event_name: "Stop", cwd: "/w" }, "codex");
  const digest = readJson(join(sb.root, "state", "codex", "abc123.json")).last_digest_path as string;
  mkdirSync(join(sb.hub, "topics", "demo", "raw", "notes"), { recursive: true });
  writeFileSync(join(sb.hub, "topics", "demo", "log.md"), "# Log\n");
  return { sb, digest };
}

describe("the hook's digest writer", () => {
  it("gray-matter reads back exactly the values it wrote, awkward ones too", () => {
    const odd = ['it\'s "quoted": yes # not a comment', "- leading dash", "true", "123", "~", "null", "ünï 🚀 \u2028 line\nbreak\ttab", "[not, a, list]", "{a: 1}", "'single'", ""];
    for (const v of odd) {
      const state = {
        llm_wiki_session_id: `codex:${v}`,
        harness: v,
        native_session_id: v,
        cwd: v,
        git_remote: null,
        git_branch: v,
        transcript_path: v,
        started_at: v,
        last_seen_at: v,
        tool_event_count: 3,
        event_count: 7,
        topics: [v, "b"],
        promoted_to: [v],
        privacy: v,
        raw_transcripts: true,
      };
      const data = matter(renderDigest(state, v, v), {}).data;
      expect(data).toEqual({
        title: `Session Digest: codex:${v}`,
        type: "session-digest",
        schema_version: 1,
        harness: v,
        native_session_id: v,
        llm_wiki_session_id: `codex:${v}`,
        cwd: v,
        git_remote: "",
        git_branch: v,
        transcript_path: v,
        started_at: v,
        last_seen_at: v,
        tool_event_count: 3,
        event_count: 7,
        capture_trigger: v,
        topics: [v, "b"],
        topic_candidates: [],
        privacy: v,
        raw_transcripts: true,
        promoted_to: [v],
        summary: v,
      });
    }
  });
});

describe("a digest edited by hand", () => {
  it("`digest` shows it as it is, and `rehydrate` reads its summary", async () => {
    const { digest } = captured();
    const edited = handEdit(readFileSync(digest, "utf8"));
    writeFileSync(digest, edited);
    const shown = await cli(["digest", "codex:abc123"]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(edited);
    const r = await cli(["rehydrate", "--session-id", "codex:abc123"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("It's done: shipped #1");
  });

  it("promotes: the note takes its summary; only topics and promoted_to change, every other byte stays", async () => {
    const { digest } = captured();
    const edited = handEdit(readFileSync(digest, "utf8"));
    writeFileSync(digest, edited);
    const r = await cli(["promote", "codex:abc123", "--topic", "demo"]);
    expect(r.code).toBe(0);
    const note = r.stdout.trim();
    expect(matter(readFileSync(note, "utf8")).data.summary).toBe("It's done: shipped #1");
    expect(readFileSync(note, "utf8")).toContain("## Session Identity");
    const after = readFileSync(digest, "utf8");
    const data = matter(after, {}).data;
    expect(data).toMatchObject({ topics: ["demo"], promoted_to: [note], reviewer: "Ann", summary: "It's done: shipped #1" });
    const strip = (t: string) =>
      t
        .split("\n")
        .filter((l) => !l.startsWith("topics:") && !l.startsWith("promoted_to:"))
        .join("\n");
    expect(strip(after)).toBe(strip(edited));
  });

  it("promotes one with a block list: the frontmatter is written anew by gray-matter, every field and the body kept", async () => {
    const { digest } = captured();
    const edited = handEdit(readFileSync(digest, "utf8"), { blockTopics: true });
    writeFileSync(digest, edited);
    const before = matter(edited, {});
    expect(before.data.topics).toEqual(["alpha"]);
    const r = await cli(["promote", "codex:abc123", "--topic", "demo"]);
    expect(r.code).toBe(0);
    const note = r.stdout.trim();
    const after = matter(readFileSync(digest, "utf8"), {});
    expect(after.data).toEqual({ ...before.data, topics: ["demo"], promoted_to: [note] });
    expect(after.content).toBe(before.content);
  });

  it("a text without frontmatter, or with YAML that does not parse, is left as it is", () => {
    expect(syncDigestFrontmatter("# just markdown\n", ["t"], ["/n.md"])).toBe("# just markdown\n");
    const broken = "---\ntopics: [unclosed\n---\nbody\n";
    expect(syncDigestFrontmatter(broken, ["t"], ["/n.md"])).toBe(broken);
  });
});
