// The JSONL export loads back as a session with the same path: on every
// fixture, at the current leaf, at every other leaf and at inner entries, the
// copy's leaf, path (ids, parents, types), labels on the path, name, agent
// and context are the source's.
import { describe, expect, it, beforeAll } from "vitest";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSession } from "../../src/core/session/tree/load.js";
import { pathTo } from "../../src/core/session/tree/path.js";
import { buildContext } from "../../src/core/session/tree/context.js";
import { readEntries } from "../../src/core/session/read/entry.js";
import { jsonlExport } from "../../src/core/export/jsonl.js";
import type { Session } from "../../src/core/session/model.js";
import { fixtureFiles } from "../helpers/fixtures.js";
import { collect } from "./export-helpers.js";
import { claudeTranscript } from "../helpers/session-lines.js";

let dir: string;
let n = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "omps-export-jsonl-"));
});

async function exportAndLoad(s: Session, leafId: string | undefined, o = {}): Promise<Session> {
  const file = join(dir, `e${++n}.jsonl`);
  writeFileSync(file, await collect(jsonlExport(s, { leafId, ...o })));
  return loadSession(file);
}

// Where an entry sits in its file differs, and so does the v1-only meta field (the copy holds it in the entry; the contexts compare it).
const shape = (s: Session, leaf: string) => pathTo(s, leaf).map((id) => ({ ...s.byId.get(id)!, line: 0, offset: 0, length: 0, firstKeptEntryId: undefined }));

async function expectSamePath(src: Session, leaf: string, copy: Session): Promise<void> {
  expect(copy.leafId).toBe(leaf);
  expect(shape(copy, leaf)).toEqual(shape(src, leaf));
  // The labels in force, except where the leaf is itself a label entry: it stays the copy's last line, so its label wins.
  const last = src.byId.get(leaf)!;
  for (const id of pathTo(src, leaf)) {
    const want = last.type === "label" && last.targetId === id ? last.label || undefined : src.labels.get(id);
    expect(copy.labels.get(id), `label of ${id}`).toBe(want);
  }
  expect(copy.name).toBe(src.name);
  expect(copy.agent).toBe(src.agent);
  expect(copy.warnings).toEqual([]);
  expect(await buildContext(copy)).toEqual(await buildContext(src, leaf));
}

