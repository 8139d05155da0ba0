import { describe, expect, it } from "vitest";
import { buildRows, findBranchPoint, findLabeled, flattenTree, foldRows, toggleFold, type TreeRows } from "../../../src/core/session/tree/rows.js";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { pathTo } from "../../../src/core/session/tree/path.js";
import { chain, session, type E } from "./rows-session.js";
import { createEnv, useEnv } from "../../../src/core/env.js";

function draw(rows: TreeRows): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.count; i++) {
    const r = rows.row(i);
    out.push(`${r.prefix}${r.id}`);
  }
  return out;
}

// root → a → { b1 → b2, c1 → c2 }, the leaf sits on the second branch.
const forked: E[] = [{ id: "root" }, { id: "a", role: "assistant" }, { id: "b1", parent: "a" }, { id: "b2", role: "assistant" }, { id: "c1", parent: "a" }, { id: "c2", role: "assistant" }];

describe("tree rows", () => {
  it("keeps a single-child chain flat", () => {
    const rows = buildRows(session(chain(5)));
    expect(draw(rows)).toEqual(["e0", "e1", "e2", "e3", "e4"]);
  });

  it("lists the branch holding the leaf first, with connectors and guides", () => {
    const rows = buildRows(session(forked));
    expect(draw(rows)).toEqual(["root", "a", "├─ c1", "│  c2", "└─ b1", "   b2"]);
  });

  it("marks the active path and the leaf", () => {
    const rows = buildRows(session(forked));
    const active = Array.from({ length: rows.count }, (_, i) => rows.row(i))
      .filter((r) => r.onActivePath)
      .map((r) => r.id);
    expect(active).toEqual(["root", "a", "c1", "c2"]);
    expect(rows.row(rows.leafRow()).id).toBe("c2");
  });

  it("draws a guide past an ancestor whose branch continues below", () => {
    const rows = buildRows(session([{ id: "r" }, { id: "x", parent: "r" }, { id: "x1", parent: "x" }, { id: "x2", parent: "x" }, { id: "y", parent: "r" }], "x1"));
    expect(draw(rows)).toEqual(["r", "├─ x", "│  ├─ x1", "│  └─ x2", "└─ y"]);
  });

  it("hides bookkeeping by default and hands its children to the nearest visible ancestor", () => {
    const s = session([{ id: "u1" }, { id: "m", type: "model_change" }, { id: "a1", role: "assistant" }, { id: "lab", type: "label", targetId: "u1", label: "start" }]);
    expect(draw(buildRows(s))).toEqual(["u1", "a1"]);
    expect(draw(buildRows(s, { filter: "all" }))).toEqual(["u1", "m", "a1", "lab"]);
  });

  it("a hidden branch point still splits its children into branches", () => {
    const s = session([{ id: "u1" }, { id: "m", type: "thinking_level_change" }, { id: "p", parent: "m" }, { id: "q", parent: "m" }], "p");
    expect(draw(buildRows(s))).toEqual(["u1", "├─ p", "└─ q"]);
  });

  it("user-only, labeled-only and no-tools filters", () => {
    const s = session([
      { id: "u1" },
      { id: "a1", role: "assistant", text: "calling", tools: ["read"] },
      { id: "t1", role: "toolResult" },
      { id: "a2", role: "assistant", tools: ["bash"] },
      { id: "t2", role: "toolResult" },
      { id: "a3", role: "assistant" },
      { id: "u2" },
      { id: "lab", type: "label", targetId: "a3", label: "good" },
    ]);
    // a2 has no text: the loader summarises it by its call ("[bash: …]").
    s.byId.get("a2")!.summary = "[bash: ls]";
    s.byId.get("t2")!.isError = true;
    expect(draw(buildRows(s, { filter: "user-only" }))).toEqual(["u1", "u2"]);
    // The leaf is the label entry; u2 stands for it and stays visible under every filter.
    expect(draw(buildRows(s, { filter: "labeled-only" }))).toEqual(["a3", "u2"]);
    expect(draw(buildRows(s, { filter: "no-tools" }))).toEqual(["u1", "a1", "a3", "u2"]);
    expect(draw(buildRows(s))).toEqual(["u1", "a1", "a2", "t2", "a3", "u2"]);
    expect(draw(buildRows(s, { filter: "all" }))).toEqual(["u1", "a1", "t1", "a2", "t2", "a3", "u2", "lab"]);
    expect(buildRows(s).row(4).label).toBe("good");
  });

  it("search keeps entries matching every word, in any order, ignoring case", () => {
    const s = session([
      { id: "u1", text: "Fix the parser bug" },
      { id: "a1", role: "assistant", text: "the bug is in the lexer" },
      { id: "u2", text: "parser tests please" },
    ]);
    expect(draw(buildRows(s, { search: "BUG parser" }))).toEqual(["u1"]);
    expect(draw(buildRows(s, { search: "bug" }))).toEqual(["u1", "a1"]);
    expect(draw(buildRows(s, { search: "nothing-like-this" }))).toEqual([]);
  });

  it("folding hides the subtree under the cursor and unfolding brings it back", () => {
    const s = session(forked);
    const rows = buildRows(s);
    const a = rows.indexOf("a");
    const folded = toggleFold(rows, a);
    const foldedRows = buildRows(s, { folded });
    expect(draw(foldedRows)).toEqual(["root", "a"]);
    expect(foldedRows.row(1).folded).toBe(true);
    // The folded-away leaf is stood for by the folded row.
    expect(foldedRows.row(foldedRows.leafRow()).id).toBe("a");
    expect(foldedRows.indexOf("c2")).toBe(-1);
    const unfolded = foldRows(foldedRows.flat, toggleFold(foldedRows, 1));
    expect(draw(unfolded)).toEqual(draw(rows));
  });

  it("folding a row without children changes nothing", () => {
    const rows = buildRows(session(chain(3)));
    expect(toggleFold(rows, 2).size).toBe(0);
  });

  it("moves between branch points and labeled entries", () => {
    const s = session([...forked, { id: "l1", type: "label", targetId: "b1", label: "x", parent: "c2" }, { id: "l2", type: "label", targetId: "root", label: "y", parent: "l1" }]);
    const rows = buildRows(s);
    expect(findBranchPoint(rows, 0, 1)).toBe(rows.indexOf("a"));
    expect(findBranchPoint(rows, rows.indexOf("a"), 1)).toBe(-1);
    expect(findBranchPoint(rows, rows.count - 1, -1)).toBe(rows.indexOf("a"));
    expect(findLabeled(rows, 0, 1)).toBe(rows.indexOf("b1"));
    expect(findLabeled(rows, rows.indexOf("b1"), -1)).toBe(0);
  });

  it("several roots hang off an invisible root as a branch point's children: each with its connector, its chain under it with a guide", () => {
    const rows = buildRows(session([{ id: "r1" }, { id: "r1a" }, { id: "r2", parent: null }, { id: "r2a" }], "r2a"));
    expect(draw(rows)).toEqual(["├─ r2", "│  r2a", "└─ r1", "   r1a"]);
  });

  it("survives a parent loop: each entry drawn once", () => {
    const s = session([{ id: "x", parent: "y" }, { id: "y" }]);
    expect([...draw(buildRows(s))].sort()).toEqual(["x", "y"]);
  });

  it("handles a 200k-deep chain with branches everywhere without recursion", () => {
    const list: E[] = [];
    for (let i = 0; i < 100_000; i++) {
      list.push({ id: `m${i}`, parent: i === 0 ? null : `m${i - 1}` });
      list.push({ id: `s${i}`, parent: `m${i}` });
    }
    const s = session(list, "m99999");
    const flat = flattenTree(s);
    expect(flat.entryOf.length).toBe(200_000);
    const rows = foldRows(flat);
    expect(rows.row(rows.count - 1).prefix.length).toBeLessThanOrEqual(3 * 24);
    expect(rows.row(rows.leafRow()).id).toBe("m99999");
  });
});

