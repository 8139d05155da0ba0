// The tree's fast path (read/parse-line.ts: long strings cut in the bytes,
// checked by read/json-check.ts, before the parse) against the full parse
// of every line (loadSessionExact): on every fixture file, every fuzz mutant
// and long made-up sessions, `tree --json` must come out byte for byte the
// same, and so must every entry's meta, the warnings and the first message.
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { FIXTURES, filesUnder } from "../../helpers/fixtures.js";
import { makeMutants } from "../../helpers/mutants.js";
import { loadSession, loadSessionExact } from "../../../src/core/session/tree/load.js";
import { treeJson, treeJsonBuffers } from "../../../src/core/session/tree/tree-json.js";
import type { Session } from "../../../src/core/session/model.js";
import { createEnv, useEnv } from "../../../src/core/env.js";
import { nativeScanAvailable } from "../../../src/core/session/read/native-scan.js";

/** Everything the tree shows of a session: `tree --json`'s bytes, every entry's meta, the warnings, the first message. */
async function answer(load: (f: string) => Promise<Session>, file: string): Promise<string> {
  let s: Session;
  try {
    s = await load(file);
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
  const json = Buffer.concat(Array.from(treeJsonBuffers(s), (c) => Buffer.from(c))).toString("utf8");
  // The buffers written by hand are the object form's JSON.
  if (json !== JSON.stringify(treeJson(s)) + "\n") return `tree --json differs from treeJson: ${file}`;
  return JSON.stringify({ json, entries: s.entries, warnings: s.warnings, firstMessage: s.firstMessage, agent: s.agent });
}

/**
 * `tree --json`'s own load (previews kept as bytes, LoadOptions.previewJson):
 * its bytes, the object form's, and every meta but the previews and summaries.
 */
async function jsonAnswer(file: string): Promise<string> {
  let s: Session;
  try {
    s = await loadSession(file, { previewJson: true });
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
  const json = Buffer.concat(Array.from(treeJsonBuffers(s), (c) => Buffer.from(c))).toString("utf8");
  if (json !== JSON.stringify(treeJson(s)) + "\n") return `tree --json differs from treeJson: ${file}`;
  const entries = s.entries.map((e) => ({ id: e.id, parentId: e.parentId, type: e.type, timestamp: e.timestamp, role: e.role, line: e.line, offset: e.offset, length: e.length, label: e.label, targetId: e.targetId }));
  return JSON.stringify({ json, entries, warnings: s.warnings, firstMessage: s.firstMessage, agent: s.agent });
}

async function plainAnswer(file: string): Promise<string> {
  let s: Session;
  try {
    s = await loadSession(file);
  } catch (err) {
    return `error: ${(err as Error).message}`;
  }
  const json = Buffer.concat(Array.from(treeJsonBuffers(s), (c) => Buffer.from(c))).toString("utf8");
  const entries = s.entries.map((e) => ({ id: e.id, parentId: e.parentId, type: e.type, timestamp: e.timestamp, role: e.role, line: e.line, offset: e.offset, length: e.length, label: e.label, targetId: e.targetId }));
  return JSON.stringify({ json, entries, warnings: s.warnings, firstMessage: s.firstMessage, agent: s.agent });
}

async function differing(files: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const f of files) {
    const fast = await answer(loadSession, f);
    const full = await answer(loadSessionExact, f);
    if (fast !== full || fast.startsWith("tree --json differs")) out.push(f);
    const json = await jsonAnswer(f);
    if (json !== (await plainAnswer(f)) || json.startsWith("tree --json differs")) out.push(`${f} (previews as bytes)`);
    // tree --json's load reads message lines through the native scanner where it was built: the same without it.
    if (json !== (await withoutNative(() => jsonAnswer(f)))) out.push(`${f} (without the native scanner)`);
  }
  return out;
}

/** `run` in an env that never loads the native scanner (as where it was not built, or OMP_SESSIONS_NATIVE=0). */
async function withoutNative<T>(run: () => Promise<T>): Promise<T> {
  const restore = useEnv(createEnv({ nativeScan: false }));
  try {
    return await run();
  } finally {
    restore();
  }
}

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tree-fast-path-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A session of long lines: text of every kind (escapes, multi-byte, emoji, whitespace runs, controls) in every place a preview reads. */
function longSession(): string[] {
  const texts = [
    "x".repeat(5000),
    'a\\"b\n'.repeat(1500),
    "日本語".repeat(2000),
    "😀".repeat(1500),
    " \n\t ".repeat(1500) + "end",
    "\u0007\u001b[31m".repeat(800),
    "é".repeat(1023) + "😀".repeat(900),
    "\\".repeat(4000),
    "\u200d\u202e".repeat(2000),
  ];
  const lines = [JSON.stringify({ type: "session", version: 3, id: "long", timestamp: "2026-01-01T00:00:00.000Z", cwd: "/tmp" })];
  let parent: string | null = null;
  let n = 0;
  const add = (e: Record<string, unknown>): void => {
    const id = `e${++n}`;
    lines.push(JSON.stringify({ type: e.type ?? "message", id, parentId: parent, timestamp: `2026-01-01T00:00:${String(n % 60).padStart(2, "0")}.000Z`, ...e }));
    parent = id;
  };
  for (const text of texts) {
    add({ message: { role: "user", content: text } });
    add({
      message: {
        role: "user",
        content: [
          { type: "text", text },
          { type: "image", data: text },
          { type: "text", text },
        ],
      },
    });
    add({
      message: {
        role: "assistant",
        content: [
          { type: "thinking", thinking: text },
          { type: "text", text },
          { type: "toolCall", id: "c", name: "write", arguments: { path: text, content: text } },
          { type: "toolCall", name: "x", arguments: { other: text } },
        ],
        usage: { input: 1 },
        stopReason: "stop",
      },
    });
    add({ message: { role: "assistant", content: [], stopReason: "error", errorMessage: text } });
    add({ message: { role: "toolResult", toolName: "read", content: [{ type: "text", text }], isError: true } });
    add({ message: { role: "bashExecution", command: text, output: text, exitCode: 1 } });
    // (A custom message's summary shows its customType whole, as parsed: it is kept short here.)
    add({ message: { role: "custom", customType: "note", content: text } });
    add({ type: "compaction", summary: text, shortSummary: text, tokensBefore: 5, firstKeptEntryId: "e1" });
    add({ type: "branch_summary", summary: text, fromId: "e1" });
    add({ type: "custom_message", customType: "note", content: [{ type: "text", text }] });
    add({ type: "label", targetId: "e1", label: text });
    add({ type: "session_info", name: text });
    add({ type: "context_edit", targetId: "e2", replacement: { content: [{ type: "text", text }] } });
  }
  // The same lines again, damaged: cut short, a raw control byte, a bad escape, a missing bracket.
  const damaged = lines.slice(1, 40).flatMap((l) => [l.slice(0, l.length - 3), l.replace('"text":"', '"text":"\u0001'), l.slice(0, -20) + "\\q" + l.slice(-20), l.replace("}]", "]")]);
  return [...lines, ...damaged];
}

describe(`the tree's fast path gives what parsing every line whole gives${nativeScanAvailable() ? "" : " (the native scanner was not built here: its part is the JS path twice)"}`, () => {
  it("on every fixture file", async () => {
    const files = filesUnder(FIXTURES, (n) => n.endsWith(".jsonl") || n.endsWith(".jsonl.gz"));
    expect(files.length).toBeGreaterThan(50);
    expect(await differing(files)).toEqual([]);
  }, 120_000);

  it("on every fuzz mutant", async () => {
    const files = makeMutants().map((m) => {
      const f = join(dir, m.name);
      writeFileSync(f, m.bytes);
      return f;
    });
    expect(files.length).toBeGreaterThan(40);
    expect((await differing(files)).map((f) => relative(dir, f))).toEqual([]);
  }, 120_000);

  it("on long lines of every kind, whole and damaged", async () => {
    const f = join(dir, "long.jsonl");
    writeFileSync(f, longSession().join("\n") + "\n");
    expect(await differing([f])).toEqual([]);
    const s = await loadSession(f);
    // The damaged copies are left out with warnings: the fallback is exercised.
    expect(s.warnings.filter((w) => w.message.includes("not valid JSON")).length).toBeGreaterThan(100);
  }, 120_000);

  it("keeps a tree --json load's previews as bytes, and only a pi or omp session's", async () => {
    const f = join(dir, "long.jsonl");
    writeFileSync(f, longSession().join("\n") + "\n");
    const s = await loadSession(f, { previewJson: true });
    expect(s.previewJson).toBeDefined();
    expect(s.entries.every((e) => e.previewAt !== undefined && e.preview === "" && e.summary === "")).toBe(true);
    const plain = await loadSession(f);
    expect(s.entries.map((e) => s.previewJson!.text(e.previewAt!))).toEqual(plain.entries.map((e) => e.preview));
    const other = filesUnder(FIXTURES, (n) => n.endsWith(".jsonl")).find((p) => p.includes("/claude"));
    expect(other).toBeDefined();
    expect((await loadSession(other!, { previewJson: true })).previewJson).toBeUndefined();
  }, 120_000);
});
