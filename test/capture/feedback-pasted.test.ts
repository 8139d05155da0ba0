// Feedback read from what the user typed, not from what they pasted (issue 26,
// sweep 6 F5): test-runner, build and terminal output pasted into a turn is no
// correction by itself; a lesson keeps whole quoted strings, no paste
// placeholders and no control characters; Claude Code's API error notices are
// not the agent message a turn answers. Every turn here is made up, in the
// shape of the real ones.
import { describe, expect, it } from "vitest";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildCandidate, classify } from "../../src/core/capture/feedback.js";
import { lastAgentText } from "../../src/core/capture/feedback-transcript.js";
import { normalizeText } from "../../src/core/capture/harness.js";
import { cli, readLines, sandbox } from "./helpers.js";

const CLAIM = "I fixed the sync test: it now waits for the backfill response. The tests should pass now.";
const read = (text: string, before: string | null = CLAIM) => classify(normalizeText(text), false, before);

describe("pasted runner and build output", () => {
  const pasted: [string, string][] = [
    [
      "Karma's failed tests",
      "FAILED TESTS:\n  Widget store\n    ✖ loads the first page\n      Chrome 140.0.0.0 (Linux x86_64)\n    AssertionError: expected null not to be null\n        at Assertion.<anonymous> (node_modules/chai/lib/chai/core/assertions.js:733:1)",
    ],
    ["Karma's suite line after two words", "Got this: widget store Widget Tests FAILED: loads the first page Chrome 140.0.0.0 (Linux x86_64) AssertionError: expected undefined to equal 'first'"],
    [
      "RSpec's failures",
      "Failures:\n\n  1) Sign up flow creates an account\n     Failure/Error: visit root_path\n     NoMethodError:\n       undefined method 'host' for nil\n     # ./spec/support/browser.rb:12:in 'block (2 levels) in <main>'",
    ],
    ["RSpec's seed line", "Randomized with seed 31337\nF\n\nFailures:\n\n  1) Sign up flow creates an account\n     Failure/Error: visit root_path"],
    ["a shell prompt and a run", '❯ bundle exec rspec ./spec/system/sign_up_spec.rb:4\nRun options: include {locations: {"./spec/system/sign_up_spec.rb" => [4]}}\n\nRandomized with seed 4242'],
    ["a docker build", "#8 1.500 fatal: could not read Username for 'https://example.com': terminal prompts disabled\n#8 ERROR: process \"/bin/sh -c go install example.com/tool@v1.2.3\" did not complete successfully: exit code: 1"],
    ["Claude Code's own terminal output", "Ran 1 stop hook\n  ⎿  Stop hook error: Failed with non-blocking status code: 12:3: syntax error: Expected end of line but found identifier. (-2741)"],
    ["a Python traceback", "Traceback (most recent call last):\n  File \"app/main.py\", line 3, in <module>\n    import widgets\nModuleNotFoundError: No module named 'widgets'"],
  ];
  for (const [what, text] of pasted) {
    it(`${what}, pasted after a claim of success, is no correction`, () => {
      expect(read(text)).toBeNull();
    });
  }

  it("the user's own words before the paste are still read, and the lesson quotes them alone", () => {
    const c = read("still failing:\n\nFAILED TESTS:\n  Widget store\n    ✖ loads the first page\n    AssertionError: expected null not to be null");
    expect(c?.type).toBe("correction");
    expect(c?.lesson).toMatch(/^Next time, do it as the user said: still failing: \(after the agent's /);
    expect(c?.lesson).not.toMatch(/FAILED|AssertionError/);
  });

  it("a question typed before a docker build log is the key sentence, not the log", () => {
    const c = read("i should be able to build both images at once but for some reason i cant? #8 1.500 fatal: could not read Username for 'https://example.com': terminal prompts disabled #8 ERROR: process did not complete successfully");
    expect(c?.lesson).toMatch(/^Next time, do it as the user said: i should be able to build both images at once but for some reason i cant\? \(after/);
    expect(c?.lesson).not.toMatch(/#8|fatal/);
  });

  it("a failure typed in words, with no runner output, is still a correction", () => {
    expect(read("the sync test still fails with the same assertion")?.type).toBe("correction");
  });
});

describe("lessons keep quoted strings whole", () => {
  it("a sentence does not end inside the error message the user quotes", () => {
    const c = read('When I click "Sync now" I get "Could not load budgets. Please sign in again." error. The console shows nothing else.');
    expect(c?.type).toBe("correction");
    expect(c?.lesson).toMatch(/^Next time, do it as the user said: When I click "Sync now" I get "Could not load budgets\. Please sign in again\." error\. \(after/);
  });

  it("a quote left open does not swallow the sentence breaks after it", () => {
    const c = read('The 5" layout is broken again. Everything else is fine.');
    expect(c?.lesson).toMatch(/: The 5" layout is broken again\. \(after/);
  });
});

describe("placeholders and control characters", () => {
  it("a paste placeholder is not part of the lesson", () => {
    const c = read("[Image #8] still does not work?");
    expect(c?.type).toBe("correction");
    expect(c?.lesson).toMatch(/^Next time, do it as the user said: still does not work\? \(after/);
    const d = read("nope - [Image #2]");
    expect(d?.lesson).toMatch(/^Next time, do it as the user said: nope \(after/);
  });

  it("a stray control character is dropped from the lesson, the quote and the distilled lesson", () => {
    const before = "Now let me check the ignore file:\u001a [Image #3]";
    const text = "I didn't mean to interrupt you, continue\u001a";
    const c = classify(normalizeText(text), false, before);
    expect(c?.type).toBe("decision");
    expect(c?.lesson).toBe('The user took up: "Now let me check the ignore file:" (I didn\'t mean to interrupt you, continue)');
    expect(c?.answered).toBe("Now let me check the ignore file:");
    const cand = buildCandidate(text, c!, { sid: "claude:s1", harness: "claude", nativeId: "s1", cwd: null, hookEventName: "UserPromptSubmit", turnId: "t1", ts: "2026-12-01T00:00:00Z", gitRemote: null, gitBranch: null });
    for (const k of ["lesson", "answered", "distilled_lesson"]) expect(String(cand[k]), k).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe("Claude Code's API error notices are not the agent's answer", () => {
  const SID = "6b6b6b6b-1111-4222-8333-444444444444";
  const lines = (): Record<string, unknown>[] => {
    const out: Record<string, unknown>[] = [];
    let parent: string | null = null;
    let n = 0;
    let t = Date.parse("2026-12-01T09:00:00.000Z");
    const base = (): Record<string, unknown> => {
      const uuid = `6b6b6b6b-0000-4000-8000-${String(++n).padStart(12, "0")}`;
      const o: Record<string, unknown> = { parentUuid: parent, isSidechain: false, userType: "external", cwd: "/home/dev/app", sessionId: SID, version: "2.0.2", uuid, timestamp: new Date((t += 1000)).toISOString() };
      parent = uuid;
      return o;
    };
    const user = (text: string): void => void out.push({ ...base(), type: "user", message: { role: "user", content: text } });
    const assistant = (text: string, model = "claude-sonnet-4-5-20250929", extra: Record<string, unknown> = {}): void =>
      void out.push({
        ...base(),
        type: "assistant",
        message: { model, id: `msg_${n}`, type: "message", role: "assistant", content: [{ type: "text", text }], stop_reason: "end_turn", usage: { input_tokens: 3, output_tokens: 9 } },
        ...extra,
      });
    user("Split the sync into two functions.");
    assistant("Split it into syncFirst and syncNext. Want me to update the task list for this two-function approach?");
    user("How does the app tell the server which sync it is?");
    assistant("API Error: Connection error.", "<synthetic>", { isApiErrorMessage: true });
    user("But how does the app tell the server which sync it is? I need names for the two.");
    return out;
  };

  it("the hook's transcript tail skips them", () => {
    const sb = sandbox();
    mkdirSync(sb.home, { recursive: true });
    const file = join(sb.home, "t.jsonl");
    writeFileSync(
      file,
      lines()
        .map((l) => JSON.stringify(l))
        .join("\n") + "\n",
    );
    expect(lastAgentText(file)).toBe("Split it into syncFirst and syncNext. Want me to update the task list for this two-function approach?");
    const notice = { type: "assistant", message: { model: "<synthetic>", role: "assistant", content: [{ type: "text", text: "No response requested." }] } };
    writeFileSync(file, [...lines(), notice].map((l) => JSON.stringify(l)).join("\n") + "\n");
    expect(lastAgentText(file)).toMatch(/^Split it into syncFirst/);
  });

  it("import-session quotes the last real assistant message", async () => {
    const sb = sandbox();
    const dir = join(sb.home, ".claude", "projects", "-home-dev-app");
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${SID}.jsonl`);
    writeFileSync(
      file,
      lines()
        .map((l) => JSON.stringify(l))
        .join("\n") + "\n",
    );
    mkdirSync(sb.root, { recursive: true });
    writeFileSync(join(sb.root, "config.json"), JSON.stringify({ feedback: { min_confidence: "low" } }));
    const r = await cli(["import-session", file, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const cands = readLines(join(sb.root, "feedback", "candidates.jsonl"));
    expect(cands.length).toBeGreaterThan(0);
    for (const c of cands) {
      expect(String(c.answered)).not.toContain("API Error");
      expect(String(c.lesson)).not.toContain("API Error");
    }
    expect(cands.at(-1)?.answered).toBe("Want me to update the task list for this two-function approach?");
  });
});
