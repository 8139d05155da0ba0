// keybindings.json: the user's keys replace a binding's defaults (pi's file
// shape); a bad file changes nothing and says why.
import { afterEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { configDir, loadKeyConfig, readKeyOverrides } from "../../src/ui/key-config.js";
import { BINDINGS, normalizeKeyName, resetKeyOverrides } from "../../src/ui/keymap.js";
import { keysMarkdown } from "../../src/ui/keys-markdown.js";

let m: Mounted | null = null;
let dir = "";
afterEach(() => {
  m?.unmount();
  m = null;
  resetKeyOverrides();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

function file(text: string): string {
  dir = mkdtempSync(join(tmpdir(), "omp-keys-"));
  const f = join(dir, "keybindings.json");
  writeFileSync(f, text);
  return f;
}

const keysOf = (id: string) => BINDINGS.find((b) => `${b.scope}.${b.action}` === id)!.keys;

describe("keybindings.json", () => {
  it("lives in $OMP_SESSIONS_CONFIG_DIR, else $XDG_CONFIG_HOME/omp-sessions, else ~/.config/omp-sessions", () => {
    expect(configDir({ OMP_SESSIONS_CONFIG_DIR: "/c" })).toBe("/c");
    expect(configDir({ XDG_CONFIG_HOME: "/x" })).toBe("/x/omp-sessions");
    expect(configDir({ HOME: "/h" })).toMatch(/\.config\/omp-sessions$/);
  });

  it("reads pi-style key names", () => {
    expect(normalizeKeyName("shift+t")).toBe("T");
    expect(normalizeKeyName("Ctrl+N")).toBe("ctrl+n");
    expect(normalizeKeyName("esc")).toBe("escape");
    expect(normalizeKeyName("alt+left")).toBe("alt+left");
    expect(normalizeKeyName("ctrl+left")).toBe("ctrl+left");
    expect(normalizeKeyName("hyper+x")).toBeNull();
    expect(normalizeKeyName("f13")).toBeNull();
  });

  it("rebinds keys in the running browser: the new key works, the old one no longer, help and docs follow", async () => {
    expect(loadKeyConfig(file(JSON.stringify({ "tree.fold": ["v"], "list.cursor.down": ["n", "down"] })))).toBeNull();
    expect(keysOf("tree.fold")).toEqual(["v"]);
    expect(keysMarkdown()).toContain("| `v` | fold / unfold the branch under the cursor | `tree.fold` |");
    m = await mount({ file: "test/fixtures/sessions-edge/edge-labels.jsonl" });
    await m.press("g", "n");
    expect(m.store.getState().cursor).toBe(1);
    await m.press("j");
    expect(m.store.getState().cursor).toBe(1);
    await m.press("g");
    const folded = () => m!.store.getState().folded.size;
    const withKids = m.store.getState().rows!.row(0).childCount;
    expect(withKids).toBeGreaterThan(0);
    await m.press(" ");
    expect(folded()).toBe(0);
    await m.press("v");
    expect(folded()).toBe(1);
    await m.press("?");
    expect(m.frame()).toMatch(/ v {10,}fold \/ unfold/);
    await m.press(KEYS.escape);
  });

  it("a key taken from another binding of the same scope leaves it", () => {
    expect(loadKeyConfig(file(JSON.stringify({ "tree.leaf": "L" })))).toBeNull();
    expect(keysOf("tree.leaf")).toEqual(["L"]);
    expect(keysOf("tree.label.set")).toEqual([]);
  });

  it("a bad file keeps every default and says why", () => {
    for (const [text, why] of [
      ["{ not json", "not valid JSON"],
      ["[1]", "not a JSON object"],
      [JSON.stringify({ "tree.nope": "x" }), 'unknown binding "tree.nope"'],
      [JSON.stringify({ "tree.fold": 3 }), '"tree.fold" needs a key'],
      [JSON.stringify({ "tree.fold": "v", "tree.leaf": "hyper+q" }), '"hyper+q" is not a key'],
    ]) {
      const f = file(text);
      const warning = loadKeyConfig(f);
      expect(warning).toContain(f);
      expect(warning).toContain(why);
      expect(warning).toContain("default keys kept");
      expect(keysOf("tree.fold")).toEqual(["space", "z"]);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(readKeyOverrides(join(tmpdir(), "no-such-dir-omp", "keybindings.json"))).toEqual({ overrides: new Map() });
  });
});
