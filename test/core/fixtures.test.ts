// Every fixture: our tree and contexts equal what the agents' own code computed.
import { describe, it, expect } from "vitest";
import { loadSession } from "../../src/core/session/tree/load.js";
import { buildContext } from "../../src/core/session/tree/context.js";
import { treeJson } from "../../src/core/session/tree/tree-json.js";
import { ALL_DIRS, comparableContext, fixtureFiles } from "../helpers/fixtures.js";

const all = ALL_DIRS.flatMap((d) => fixtureFiles(d).map((f) => ({ ...f, name: `${d}/${f.name}` })));

describe("fixtures load exactly as the agents load them", () => {
  it("has fixtures to check", () => {
    expect(all.filter((f) => f.expected).length).toBeGreaterThanOrEqual(71);
    // pi 1.6.0's own files (system checkpoints, context edits, compactions keeping nothing) are among them.
    expect(all.filter((f) => f.name.startsWith("sessions-pi16/") && f.expected).length).toBeGreaterThanOrEqual(14);
    // The omp rule's fields are checked wherever an expectation has them.
    const omp = all.filter((f) => f.expected?.contextRule === "omp");
    expect(omp.length).toBeGreaterThanOrEqual(17);
    expect(omp.some((f) => f.expected!.contexts.some((c) => c.context.modeData !== undefined))).toBe(true);
  });

  for (const { name, file, expected } of all) {
    if (!expected) {
      it(`${name} is not a session file (exit status 3)`, async () => {
        await expect(loadSession(file)).rejects.toMatchObject({ exitCode: 3 });
      });
      continue;
    }
    it(`${name}: tree, leaf, labels, name and header`, async () => {
      const s = await loadSession(file);
      const t = treeJson(s) as any;
      const ids = new Map<string, string>();
      if (expected.positional) t.entries.forEach((e: any, i: number) => ids.set(e.id, expected.entries[i]?.id));
      const map = (id: string | null) => (id === null || !expected.positional ? id : (ids.get(id) ?? `?${id}`));
      expect({
        leafId: map(t.leafId),
        roots: t.roots.map(map),
        name: t.name,
        header: { id: t.header.id, cwd: t.header.cwd, parentSession: t.header.parentSession },
        entries: t.entries.map((e: any) => ({ id: map(e.id), parentId: map(e.parentId), type: e.type, label: e.label, children: e.children.map(map) })),
      }).toEqual({
        leafId: expected.leafId,
        roots: expected.roots,
        name: expected.name,
        header: { id: expected.header.id, cwd: expected.header.cwd, parentSession: expected.header.parentSession },
        entries: expected.entries,
      });
    });

    it(`${name}: context at ${expected.contexts.length} leaves`, async () => {
      const s = await loadSession(file);
      for (const c of expected.contexts) {
        const ctx = await buildContext(s, c.leaf ?? undefined);
        const rule = expected.contextRule;
        expect(comparableContext(ctx as unknown as Record<string, unknown>, rule), `leaf ${c.leaf}`).toStrictEqual(comparableContext(c.context, rule));
      }
    });
  }
});