describe("finding an id's row", () => {
  it("answers the same on the first lookup (a scan of the rows) and on later ones (a map made then)", () => {
    const s = session(forked);
    const flat = flattenTree(s, { filter: "all" });
    const expected = (id: string) => Array.from(flat.entryOf).findIndex((x) => s.entries[x].id === id);
    const ids = ["c2", ...forked.map((e) => e.id), "missing"];
    for (const round of [1, 2]) for (const id of ids) expect(flat.indexById(id), `${id}, round ${round}`).toBe(expected(id));
    // A filter that hides entries: hidden ones have no row, on the first lookup as on later ones.
    const user = flattenTree(s, { filter: "user-only" });
    const firstHidden = user.indexById("a");
    expect(firstHidden).toBe(-1);
    expect(user.indexById("a")).toBe(-1);
  });
});

describe("flattening reuses its work arrays", () => {
  // A big branchy session, a small one, then the big one again under each filter:
  // what the arrays held from the call before must not show in the rows.
  const big: E[] = [];
  for (let i = 0; i < 300; i++) {
    big.push({ id: `u${i}`, parent: i === 0 ? null : `a${i - 1}` });
    big.push({ id: `a${i}`, role: "assistant", text: i % 3 ? "calling" : "answer", tools: i % 3 ? ["read"] : undefined });
    if (i % 7 === 0) big.push({ id: `side${i}`, parent: `u${i}`, role: "assistant" });
    if (i % 11 === 0) big.push({ id: `m${i}`, type: "model_change", parent: `a${i}` });
  }
  const small = session(forked);
  const filters = ["default", "no-tools", "user-only", "labeled-only", "all"] as const;

  it("gives the rows a fresh environment gives, whatever was flattened before", () => {
    const fresh = (f: (typeof filters)[number]) => {
      const restore = useEnv(createEnv());
      try {
        return draw(buildRows(session(big, "a299"), { filter: f }));
      } finally {
        restore();
      }
    };
    const s = session(big, "a299");
    for (const f of filters) {
      expect(draw(buildRows(small, { filter: "all" }))).toEqual(["root", "a", "├─ c1", "│  c2", "└─ b1", "   b2"]);
      const rows = buildRows(s, { filter: f });
      expect(draw(rows)).toEqual(fresh(f));
      expect(rows.row(rows.leafRow()).id).toBe("a299");
    }
  });
});

