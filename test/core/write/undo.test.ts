// Undo appends the inverse of the file's last entry: a label goes back to the
// target's previous label state, a move goes back to the previous leaf.
import { describe, expect, it } from "vitest";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { activePath } from "../../../src/core/session/tree/path.js";
import { applyWrite } from "../../../src/core/session/write/index.js";
import { copyFixture, fixtureNames, tempDir } from "./helpers.js";

const files = [fixtureNames("pi-2026")[0], fixtureNames("omp-")[0]];

/** Consecutive writes make the file look live: these tests are the only writer. */
const F = { force: true };

const noLeaf = <T extends { leafId: unknown }>(c: T) => ({ ...c, leafId: undefined });

describe.each(files)("undo on %s", (name) => {
  it("undoing a relabel restores the previous label; undoing a new label clears it", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copyFixture(name, dir);
      let s = await loadSession(file);
      const [labelled, old] = [...s.labels][0];
      s = (await applyWrite(s, { op: "label", targetId: labelled, label: "renamed" }, F)).session;
      expect(s.labels.get(labelled)).toBe("renamed");
      s = (await applyWrite(s, { op: "undo" }, F)).session;
      expect(s.labels.get(labelled)).toBe(old);
      const fresh = activePath(s).find((id) => !s.labels.has(id))!;
      s = (await applyWrite(s, { op: "label", targetId: fresh, label: "new" }, F)).session;
      const r = await applyWrite(s, { op: "undo" }, F);
      expect(r.appended[0]).not.toHaveProperty("label");
      expect(r.session.labels.has(fresh)).toBe(false);
      expect([...(await loadSession(file)).labels]).toEqual([...(await loadSession(copyFixture(name, dir, "orig.jsonl"))).labels]);
    } finally {
      done();
    }
  });

  it("undoing a move returns the position (and the context) to where it was", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copyFixture(name, dir);
      const s0 = await loadSession(file);
      const x = activePath(s0)[1];
      const s1 = (await applyWrite(s0, { op: "continue", targetId: x, summary: { kind: "text", text: "left" } })).session;
      const r = await applyWrite(s1, { op: "undo" }, F);
      expect(r.appended[0]).toMatchObject({ type: "branch_summary", parentId: s0.leafId, fromId: s0.leafId, summary: "" });
      expect(noLeaf(await buildContext(r.session))).toEqual(noLeaf(await buildContext(s0)));
    } finally {
      done();
    }
  });

  it("refuses when the last entry is neither a label nor a move", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copyFixture(name, dir);
      const s = await loadSession(file);
      const last = s.entries[s.entries.length - 1];
      if (last.type === "label" || last.type === "branch_summary") return;
      await expect(applyWrite(s, { op: "undo" }, F)).rejects.toThrow(/nothing to undo/);
    } finally {
      done();
    }
  });
});
