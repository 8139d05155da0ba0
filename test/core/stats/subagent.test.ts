// A subagent through the dialect contract: a session that hangs from its
// parent's Task call (facts.parentSession, parentEntryId) counts once, in its
// parent's row when both are listed, as its own row when only it is; a
// Claude-Code-like reader that merges streamed copies gives one call each.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentId, Dialect, DialectEntry, DialectFacts, Origin, RecordReader } from "../../../src/core/session/read/dialect-api.js";
import { jsonlSource } from "../../../src/core/session/read/jsonl-source.js";
import { createEnv, useEnv } from "../../../src/core/env.js";
import { collectFigures } from "../../../src/core/stats/collect.js";
import { report } from "../../../src/core/stats/report.js";

type Obj = Record<string, unknown>;
const AGENT = "subtoy" as AgentId;

/** Lines: {k:"meta", sid, dir, parent?, task?}, {k:"u"|"a", uid, up, at, mid?, out?}; copies of one "a" share mid, the last holds the final usage. */
class Reader implements RecordReader {
  private f: DialectFacts = { id: "", cwd: "", name: null, created: "" };
  private held: DialectEntry | null = null;
  push(v: unknown, origin: Origin): DialectEntry[] | string {
    const r = v as Obj;
    if (r.k === "meta") {
      this.f = { id: String(r.sid), cwd: String(r.dir), name: null, created: "2026-12-01T10:00:00.000Z", parentSession: (r.parent as string) ?? null, parentEntryId: (r.task as string) ?? null };
      return [];
    }
    const entry = {
      type: "message",
      id: String(r.uid),
      parentId: (r.up as string) ?? null,
      timestamp: String(r.at),
      message:
        r.k === "u"
          ? { role: "user", content: [{ type: "text", text: "q" }] }
          : {
              role: "assistant",
              content: [],
              provider: "anthropic",
              model: "claude-sonnet-4-5",
              responseId: r.mid,
              usage: { input: 10, output: Number(r.out), cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { total: Number(r.out) / 1000 } },
            },
    };
    // A copy of the held response replaces it (its last copy holds the final usage).
    if (r.k === "a" && this.held && (this.held.entry.message as Obj).responseId === r.mid) {
      this.held = { ...this.held, entry: { ...entry, id: this.held.entry.id, parentId: this.held.entry.parentId }, aliases: [...(this.held.aliases ?? []), String(r.uid)] };
      return [];
    }
    const out = this.held ? [this.held] : [];
    this.held = { entry, origin, aliases: [] };
    return out;
  }
  end(): DialectEntry[] {
    const out = this.held ? [this.held] : [];
    this.held = null;
    return out;
  }
  facts(): DialectFacts {
    return this.f;
  }
}

const dialect: Dialect = {
  agent: AGENT,
  label: "Subagent toy",
  claims: (p) => p.endsWith(".sub.jsonl"),
  open: (p) => jsonlSource(p),
  reader: () => new Reader(),
  defaultRoots: () => [],
  sources: async () => [],
};

let tmp: string;
let restoreEnv: () => void;
let parent: string;
let child: string;
const rec = (o: object) => JSON.stringify(o) + "\n";

beforeAll(() => {
  restoreEnv = useEnv(createEnv({ extraDialects: [dialect] }));
  tmp = mkdtempSync(join(tmpdir(), "omp-stats-sub-"));
  parent = join(tmp, "parent.sub.jsonl");
  child = join(tmp, "agent-1.sub.jsonl");
  writeFileSync(
    parent,
    rec({ k: "meta", sid: "P1", dir: "/w/p" }) +
      rec({ k: "u", uid: "u1", up: null, at: "2026-12-01T10:00:00.000Z" }) +
      // One response streamed as three lines: the last copy's output (300) is the real one.
      rec({ k: "a", uid: "a1", up: "u1", at: "2026-12-01T10:00:01.000Z", mid: "msg_1", out: 30 }) +
      rec({ k: "a", uid: "a1b", up: "a1", at: "2026-12-01T10:00:01.100Z", mid: "msg_1", out: 120 }) +
      rec({ k: "a", uid: "a1c", up: "a1b", at: "2026-12-01T10:00:01.200Z", mid: "msg_1", out: 300 }),
  );
  writeFileSync(
    child,
    rec({ k: "meta", sid: "C1", dir: "/w/p", parent: "P1", task: "a1" }) +
      rec({ k: "u", uid: "cu1", up: null, at: "2026-12-01T10:00:02.000Z" }) +
      rec({ k: "a", uid: "ca1", up: "cu1", at: "2026-12-01T10:00:03.000Z", mid: "msg_2", out: 50 }),
  );
});
afterAll(() => {
  restoreEnv();
  rmSync(tmp, { recursive: true, force: true });
});

describe("a subagent's usage", () => {
  it("counts once, under its parent session, when both are listed", async () => {
    const { figures } = await collectFigures([parent, child], { cache: false });
    expect(figures.map((f) => [f.agent, f.subagent])).toEqual([
      [AGENT, false],
      [AGENT, true],
    ]);
    const rows = report(figures, { by: "session" });
    expect(rows.map((r) => [r.session, r.calls, r.output, Number(r.cost.toFixed(6))])).toEqual([[parent, 2, 350, 0.35]]);
    expect(report(figures, { by: "model" }).map((r) => [r.model, r.calls, r.output])).toEqual([["anthropic/claude-sonnet-4-5", 2, 350]]);
    expect(report(figures, { by: "branch" }).map((r) => [r.branch, r.calls])).toEqual([
      ["active", 1],
      ["subagent C1", 1],
    ]);
  });

  it("is its own row when its parent is not listed", async () => {
    const { figures } = await collectFigures([child], { cache: false });
    expect(report(figures, { by: "session" }).map((r) => [r.session, r.calls, r.output])).toEqual([[child, 1, 50]]);
  });
});
