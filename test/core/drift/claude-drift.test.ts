// Claude Code 2.1.332's new shapes (test/fixtures/agents-drift/claude, C1–C4),
// read through the session core as the tree and the context view read them.
import { describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import type { Session } from "../../../src/core/session/model.js";

const DIR = join(import.meta.dirname, "../../fixtures/agents-drift/claude/projects/-home-dev-demo");
const file = (c: string): string => join(DIR, `${c.repeat(2)}-0000-4000-8000-000000000000.jsonl`);
const id = (c: string, n: number): string => `${c.repeat(2)}-0000-4000-8000-${String(n).padStart(12, "0")}`;

type Obj = Record<string, any>;
const branchPoints = (s: Session): string[] => [...s.children.entries()].filter(([, k]) => k.length > 1).map(([p]) => p);
const texts = (msgs: Obj[]): string[] => msgs.map((m) => (m.role === "compactionSummary" ? `summary:${m.summary}` : `${m.role}:${typeof m.content === "string" ? m.content : (m.content as Obj[]).map((b) => b.text ?? "").join("")}`));

describe("Claude Code 2.1.332 drift samples", () => {
  for (const c of ["c1c1", "c2c2"]) {
    it(`${c}: a partial compaction keeps its messages after the summary: [s1, u2, a2, u3, a3], no branch`, async () => {
      const s = await loadSession(file(c));
      expect(s.leafId).toBe(id(c, 8));
      const ctx = await buildContext(s);
      expect(texts(ctx.messages as Obj[])).toEqual([
        "summary:This session is being continued from a previous conversation that ran out of context. Summary: the old question was answered.",
        "user:Recent question that is kept.",
        "assistant:Recent answer that is kept.",
        "user:Question after the compaction.",
        "assistant:Answer after the compaction.",
      ]);
      // The kept assistant message's usage was counted before the compaction: zero in the context, as Claude Code does.
      expect((ctx.messages[2] as Obj).usage.totalTokens).toBe(0);
      expect(branchPoints(s)).toEqual([]);
      expect(s.roots).toEqual([id(c, 1)]);
      // Nothing is dropped from the tree: the summarised history stays before the boundary.
      expect(s.entries.map((e) => e.id).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => id(c, n)).sort());
    });
  }

  it("a boundary that names only the kept segment's ends (preservedSegment) keeps the messages between them", async () => {
    const lines = readFileSync(file("c1c1"), "utf8").split("\n");
    const dir = mkdtempSync(join(tmpdir(), "claude-segment-"));
    const copy = join(dir, "c1c1c1c1-0000-4000-8000-000000000000.jsonl");
    writeFileSync(
      copy,
      lines
        .map((l) => {
          if (!l.includes("compact_boundary")) return l;
          const o = JSON.parse(l) as Obj;
          delete o.compactMetadata.preservedMessages;
          return JSON.stringify(o);
        })
        .join("\n"),
    );
    const s = await loadSession(copy);
    const ctx = await buildContext(s);
    expect((ctx.messages as Obj[]).map((m) => m.role)).toEqual(["compactionSummary", "user", "assistant", "user", "assistant"]);
    expect(branchPoints(s)).toEqual([]);
  });

  it("C3: a last-prompt record with leafUuid (a rewind) pins the leaf; u2/a2 are an abandoned branch", async () => {
    const s = await loadSession(file("c3c3"));
    expect(s.leafId).toBe(id("c3c3", 2));
    const ctx = await buildContext(s);
    expect(texts(ctx.messages as Obj[])).toEqual(["user:First question.", "assistant:First answer."]);
    expect(s.children.get(id("c3c3", 2))).toEqual([id("c3c3", 3)]);
  });

  it("C4: a line padded with leading NUL bytes is a valid line: one root, no warning", async () => {
    const s = await loadSession(file("c4c4"));
    expect(s.roots).toEqual([id("c4c4", 1)]);
    expect(s.warnings.filter((w) => w.line === 3)).toEqual([]);
    expect(s.byId.get(id("c4c4", 3))?.parentId).toBe(id("c4c4", 2));
    // The line is read again alone (show, context) from after its padding.
    const ctx = await buildContext(s);
    expect(texts(ctx.messages as Obj[])).toContain("user:Second question after NUL padding.");
  });
});
