// Every write operation on every dialect: the file after is the file before
// plus whole lines (or the title slot rewritten at the same size), it reloads
// with no new warnings, its tree is the old tree plus the new entries, and the
// leaf, labels, name and context change exactly as docs/session-format.md §7 says.
import { describe, expect, it, beforeEach, afterEach } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { buildContext } from "../../../src/core/session/tree/context.js";
import { activePath } from "../../../src/core/session/tree/path.js";
import { applyWrite, planWrite } from "../../../src/core/session/write/index.js";
import type { Session } from "../../../src/core/session/model.js";
import { age, appendedLines, copyFixture, fixtureNames, tempDir, treeDiff, warningLines } from "./helpers.js";

interface Variant {
  name: string;
  make: (dir: string) => string;
}

const variants: Variant[] = [
  ...[...fixtureNames("pi-2026"), ...fixtureNames("v2-"), ...fixtureNames("omp-")].map((f) => ({ name: f, make: (dir: string) => copyFixture(f, dir) })),
  {
    // omp without a title slot: the same entries, the first physical line dropped.
    name: "omp without title slot",
    make: (dir: string) => {
      const src = copyFixture(fixtureNames("omp-")[0], dir, "src.jsonl");
      const text = readFileSync(src, "utf8");
      const to = join(dir, "noslot.jsonl");
      writeFileSync(to, text.slice(text.indexOf("\n") + 1));
      age(to);
      return to;
    },
  },
];

/** A message on the active path, away from the leaf (a user message when there is one). */
function onPath(s: Session): string {
  const ids = activePath(s).slice(0, -1);
  const msgs = ids.filter((id) => s.byId.get(id)!.type === "message");
  const users = msgs.filter((id) => s.byId.get(id)!.role === "user");
  const pool = users.length ? users : msgs.length ? msgs : ids;
  return pool[Math.floor(pool.length / 2)];
}

/** An entry off the active path, when the session has branches. */
function offPath(s: Session): string | undefined {
  const on = new Set(activePath(s));
  return s.entries.find((e) => !on.has(e.id) && e.type === "message")?.id;
}

function stripLeaf<T extends { leafId: unknown }>(c: T): Omit<T, "leafId"> {
  const { leafId: _l, ...rest } = c;
  return rest;
}

