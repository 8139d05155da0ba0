// Promoting to a topic that does not exist yet: the same rule as the
// browser's "+ new topic". Without --create-topic the command exits 3 and
// says how; with it the topic is created (said on stderr), then promoted to.
import { describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { cli, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";

const prompt = (root: string, sid: string, text: string) => send(root, { session_id: sid, hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t1", prompt: text }, "codex").candidate?.id as string;

describe("promote --create-topic", () => {
  it("feedback promote to a missing topic: exit 3 naming --create-topic; with it, the topic is made and the note written", async () => {
    const sb = sandbox();
    const id = prompt(sb.root, "s", "no, that is the wrong file");
    const no = await cli(["feedback", "promote", id, "--topic", "new-topic"]);
    expect(no.code).toBe(3);
    expect(no.stderr).toContain("topic raw notes directory not found");
    expect(no.stderr).toContain("--create-topic");
    expect(existsSync(join(sb.hub, "topics", "new-topic"))).toBe(false);
    const yes = await cli(["feedback", "promote", id, "--topic", "new-topic", "--create-topic"]);
    expect(yes.code).toBe(0);
    expect(yes.stderr).toContain("created topic new-topic");
    const note = yes.stdout.trim();
    expect(note.startsWith(join(sb.hub, "topics", "new-topic", "raw", "notes"))).toBe(true);
    expect(existsSync(note)).toBe(true);
    expect(existsSync(join(sb.hub, "topics", "new-topic", "log.md"))).toBe(true);
  });

  it("promote <session> takes --create-topic too, and an existing topic is used as it is", async () => {
    const sb = sandbox();
    send(sb.root, { session_id: "abc123", hook_event_name: "Stop", cwd: "/w" }, "codex");
    await cli(["reindex"]);
    const no = await cli(["promote", "codex:abc123", "--topic", "fresh"]);
    expect(no.code).toBe(3);
    expect(no.stderr).toContain("--create-topic");
    const yes = await cli(["promote", "codex:abc123", "--topic", "fresh", "--create-topic"]);
    expect(yes.code).toBe(0);
    expect(existsSync(yes.stdout.trim())).toBe(true);
    const again = await cli(["promote", "codex:abc123", "--topic", "fresh", "--create-topic", "--force"]);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain("created topic");
  });
});