describe("JSONL export", () => {
  for (const { name, file, expected } of [...fixtureFiles("sessions"), ...fixtureFiles("sessions-edge")]) {
    if (!expected) continue;
    it(`${name}: loads back with the same path at every leaf and at inner entries`, async () => {
      const s = await loadSession(file);
      if (s.leafId === null) {
        const copy = await exportAndLoad(s, undefined);
        expect(copy.entries).toEqual([]);
        return;
      }
      const leaves = s.entries.filter((m) => (s.children.get(m.id)?.length ?? 0) === 0).map((m) => m.id);
      const inner = s.entries.filter((_, i) => i % 17 === 5).map((m) => m.id);
      for (const leaf of new Set([s.leafId, ...leaves.slice(0, 30), ...inner.slice(0, 10)])) {
        await expectSamePath(s, leaf, await exportAndLoad(s, leaf === s.leafId ? undefined : leaf));
      }
    });
  }

  it("copies a v3 file's path lines byte for byte, header first (omp: a title slot before it)", async () => {
    for (const { file } of fixtureFiles("sessions").filter((f) => /^(pi|omp)-2026/.test(f.name))) {
      const s = await loadSession(file);
      const text = await collect(jsonlExport(s));
      const source = new Set(readFileSync(file, "utf8").split("\n"));
      const lines = text.split("\n").slice(0, -1);
      if (s.agent === "omp") {
        expect(Buffer.byteLength(lines[0] + "\n")).toBe(256);
        expect(JSON.parse(lines[0]).title).toBe(s.name ?? "");
        lines.shift();
      }
      expect(JSON.parse(lines[0])).toEqual(s.header);
      const path = pathTo(s, s.leafId!);
      const ids = lines.slice(1).map((l) => JSON.parse(l).id);
      // The path in order; extra label / session_info entries only just before the leaf.
      const onPath = ids.filter((id) => path.includes(id));
      expect(onPath).toEqual(path);
      expect(ids[ids.length - 1]).toBe(s.leafId);
      for (const l of lines.slice(1)) if (path.includes(JSON.parse(l).id)) expect(source.has(l)).toBe(true);
    }
  });

  it("a label set from another branch comes along, and so does one cleared from there", async () => {
    const h = { type: "session", version: 3, id: "s", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/p" };
    const m = (id: string, parentId: string | null, t: number) => ({ type: "message", id, parentId, timestamp: `2026-01-01T00:00:0${t}.000Z`, message: { role: "user", content: id } });
    const lines = [
      h,
      m("a", null, 1),
      { type: "label", id: "l1", parentId: "a", timestamp: "2026-01-01T00:00:02.000Z", targetId: "a", label: "on path, later cleared" },
      m("b", "l1", 3),
      m("c", "a", 4), // another branch
      { type: "label", id: "l2", parentId: "c", timestamp: "2026-01-01T00:00:05.000Z", targetId: "a" },
      { type: "label", id: "l3", parentId: "l2", timestamp: "2026-01-01T00:00:06.000Z", targetId: "b", label: "set from c" },
      { type: "session_info", id: "n1", parentId: "l3", timestamp: "2026-01-01T00:00:07.000Z", name: "named on c" },
    ];
    const file = join(dir, "labels.jsonl");
    writeFileSync(file, lines.map((l) => JSON.stringify(l) + "\n").join(""));
    const s = await loadSession(file);
    expect(s.labels.get("b")).toBe("set from c");
    expect(s.labels.has("a")).toBe(false);
    const copy = await exportAndLoad(s, "b");
    await expectSamePath(s, "b", copy);
    expect(copy.name).toBe("named on c");
    expect(copy.entries.map((e) => e.id)).toEqual(["a", "l1", "l2", "l3", "n1", "b"]);
  });

  it("--no-tools takes tool results out and hangs their children from the nearest kept entry; --no-thinking empties thinking-only turns", async () => {
    const file = fixtureFiles("sessions").find((f) => f.name.startsWith("pi-2026-01-05T09"))!.file;
    const s = await loadSession(file);
    const copy = await exportAndLoad(s, undefined, { noTools: true, noThinking: true });
    const path = pathTo(copy, copy.leafId!);
    const full = await readEntries(
      copy,
      path.map((id) => copy.byId.get(id)!),
    );
    expect(path.length).toBeLessThan(pathTo(s, s.leafId!).length);
    for (const e of full) {
      const msg = e.message as { role?: string; content?: unknown } | undefined;
      expect(["toolResult", "bashExecution"]).not.toContain(msg?.role);
      if (Array.isArray(msg?.content)) for (const b of msg.content) expect(["thinking", "toolCall"]).not.toContain(b.type);
    }
    const srcPath = pathTo(s, s.leafId!).map((id) => s.byId.get(id)!);
    expect(path).toEqual(srcPath.filter((m) => !(m.role === "toolResult" || m.role === "bashExecution")).map((m) => m.id));
    expect(copy.warnings).toEqual([]);
  });

  it("another agent's session named before anything was said keeps its name (a session_info entry of its own, as pi names an empty session)", async () => {
    const id = "11111111-2222-4333-8444-555555555555";
    const { file } = claudeTranscript(`${id}.jsonl`, [
      { type: "custom-title", customTitle: "my named session", sessionId: id },
      { type: "summary", summary: "Fix the parser", leafUuid: "gone" },
    ]);
    const s = await loadSession(file);
    expect([s.agent, s.name, s.leafId]).toEqual(["claude", "my named session", null]);
    const copy = await exportAndLoad(s, undefined);
    expect(copy.name).toBe("my named session");
    expect(copy.entries.map((e) => e.type)).toEqual(["session_info"]);
    expect(copy.warnings).toEqual([]);
    expect((await buildContext(copy)).messages).toEqual([]);
  });
});