describe("tree rows on real sessions", () => {
  const dirs = ["test/fixtures/sessions", "test/fixtures/sessions-edge"];
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith(".jsonl"))
      .map((f) => join(d, f)),
  );

  it.each(files)("%s: the 'all' filter shows every entry once, the active path is the leaf's path", async (file) => {
    let s;
    try {
      s = await loadSession(file);
    } catch {
      return; // not a session file: nothing to draw
    }
    const rows = buildRows(s, { filter: "all" });
    const seen = new Set<string>();
    for (let i = 0; i < rows.count; i++) seen.add(rows.row(i).id);
    expect(seen.size).toBe(rows.count);
    expect(rows.count).toBe(s.entries.length);
    const active = new Set(s.leafId ? pathTo(s, s.leafId) : []);
    for (let i = 0; i < rows.count; i++) expect(rows.row(i).onActivePath).toBe(active.has(rows.row(i).id));
    if (s.leafId) expect(rows.row(rows.leafRow()).id).toBe(s.leafId);
    // Every row's prefix is exactly its indent wide, drawn from guide characters only.
    for (let i = 0; i < rows.count; i++) {
      const r = rows.row(i);
      expect(r.prefix.length).toBe(r.indent * 3);
      expect(r.prefix).toMatch(/^(│ {2}| {3}|├─ |└─ )*$/);
    }
  });
});
