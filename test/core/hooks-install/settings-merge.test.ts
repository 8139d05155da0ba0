// Merging our tagged hook groups into a harness's settings text and taking them out again.
import { describe, expect, it } from "vitest";
import { addHooks, captureHooks, isCaptureHook, parseSettings, printSettings, removeHooks, SettingsShapeError, TAG } from "../../../src/core/hooks-install/settings-merge.js";

const CMD = `omp-sessions hook --harness claude --if-enabled ${TAG}`;
const EVENTS = [{ event: "Stop" }, { event: "PostToolUse", matcher: "*" }];

const roundTrip = (text: string): string => {
  const p = parseSettings(text);
  addHooks(p, EVENTS, CMD);
  const installed = printSettings(p);
  const q = parseSettings(installed);
  removeHooks(q);
  return printSettings(q);
};

describe("settings merge", () => {
  it("appends a group of its own per event, after the user's, keeping every other key", () => {
    const p = parseSettings(JSON.stringify({ model: "x", hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] } }, null, 2) + "\n");
    expect(addHooks(p, EVENTS, CMD)).toEqual({ added: ["Stop", "PostToolUse"], byHand: [] });
    expect(p.doc).toEqual({
      model: "x",
      hooks: {
        Stop: [{ hooks: [{ type: "command", command: "say done" }] }, { hooks: [{ type: "command", command: CMD }] }],
        PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: CMD }] }],
      },
    });
    // Again: nothing to add.
    expect(addHooks(p, EVENTS, CMD)).toEqual({ added: [], byHand: [] });
  });

  it("an event already wired by hand (no tag) is left alone and reported", () => {
    const p = parseSettings(JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command: "/usr/local/bin/omp-sessions hook --harness claude --if-enabled" }] }] } }));
    expect(addHooks(p, EVENTS, CMD)).toEqual({ added: ["PostToolUse"], byHand: ["Stop"] });
    removeHooks(p);
    expect(captureHooks(p)).toEqual([{ event: "Stop", command: "/usr/local/bin/omp-sessions hook --harness claude --if-enabled" }]);
  });

  it("removing takes out only tagged hooks, and the groups, lists and hooks object they leave empty", () => {
    const mixed = {
      hooks: {
        Stop: [
          {
            hooks: [
              { type: "command", command: "say done" },
              { type: "command", command: CMD },
            ],
          },
        ],
      },
    };
    const p = parseSettings(JSON.stringify(mixed));
    expect(removeHooks(p)).toEqual(["Stop"]);
    expect(p.doc).toEqual({ hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] } });
    const q = parseSettings(JSON.stringify({ theme: "dark", hooks: { Stop: [{ hooks: [{ type: "command", command: CMD }] }] } }));
    removeHooks(q);
    expect(q.doc).toEqual({ theme: "dark" });
    // A file with nothing of ours is untouched, even an empty hooks object.
    const r = parseSettings('{"hooks": {}}');
    expect(removeHooks(r)).toEqual([]);
    expect(r.doc).toEqual({ hooks: {} });
  });

  it("install then uninstall gives the same bytes for the usual layouts (2 or 4 spaces, tabs, with or without a final newline)", () => {
    const doc = { model: "opus", hooks: { Stop: [{ hooks: [{ type: "command", command: "say done" }] }] }, env: { A: "1" } };
    for (const text of [JSON.stringify(doc, null, 2) + "\n", JSON.stringify(doc, null, 4), JSON.stringify(doc, null, "\t") + "\n", JSON.stringify(doc), ""]) {
      expect(roundTrip(text)).toBe(text === "" ? "{}\n" : text);
    }
  });

  it("refuses what is not JSON or not shaped like hooks settings", () => {
    expect(() => parseSettings('{ "a": 1, // note\n}')).toThrow(SyntaxError);
    expect(() => parseSettings("[1]")).toThrow(SettingsShapeError);
    expect(() => parseSettings('{"hooks": []}')).toThrow(/"hooks" is not an object/);
    expect(() => parseSettings('{"hooks": {"Stop": {}}}')).toThrow(/"hooks.Stop" is not a list/);
  });

  it("knows an omp-sessions hook line, however it is started", () => {
    for (const c of ["omp-sessions hook", "/opt/x/bin/omp-sessions hook --harness codex", "'/a b/omp-sessions' hook", "npx omp-sessions hook --if-enabled", "omp-sessions --hub ~/w hook"]) expect(isCaptureHook(c), c).toBe(true);
    for (const c of ["omp-sessions status", "my-omp-sessions-hook", "echo hook"]) expect(isCaptureHook(c), c).toBe(false);
  });
});
