// Our hook groups go into the settings text in place and come out again: every
// other byte stays (issue 27: numbers that do not round-trip, duplicate keys,
// the user's layout).
import { describe, expect, it } from "vitest";
import { addHooks, insertHooksText, parseSettings, removeHooksText, TAG } from "../../../src/core/hooks-install/settings-merge.js";

const CMD = `omp-sessions hook --harness claude --if-enabled ${TAG}`;
const EVENTS = [{ event: "Stop" }, { event: "PostToolUse", matcher: "*" }];

const TEXTS = [
  "{}\n",
  "{}",
  '{"a": 1e400, "b": 12345678901234567890123}',
  '{\n\t"a": [1,2,3],\n\t"a": "dup"\n}\n',
  '{\n    "hooks": {\n        "Stop": [\n            {"hooks": [{"type": "command", "command": "say done"}]}\n        ]\n    }\n}\n',
  '{"hooks":{"Start":[]},"x":-0.0}',
  '{ "z": "\\u00e9\\"" }\r\n',
  '{\n  "model": "opus",\n  "hooks": {\n    "SessionStart": []\n  }\n}',
];

describe("settings text edited in place", () => {
  it.each(TEXTS)("%j: the inserted text holds exactly the merged value, and removing gives the bytes back", (text) => {
    const p = parseSettings(text);
    const r = addHooks(p, EVENTS, CMD);
    const installed = insertHooksText(text, p, r.added);
    // the same value addHooks made (JSON.parse reads 1e400, -0.0 and duplicates the same way on both sides)
    expect(JSON.parse(installed)).toEqual(p.doc);
    expect(removeHooksText(installed)).toBe(text);
  });

  it("a list or hooks object our removal leaves empty goes, as removeHooks does (install-hooks restores such a file from its .orig)", () => {
    const text = '{"hooks": {"Stop": []}}';
    const p = parseSettings(text);
    const installed = insertHooksText(text, p, addHooks(p, [{ event: "Stop" }], CMD).added);
    expect(removeHooksText(installed)).toBe("{}");
  });

  it("a group holding our hook beside the user's loses only ours", () => {
    const text = `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say"}, {"type": "command", "command": "${CMD}"}]}]}}`;
    expect(removeHooksText(text)).toBe('{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say"}]}]}}');
  });

  it("a compact file gets compact groups, an indented one groups indented like their siblings", () => {
    const compact = '{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"say"}]}]}}';
    const p = parseSettings(compact);
    const out = insertHooksText(compact, p, addHooks(p, [{ event: "Stop" }], CMD).added);
    expect(out).toBe(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"say"}]},{"hooks":[{"type":"command","command":"${CMD}"}]}]}}`);
    const indented = '{\n  "hooks": {\n    "Stop": [\n      {"hooks": []}\n    ]\n  }\n}\n';
    const q = parseSettings(indented);
    const out2 = insertHooksText(indented, q, addHooks(q, [{ event: "Stop" }], CMD).added);
    expect(out2.split("\n").slice(0, 5)).toEqual(["{", '  "hooks": {', '    "Stop": [', '      {"hooks": []},', "      {"]);
  });
});
