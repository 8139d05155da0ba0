// Text prompts are line editors (the one shared editor), and a key typed
// right after the key that opened a prompt is that prompt's — however fast
// it comes, even in the same chunk.
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { KEYS, mount, type Mounted } from "./harness.js";
import { mountOn, reviewHub, userPrompt } from "./review-helpers.js";
import { copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";

let m: Mounted | null = null;
let cleanup: (() => void) | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
  cleanup?.();
  cleanup = null;
});

/** A tree on a temp copy of a pi fixture, the cursor on an entry without a label. */
async function treeOnCopy(): Promise<string> {
  const t = tempDir();
  cleanup = t.done;
  const file = copyFixture(fixtureNames("pi-2026")[0], t.dir);
  m = await mount({ file, width: 140, height: 40 });
  const st = m.store.getState();
  for (let i = 0; i < st.rows!.count && st.session!.labels.has(m.store.getState().rows!.row(m.store.getState().cursor).id); i++) await m.press("k");
  return file;
}

const promptLine = () => {
  const step = m!.stores.write.getState().step;
  if (step?.kind !== "text") throw new Error(`no text prompt open (${step?.kind ?? "none"})`);
  return { value: step.value, cursor: step.cursor ?? step.value.length };
};

describe("text prompts are line editors", () => {
  it("the label prompt takes ^w ^a ^e ^k ^u, Home/End, ←/→, alt+b/f and ctrl+←/→ word moves, and a paste", async () => {
    await treeOnCopy();
    await m!.press("L");
    await m!.type("alpha beta gamma");
    expect(promptLine()).toEqual({ value: "alpha beta gamma", cursor: 16 });
    await m!.press(KEYS.ctrl("w"));
    expect(promptLine()).toEqual({ value: "alpha beta ", cursor: 11 });
    await m!.type("delta");
    await m!.press(KEYS.alt("b"));
    expect(promptLine().cursor).toBe(11);
    await m!.press(KEYS.ctrl("k"));
    expect(promptLine()).toEqual({ value: "alpha beta ", cursor: 11 });
    await m!.press(KEYS.ctrl("a"));
    await m!.type("X");
    expect(promptLine()).toEqual({ value: "Xalpha beta ", cursor: 1 });
    await m!.press(KEYS.end);
    await m!.type("!");
    await m!.press(KEYS.ctrlLeft);
    expect(promptLine().cursor).toBe(12);
    await m!.press(KEYS.ctrl("u"));
    expect(promptLine()).toEqual({ value: "!", cursor: 0 });
    // A paste arrives as one chunk and goes in at the caret.
    await m!.press("one two ");
    expect(promptLine()).toEqual({ value: "one two !", cursor: 8 });
    await m!.press(KEYS.home, KEYS.alt("f"));
    expect(promptLine().cursor).toBe(3);
    await m!.press(KEYS.ctrlRight, KEYS.left, KEYS.left, KEYS.right);
    expect(promptLine().cursor).toBe(6);
    await m!.press(KEYS.ctrl("e"), KEYS.backspace, KEYS.alt(KEYS.backspace));
    expect(promptLine()).toEqual({ value: "one ", cursor: 4 });
    // The caret is drawn where it is; the footer names the editing keys.
    expect(m!.frame()).toMatch(/^› one$/m);
    expect(m!.frame()).toMatch(/\^w.*edit/);
    await m!.press(KEYS.enter);
    const preview = await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    expect(preview).toContain('"one"');
  });

  it("the rename prompt is the same editor (prefilled, caret at the end)", async () => {
    await treeOnCopy();
    await m!.press("R");
    const before = promptLine();
    expect(before.cursor).toBe(before.value.length);
    await m!.press(KEYS.ctrl("u"));
    await m!.type("new name");
    await m!.press(KEYS.alt("b"), KEYS.ctrl("w"));
    expect(promptLine()).toEqual({ value: "name", cursor: 0 });
  });
});

describe("the first key typed into a prompt is never lost", () => {
  it("L and the label typed faster than a frame: every letter lands", async () => {
    await treeOnCopy();
    await m!.burst("L", "f", "ast");
    expect(promptLine().value).toBe("fast");
    // In one chunk, too (typed ahead while the browser was busy).
    await m!.press(KEYS.escape);
    await m!.burst("Lquick\r");
    await m!.waitFor((f) => f.includes("Write this?"), "the preview");
    expect(m!.frame()).toContain('"quick"');
  });

  it("x then the reason at once: the dismissal keeps 'too vague' whole", async () => {
    const hub = reviewHub();
    process.env.OMP_SESSIONS_NOW = "2026-06-13T18:10:00Z";
    const a = userPrompt(hub.root, "s1", "No, that is the wrong file; use config.json instead.", "t1", "2026-06-13T18:01:00Z");
    const b = userPrompt(hub.root, "s1", "Always run the tests before committing.", "t2", "2026-06-13T18:02:00Z");
    m = await mountOn(hub, "3");
    const status = () => JSON.parse(readFileSync(join(hub.root, "feedback", "status.json"), "utf8"));
    // Separate chunks with no frame in between: the key after x is the prompt's.
    await m.burst("x", "t", "oo vague", "\r");
    await m.waitFor((f) => f.includes("(u undoes)"), "the dismissal");
    expect(status().dismissed[b]).toMatchObject({ reason: "too vague" });
    // One chunk holding the key, the reason and Enter.
    await m.burst("xnot a lesson\r");
    await m.waitFor(() => a in (status().dismissed ?? {}), "the second dismissal");
    expect(status().dismissed[a]).toMatchObject({ reason: "not a lesson" });
    expect(m.stores.review.getState().prompt).toBeNull();
  });

  it("the topic picker's Enter opens the new-topic prompt, and the next key is typed into it", async () => {
    const hub = reviewHub();
    userPrompt(hub.root, "s1", "No, that is the wrong file; use config.json instead.", "t1", "2026-06-13T18:01:00Z");
    m = await mountOn(hub, "3");
    await m.press("p");
    await m.waitFor((f) => f.includes("to which topic?"), "the picker");
    // demo, then "+ new topic…": down, Enter, and the name at once.
    await m.burst(KEYS.down, "\r", "n", "ew-topic");
    expect(m.stores.review.getState().prompt?.kind).toBe("new-topic");
    expect(m.stores.review.getState().line.value).toBe("new-topic");
  });
});
