import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summarizeSession, type SessionSummary } from "../../src/core/session/list/summary.js";
import { listSessions } from "../../src/core/session/list/list.js";
import { loadSession } from "../../src/core/session/tree/load.js";
import { printedDialect } from "../../src/core/session/agents.js";
import { fixtureFiles } from "../helpers/fixtures.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "omp-summary-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const all = [...fixtureFiles("sessions"), ...fixtureFiles("sessions-edge")];
const withTree = all.filter((f) => f.expected !== null);

/** The summary without the fields that depend on where and how the bytes are stored. */
const content = (s: SessionSummary) => {
  const { path: _p, size: _s, ...rest } = s;
  return rest;
};

let n = 0;
function write(lines: (string | object)[], name = `s${n++}.jsonl`): string {
  const f = join(tmp, name);
  writeFileSync(f, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return f;
}

const header = (extra: object = {}) => ({
  type: "session",
  version: 3,
  id: "sess-1",
  timestamp: "2026-02-01T10:00:00.000Z",
  cwd: "/home/u/p",
  ...extra,
});
const msg = (id: string, parentId: string | null, role: string, content: unknown, ts: number) => ({
  type: "message",
  id,
  parentId,
  timestamp: new Date(ts).toISOString(),
  message: { role, content, timestamp: ts },
});

describe("summarizeSession on every fixture", () => {
  for (const { name, file, expected } of withTree) {
    it(`${name}: counts, name and header agree with the expectation`, async () => {
      const exp = expected!;
      const s = await summarizeSession(file);
      expect(s.valid).toBe(true);
      expect(s.error).toBeUndefined();
      expect(s.id).toBe(exp.header.id);
      expect(s.cwd).toBe(exp.header.cwd);
      expect(s.parentSession).toBe(exp.header.parentSession ?? null);
      expect(s.created).toBe(exp.header.timestamp);
      expect(s.name).toBe(exp.name);
      expect(printedDialect(s)).toBe(exp.dialect);
      expect(s.entryCount).toBe(exp.entries.length);
      expect(s.messageCount).toBe(exp.entries.filter((e) => e.type === "message").length);
      expect(s.branchCount).toBe(exp.entries.filter((e) => e.children.length === 0).length);
      expect(s.labelCount).toBe(exp.entries.filter((e) => e.label !== null).length);
      expect(s.size).toBe(readFileSync(file).length);
      expect(Date.parse(s.modified)).toBeGreaterThanOrEqual(Date.parse(s.created) - 86_400_000);
    });
  }

  for (const { name, file } of all.filter((f) => f.expected === null)) {
    it(`${name}: listed as invalid with a one-line reason`, async () => {
      const s = await summarizeSession(file);
      expect(s.valid).toBe(false);
      expect(printedDialect(s)).toBe("unknown");
      expect(s.error).toMatch(/not a session file/);
      expect(s.error).not.toMatch(/\n/);
    });
  }

  it("agrees with the project's loader on every fixture", async () => {
    for (const { file } of withTree) {
      const s = await summarizeSession(file);
      const l = await loadSession(file);
      const leaves = l.entries.filter((e) => (l.children.get(e.id) ?? []).length === 0).length;
      expect([s.entryCount, s.branchCount, s.labelCount, s.name, s.agent], file).toEqual([l.entries.length, leaves, l.labels.size, l.name, l.agent]);
    }
  });

  it("gives the same summary for a gzipped copy", async () => {
    for (const { name, file } of all) {
      const gz = join(tmp, `${name}.gz`);
      writeFileSync(gz, gzipSync(readFileSync(file)));
      const a = await summarizeSession(file);
      const b = await summarizeSession(gz);
      if (a.valid) expect(content(b), name).toEqual(content(a));
      else expect([b.valid, b.error], name).toEqual([false, a.error]);
    }
  });

  it("gives the same summary when no line has the usual key order (every line parsed in full)", async () => {
    for (const { name, file, expected } of withTree) {
      const text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
      // Move "type" last in every entry (not the title slot, whose padding is byte-exact).
      const shuffled = text
        .split(/\r?\n/)
        .map((line) => {
          try {
            const o = JSON.parse(line);
            if (o.type === "title") return line;
            const { type, ...rest } = o;
            return JSON.stringify({ ...rest, type });
          } catch {
            return line;
          }
        })
        .join("\n");
      const f = join(tmp, `shuffled-${name}`);
      writeFileSync(f, shuffled);
      const a = await summarizeSession(file);
      const b = await summarizeSession(f);
      expect(content(b), name).toEqual(content(a));
      expect(b.entryCount).toBe(expected!.entries.length);
    }
  });
});

describe("summarizeSession details", () => {
  it("counts leaves of a branched tree, and 1 for a chain", async () => {
    const t = Date.parse("2026-02-01T10:00:01Z");
    const chain = write([header(), msg("a", null, "user", "hi", t), msg("b", "a", "assistant", [], t + 1)]);
    expect((await summarizeSession(chain)).branchCount).toBe(1);
    const forked = write([header(), msg("a", null, "user", "hi", t), msg("b", "a", "assistant", [], t + 1), msg("c", "a", "assistant", [], t + 2), msg("d", "c", "user", "more", t + 3), msg("e", "a", "assistant", [], t + 4)]);
    const s = await summarizeSession(forked);
    expect([s.entryCount, s.branchCount, s.messageCount]).toEqual([5, 3, 5]);
  });

  it("leaves an earlier duplicate id out and resolves parents to the later one", async () => {
    const t = Date.parse("2026-02-01T10:00:01Z");
    const f = write([header(), msg("a", null, "user", "hi", t), msg("b", "a", "assistant", [], t + 1), msg("b", "a", "assistant", [], t + 2), msg("c", "b", "user", "next", t + 3)]);
    const s = await summarizeSession(f);
    const l = await loadSession(f);
    expect([s.entryCount, s.branchCount]).toEqual([3, 1]);
    expect(s.entryCount).toBe(l.entries.length);
  });

  it("first message is the first user message with text; modified is the newest user/assistant time", async () => {
    const t = Date.parse("2026-02-01T10:00:01Z");
    const f = write([
      header(),
      msg("a", null, "user", [{ type: "image", data: "", mimeType: "image/png" }], t),
      msg("b", "a", "assistant", [{ type: "text", text: "ok" }], t + 5000),
      msg(
        "c",
        "b",
        "user",
        [
          { type: "text", text: "fix" },
          { type: "text", text: "the bug" },
        ],
        t + 1000,
      ),
      msg("d", "c", "toolResult", "later but not activity", t + 99_000),
      { type: "custom", id: "e", parentId: "d", timestamp: new Date(t + 99_000).toISOString(), customType: "x" },
    ]);
    const s = await summarizeSession(f);
    expect(s.firstMessage).toBe("fix the bug");
    expect(s.modified).toBe(new Date(t + 5000).toISOString());
  });

  it("modified falls back to the header time, then to the file mtime", async () => {
    const onlyHeader = write([header()]);
    expect((await summarizeSession(onlyHeader)).modified).toBe("2026-02-01T10:00:00.000Z");
    const noTime = write([{ type: "session", version: 3, id: "x", cwd: "/p" }]);
    utimesSync(noTime, new Date("2025-05-05T05:05:05Z"), new Date("2025-05-05T05:05:05Z"));
    const s = await summarizeSession(noTime);
    expect(s.modified).toBe("2025-05-05T05:05:05.000Z");
    expect(s.created).toBe("2025-05-05T05:05:05.000Z");
  });

  it("names: title slot, then the latest session_info, then title_change, then the header title", async () => {
    const t = "2026-02-01T10:00:02.000Z";
    const info = (id: string, parentId: string, name: string) => ({ type: "session_info", id, parentId, timestamp: t, name });
    expect((await summarizeSession(write([header({ title: "from header" })]))).name).toBe("from header");
    const pi = write([header(), msg("a", null, "user", "q", 1), info("b", "a", "first"), info("c", "b", "second")]);
    expect((await summarizeSession(pi)).name).toBe("second");
    const cleared = write([header({ title: "h" }), msg("a", null, "user", "q", 1), info("b", "a", "x"), info("c", "b", "")]);
    expect((await summarizeSession(cleared)).name).toBe((await loadSession(cleared)).name);
    const slot = JSON.stringify({ type: "title", v: 1, title: "slot title", updatedAt: t, pad: "" });
    const omp = write([slot.slice(0, -2) + " ".repeat(255 - slot.length) + '"}', header(), { type: "title_change", id: "z", parentId: null, timestamp: t, title: "tc" }]);
    const s = await summarizeSession(omp);
    expect([s.name, s.agent]).toEqual(["slot title", "omp"]);
  });

  it("counts labels in force after replay, on entries that exist", async () => {
    const t = "2026-02-01T10:00:02.000Z";
    const label = (id: string, parentId: string, targetId: string, l?: string) => ({ type: "label", id, parentId, timestamp: t, targetId, label: l });
    const f = write([
      header(),
      msg("a", null, "user", "q", 1),
      msg("b", "a", "assistant", [], 2),
      label("l1", "b", "a", "keep"),
      label("l2", "l1", "b", "gone"),
      label("l3", "l2", "b"),
      label("l4", "l3", "nowhere", "ghost"),
      label("l5", "l4", "a", "renamed"),
    ]);
    const s = await summarizeSession(f);
    expect(s.labelCount).toBe(1);
    expect(s.branchCount).toBe(1); // label entries are entries: the last one is the only leaf
  });

  it("skips garbage and a truncated last line; treats a v1 file as one chain", async () => {
    const f = write([header(), msg("a", null, "user", "q", 1), "{not json", msg("b", "a", "assistant", [], 2)]);
    appendFileSync(f, '{"type":"message","id":"c","parentId":"b","timestamp":"2026-02-01T10:00:03.000Z","message":{"role":"us');
    const s = await summarizeSession(f);
    expect([s.entryCount, s.branchCount, s.valid]).toEqual([2, 1, true]);
    const v1 = write([
      { type: "session", id: "old", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/p" },
      { type: "message", timestamp: "2025-01-01T00:00:01.000Z", message: { role: "user", content: "a", timestamp: 1 } },
      { type: "message", timestamp: "2025-01-01T00:00:02.000Z", message: { role: "assistant", content: [], timestamp: 2 } },
      { type: "thinking_level_change", timestamp: "2025-01-01T00:00:03.000Z", thinkingLevel: "high" },
    ]);
    const o = await summarizeSession(v1);
    expect([o.entryCount, o.messageCount, o.branchCount, o.firstMessage]).toEqual([3, 2, 1, "a"]);
  });

  it("reports a missing file and a directory as invalid, never throwing", async () => {
    const missing = await summarizeSession(join(tmp, "nope.jsonl"));
    expect(missing.valid).toBe(false);
    expect(missing.error).toMatch(/cannot read/);
    const d = join(tmp, "adir.jsonl");
    mkdirSync(d, { recursive: true });
    expect((await summarizeSession(d)).valid).toBe(false);
  });
});

describe("listSessions", () => {
  it("filters by cwd (header cwd, not folder name), searches, and sorts newest first", async () => {
    const agent = join(tmp, "agent");
    const proj = join(agent, "sessions", "--misleading-name--");
    mkdirSync(proj, { recursive: true });
    const mk = (name: string, cwd: string, first: string, ts: number) => writeFileSync(join(proj, name), [header({ id: name, cwd }), msg("a", null, "user", first, ts)].map((l) => JSON.stringify(l)).join("\n") + "\n");
    mk("old.jsonl", "/work/a", "Fix The Parser", Date.parse("2026-01-01T00:00:00Z"));
    mk("new.jsonl", "/work/a", "add tests", Date.parse("2026-03-01T00:00:00Z"));
    mk("other.jsonl", "/work/b", "parser again", Date.parse("2026-02-01T00:00:00Z"));
    writeFileSync(join(proj, "broken.jsonl"), "");

    const everything = await listSessions({ agentDirs: [agent], all: true });
    expect(everything.map((s) => s.id).filter(Boolean)).toEqual(["new.jsonl", "other.jsonl", "old.jsonl"]);
    expect(everything.filter((s) => !s.valid)).toHaveLength(1);

    const a = await listSessions({ agentDirs: [agent], cwd: "/work/a/" });
    expect(a.map((s) => s.id)).toEqual(["new.jsonl", "old.jsonl"]);
    expect((await listSessions({ agentDirs: [agent], cwd: "/work/a", all: true })).length).toBe(4);

    const found = await listSessions({ agentDirs: [agent], all: true, search: "PARSER" });
    expect(found.map((s) => s.id)).toEqual(["other.jsonl", "old.jsonl"]);
    expect((await listSessions({ agentDirs: [agent], all: true, search: "work/b" })).map((s) => s.id)).toEqual(["other.jsonl"]);

    const byPath = await listSessions({ paths: [join(proj, "old.jsonl")], agentDirs: [join(tmp, "ignored")] });
    expect(byPath.map((s) => s.id)).toEqual(["old.jsonl"]);
  });
});
