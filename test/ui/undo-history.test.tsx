// u walks back through every write the browser made in this run, newest
// first: L (label), b with a summary (a move), R (rename), then u, u, u undo
// the rename, the move and the label in turn, each after its own preview.
import { afterEach, describe, expect, it } from "vitest";
import { KEYS, mount, type Mounted } from "./harness.js";
import { age, copyFixture, fixtureNames, tempDir } from "../core/write/helpers.js";
import { loadSession } from "../../src/core/session/tree/load.js";

let m: Mounted | null = null;
let cleanup: (() => void) | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
  cleanup?.();
});

/** A temp copy of a pi fixture (a rename appends session_info there). */
async function open(): Promise<string> {
  const t = tempDir();
  cleanup = t.done;
  const file = copyFixture(fixtureNames("pi-2026")[0], t.dir);
  age(file);
  m = await mount({ file, paths: [t.dir], height: 40, width: 160 });
  return file;
}

const session = () => m!.store.getState().session!;

async function yes(what: string): Promise<void> {
  await m!.waitFor((f) => f.includes("Enter/y yes"), `the preview of ${what}`);
  await m!.press("y");
  await m!.waitFor((f) => f.includes("✓ "), `${what} written`);
}

describe("u after L, b and R", () => {
  it("undoes each write of this run, newest first", async () => {
    const file = await open();
    const s0 = await loadSession(file);
    const name0 = s0.name;
    // L on the leaf's parent entry.
    await m!.press(KEYS.up, "L", KEYS.ctrl("u"));
    const target = m!.store.getState().rows!.row(m!.store.getState().cursor).id;
    const label0 = s0.labels.get(target);
    await m!.type("checkpoint");
    await m!.press(KEYS.enter);
    await yes("the label");
    expect(session().labels.get(target)).toBe("checkpoint");
    const leafBeforeMove = session().leafId;
    // b with a typed summary, from two rows up.
    await m!.press(KEYS.up, KEYS.up);
    const from = m!.store.getState().rows!.row(m!.store.getState().cursor).id;
    await m!.press("b", "t");
    await m!.type("left this branch");
    await m!.press(KEYS.enter);
    await yes("the move");
    expect(session().byId.get(session().leafId!)!.parentId).toBe(from);
    // R
    await m!.press("R", KEYS.ctrl("u"));
    await m!.type("renamed here");
    await m!.press(KEYS.enter);
    await yes("the rename");
    expect(session().name).toBe("renamed here");

    await m!.press("u");
    await m!.waitFor((f) => f.includes('Undo "rename'), "the undo of the rename");
    await yes("undo 1");
    expect(session().name ?? null).toBe(name0 ?? null);

    await m!.press("u");
    await m!.waitFor((f) => f.includes('Undo "continue'), "the undo of the move");
    await yes("undo 2");
    // Back at the position before the move (a move there, as undo appends).
    expect(session().byId.get(session().leafId!)!.parentId).toBe(leafBeforeMove);
    expect(session().labels.get(target)).toBe("checkpoint");

    await m!.press("u");
    await m!.waitFor((f) => f.includes('Undo "label'), "the undo of the label");
    await yes("undo 3");
    expect(session().labels.get(target)).toBe(label0);
    expect(m!.stores.write.getState().done).toEqual([]);
  });
});