describe.each(variants)("writes on $name", ({ make }) => {
  let dir: string;
  let done: () => void;
  let file: string;
  let before: Session;
  let bytes: Buffer;

  beforeEach(async () => {
    ({ dir, done } = tempDir());
    file = make(dir);
    before = await loadSession(file);
    bytes = readFileSync(file);
  });
  afterEach(() => done());

  it("label: appends one label line hanging from the leaf; only that label and the leaf change", async () => {
    const x = onPath(before);
    const r = await applyWrite(before, { op: "label", targetId: x, label: "checkpoint ✓" });
    const lines = appendedLines(bytes, file);
    expect(lines).toEqual(r.appended);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ type: "label", parentId: before.leafId, targetId: x, label: "checkpoint ✓" });
    expect(lines[0].id).toMatch(/^[0-9a-f]{8}$/);
    expect(before.byId.has(lines[0].id as string)).toBe(false);
    const after = await loadSession(file);
    expect(warningLines(after)).toEqual(warningLines(before));
    expect(treeDiff(before, after, [lines[0].id as string], { [x]: "checkpoint ✓" })).toEqual([]);
    expect(after.leafId).toBe(lines[0].id);
    expect(after.name).toBe(before.name);
    expect(stripLeaf(await buildContext(after))).toEqual(stripLeaf(await buildContext(before)));
  });

  it("label without text clears the label (no label field written)", async () => {
    const x = before.labels.size ? [...before.labels.keys()][0] : onPath(before);
    const r = await applyWrite(before, { op: "label", targetId: x });
    const [line] = appendedLines(bytes, file);
    expect(line).not.toHaveProperty("label");
    expect(line).toEqual(r.appended[0]);
    const after = await loadSession(file);
    expect(after.labels.has(x)).toBe(false);
    expect(treeDiff(before, after, [line.id as string], { [x]: null })).toEqual([]);
  });

  it("continue with text: a branch_summary child of X becomes the leaf; the context is X's plus the summary", async () => {
    const x = offPath(before) ?? onPath(before);
    await applyWrite(before, { op: "continue", targetId: x, summary: { kind: "text", text: "We tried A; it failed." } });
    const [line] = appendedLines(bytes, file);
    expect(line).toMatchObject({ type: "branch_summary", parentId: x, fromId: x, summary: "We tried A; it failed." });
    const after = await loadSession(file);
    expect(warningLines(after)).toEqual(warningLines(before));
    expect(treeDiff(before, after, [line.id as string])).toEqual([]);
    expect(after.leafId).toBe(line.id);
    const atX = await buildContext(before, x);
    const now = await buildContext(after);
    expect(now.messages).toEqual([...atX.messages, { role: "branchSummary", summary: "We tried A; it failed.", fromId: x, timestamp: Date.parse(line.timestamp as string) }]);
    expect(now.model).toEqual(atX.model);
    expect(now.thinkingLevel).toBe(atX.thinkingLevel);
  });

  it("continue without a summary moves the position and adds no context", async () => {
    const x = onPath(before);
    await applyWrite(before, { op: "continue", targetId: x, summary: { kind: "none" } });
    const [line] = appendedLines(bytes, file);
    expect(line).toMatchObject({ type: "branch_summary", parentId: x, fromId: x, summary: "" });
    expect(line).not.toHaveProperty("fromHook");
    expect(line).not.toHaveProperty("fromExtension");
    const after = await loadSession(file);
    expect(stripLeaf(await buildContext(after))).toEqual(stripLeaf(await buildContext(before, x)));
  });

  it("continue with a generated summary describes the branch being left", async () => {
    const x = onPath(before);
    const plan = await planWrite(before, { op: "continue", targetId: x, summary: { kind: "auto" } });
    const r = await applyWrite(before, { op: "continue", targetId: x, summary: { kind: "auto" } });
    const [line] = appendedLines(bytes, file);
    expect(line.summary).toBe(plan.entries[0].summary);
    expect(String(line.summary)).toMatch(/branch left behind had \d+ entries/);
    expect(line.details).toEqual({ readFiles: expect.any(Array), modifiedFiles: expect.any(Array) });
    expect(r.session.leafId).toBe(line.id);
  });

  it("rename: in the file's dialect; the session's name becomes the new name", async () => {
    const r = await applyWrite(before, { op: "rename", name: "  Release prep: parser & tree  " });
    const after = await loadSession(file);
    expect(after.name).toBe("Release prep: parser & tree");
    expect(warningLines(after)).toEqual(warningLines(before));
    const added = r.appended.map((e) => e.id as string);
    expect(treeDiff(before, after, added)).toEqual([]);
    if (before.agent === "pi") {
      expect(appendedLines(bytes, file)).toEqual([expect.objectContaining({ type: "session_info", parentId: before.leafId, name: "Release prep: parser & tree" })]);
      expect(r.slotRewritten).toBe(false);
    } else if (!before.titleSlot) {
      // omp reads no name from title_change: the file is rewritten whole with a slot added (§7a).
      expect(r.rewritten).toBe(true);
      const now = readFileSync(file);
      expect(now.indexOf(0x0a)).toBe(255);
      const oldLines = bytes.toString("utf8").split("\n");
      const newLines = now.subarray(256).toString("utf8").split("\n");
      expect(JSON.parse(newLines[0])).toEqual({ ...JSON.parse(oldLines[0]), title: "Release prep: parser & tree", titleSource: "user" });
      expect(newLines.slice(1, oldLines.length - 1)).toEqual(oldLines.slice(1, -1));
      expect(JSON.parse(newLines[oldLines.length - 1])).toMatchObject({ type: "title_change", title: "Release prep: parser & tree", source: "user", parentId: before.leafId });
    } else {
      // The slot is rewritten in place at the same size; everything after it is the old file plus one title_change line.
      const now = readFileSync(file);
      const slot = before.titleSlot.size;
      expect(now.subarray(slot, bytes.length).equals(bytes.subarray(slot))).toBe(true);
      expect(now.indexOf(0x0a)).toBe(slot - 1);
      const slotObj = JSON.parse(now.toString("utf8", 0, slot - 1)) as Record<string, unknown>;
      expect(slotObj).toMatchObject({ type: "title", v: 1, title: "Release prep: parser & tree", source: "user" });
      const tail = now.subarray(bytes.length).toString("utf8");
      expect(tail.endsWith("\n")).toBe(true);
      const [line] = tail
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(line).toMatchObject({ type: "title_change", title: "Release prep: parser & tree", source: "user", parentId: before.leafId });
      if (before.name) expect(line.previousTitle).toBe(before.name);
      expect(r.slotRewritten).toBe(true);
    }
  });
});

describe("rename with a long name on an omp title slot", () => {
  it("cuts the title to fit the 256 bytes (never spills into the next line) and keeps the full name in title_change", async () => {
    const { dir, done } = tempDir();
    try {
      const file = copyFixture(fixtureNames("omp-")[0], dir);
      const before = readFileSync(file);
      const s = await loadSession(file);
      const long = 'Ωmega "quoted" \\ name '.repeat(20);
      await applyWrite(s, { op: "rename", name: long });
      const after = readFileSync(file);
      expect(after.indexOf(0x0a)).toBe(255);
      expect(after.subarray(256, before.length).equals(before.subarray(256))).toBe(true);
      const re = await loadSession(file);
      expect(long.trim().startsWith(re.name!)).toBe(true);
      expect(re.name!.length).toBeGreaterThan(20);
      const last = JSON.parse(after.toString("utf8").trimEnd().split("\n").pop()!) as Record<string, unknown>;
      expect(last).toMatchObject({ type: "title_change", title: long.trim() });
    } finally {
      done();
    }
  });
});
