// The same lesson typed in several sessions is one review row with a count;
// the store keeps every candidate line (the reference reads them all).
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { cli, readLines, sandbox } from "./helpers.js";
import { send } from "./ingest-helper.js";
import { foldCandidates } from "../../src/core/capture/feedback-list.js";

describe("duplicate lessons fold into one candidate with a count", () => {
  it("a correction typed in three sessions is listed once, seen 3 times in 3 sessions; --all lists each", async () => {
    const sb = sandbox();
    for (const sid of ["a", "b", "c"]) send(sb.root, { session_id: sid, hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t1", prompt: "No, stop mocking the database in tests." }, "codex");
    send(sb.root, { session_id: "a", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t2", prompt: "no" }, "codex");
    send(sb.root, { session_id: "b", hook_event_name: "UserPromptSubmit", cwd: "/w", turn_id: "t2", prompt: "no" }, "codex");
    expect(readLines(join(sb.root, "feedback", "candidates.jsonl"))).toHaveLength(5);
    const folded = JSON.parse((await cli(["feedback", "list", "--json"])).stdout).feedback_candidates;
    const mock = folded.filter((c: Record<string, unknown>) => String(c.text_preview).includes("mocking"));
    expect(mock).toHaveLength(1);
    expect(mock[0]).toMatchObject({ count: 3, sessions: 3 });
    expect(mock[0].folded_ids).toHaveLength(2);
    // a bare "no" means whatever the agent had said: never folded
    expect(folded.filter((c: Record<string, unknown>) => c.text_preview === "no")).toHaveLength(2);
    const all = JSON.parse((await cli(["feedback", "list", "--json", "--all"])).stdout).feedback_candidates;
    expect(all).toHaveLength(5);
    const table = (await cli(["feedback", "list"])).stdout;
    expect(table).toMatch(/Seen/);
  });

  it("candidates written before lessons existed fold by their preview", () => {
    const old = (id: string, sid: string) => ({ id, feedback_type: "preference", text_preview: "Always run the tests first!", llm_wiki_session_id: sid });
    expect(foldCandidates([old("1", "x"), old("2", "y"), { ...old("3", "x"), feedback_type: "correction" }]).map((c) => [c.id, c.count])).toEqual([
      ["1", 2],
      ["3", 1],
    ]);
  });
});
