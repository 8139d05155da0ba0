// Fork writes a new session holding the path root→X: the fork's context at its
// leaf equals the source's context at X, its labels are the ones in force on
// that path, its header is fresh, and the source file is not touched.
import { describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { pathTo } from "../../../src/core/session/tree/path.js";
import { forkSession, planFork } from "../../../src/core/session/write/index.js";
import type { Session } from "../../../src/core/session/model.js";
import { copyFixture, fixtureNames, tempDir } from "./helpers.js";

const files = [...fixtureNames("pi-"), ...fixtureNames("v2-"), ...fixtureNames("omp-")];

/** Fork points: a labelled entry's descendant on a side branch, the leaf, and a middle entry. */
function forkPoints(s: Session): string[] {
  const pts = new Set<string>();
  if (s.leafId) pts.add(s.leafId);
  const mid = s.entries[Math.floor(s.entries.length / 2)];
  if (mid) pts.add(mid.id);
  const labelled = [...s.labels.keys()][0];
  if (labelled) {
    let cur = labelled;
    for (let kids = s.children.get(cur); kids && kids.length; kids = s.children.get(cur)) cur = kids[kids.length - 1];
    pts.add(cur);
  }
  return [...pts];
}

describe.each(files)("fork of %s", (name) => {
  it("writes a new file whose context at its leaf equals the source's at X; the source is untouched", async () => {
    const { dir, done } = tempDir();
    try {
      const src = copyFixture(name, dir);
      const srcBytes = readFileSync(src);
      const s = await loadSession(src);
      for (const x of forkPoints(s)) {
        const plan = await forkSession(s, x);
        expect(dirname(plan.file)).toBe(dirname(src));
        expect(basename(plan.file)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z_.+\.jsonl$/);
        expect(basename(plan.file)).toContain(String(plan.header.id));
        const f = await loadSession(plan.file);
        expect(f.warnings).toEqual([]);
        expect(f.version).toBe(3);
        expect(f.header).toMatchObject({ type: "session", version: 3, cwd: s.header.cwd, parentSession: s.file });
        expect(f.header.id).not.toBe(s.header.id);
        expect(String(f.header.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        // Same dialect: omp sources get a 256-byte title slot, pi ones none.
        if (s.agent === "omp") {
          expect(f.titleSlot?.size).toBe(256);
          expect(readFileSync(plan.file).indexOf(0x0a)).toBe(255);
        } else expect(f.titleSlot).toBeNull();
        const srcCtx = await buildContext(s, x);
        const forkCtx = await buildContext(f);
        expect(forkCtx.messages).toEqual(srcCtx.messages);
        expect(forkCtx.model).toEqual(srcCtx.model);
        expect(forkCtx.thinkingLevel).toBe(srcCtx.thinkingLevel);
        // The path's non-label entries, in order, then one label entry per label in force on it.
        const path = pathTo(s, x).filter((id) => s.byId.get(id)!.type !== "label");
        const copied = f.entries
          .filter((e) => e.type !== "label" || !path.includes(e.id))
          .slice(0, path.length)
          .map((e) => e.id);
        expect(copied).toEqual(path);
        const expectLabels = [...s.labels].filter(([id]) => path.includes(id));
        expect([...f.labels]).toEqual(expectLabels);
        const labelEntries = f.entries.slice(path.length);
        expect(labelEntries.every((e) => e.type === "label")).toBe(true);
        expect(labelEntries).toHaveLength(expectLabels.length);
        labelEntries.forEach((e, i) => expect(e.parentId).toBe(i === 0 ? path[path.length - 1] : labelEntries[i - 1].id));
        expect(f.leafId).toBe(plan.leafId);
      }
      expect(readFileSync(src).equals(srcBytes)).toBe(true);
    } finally {
      done();
    }
  });
});

describe("fork of a version 1 session", () => {
  it("writes a version 3 file with the ids the in-memory migration gave", async () => {
    const { dir, done } = tempDir();
    try {
      const src = copyFixture(fixtureNames("pi-v1-")[0], dir);
      const s = await loadSession(src);
      const x = s.entries[Math.floor(s.entries.length * 0.7)].id;
      const plan = await forkSession(s, x);
      const f = await loadSession(plan.file);
      expect(f.version).toBe(3);
      expect(f.warnings).toEqual([]);
      expect((await buildContext(f)).messages).toEqual((await buildContext(s, x)).messages);
    } finally {
      done();
    }
  });
});

describe("fork plan", () => {
  it("is a preview: planning writes nothing", async () => {
    const { dir, done } = tempDir();
    try {
      const src = copyFixture(fixtureNames("pi-")[0], dir);
      const s = await loadSession(src);
      const plan = await planFork(s, s.leafId!);
      expect(plan.lines.length).toBeGreaterThan(1);
      expect(readdirSync(dir)).toEqual([basename(src)]);
    } finally {
      done();
    }
  });

  it("fails with exit status 3 for an unknown entry", async () => {
    const { dir, done } = tempDir();
    try {
      const s = await loadSession(copyFixture(fixtureNames("pi-")[0], dir));
      await expect(planFork(s, "nope")).rejects.toMatchObject({ exitCode: 3 });
    } finally {
      done();
    }
  });
});

describe("fork across label entries on the path", () => {
  it("keeps the chain and the compaction's kept entries when they start at a left-out label", async () => {
    const { dir, done } = tempDir();
    try {
      const ts = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
      const msg = (id: string, parentId: string | null, n: number) => ({ type: "message", id, parentId, timestamp: ts(n), message: { role: "user", content: `m ${id}`, timestamp: n } });
      const lines = [
        { type: "session", version: 3, id: "0123456789abcdef", timestamp: ts(0), cwd: "/p" },
        msg("00000001", null, 1),
        { type: "label", id: "0000000a", parentId: "00000001", timestamp: ts(2), targetId: "00000001", label: "start" },
        msg("00000002", "0000000a", 3),
        msg("00000003", "00000002", 4),
        { type: "compaction", id: "00000004", parentId: "00000003", timestamp: ts(5), summary: "sum", firstKeptEntryId: "0000000a", tokensBefore: 10 },
        msg("00000005", "00000004", 6),
      ];
      const file = join(dir, "labels.jsonl");
      const { writeFileSync } = await import("node:fs");
      writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
      const s = await loadSession(file);
      const plan = await forkSession(s, "00000005");
      const f = await loadSession(plan.file);
      expect(f.roots).toEqual(["00000001"]);
      expect((await buildContext(f)).messages).toEqual((await buildContext(s, "00000005")).messages);
      expect((await buildContext(f)).messages).toHaveLength(4);
      expect([...f.labels]).toEqual([["00000001", "start"]]);
    } finally {
      done();
    }
  });
});
