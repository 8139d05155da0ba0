// Shared by the write tests: fixture copies in a temp dir (aged, so they do not
// look live), and snapshots of a session's tree to compare before and after.
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES } from "../../helpers/fixtures.js";
import { loadSession } from "../../../src/core/session/tree/load.js";
import type { Session } from "../../../src/core/session/model.js";

export function tempDir(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "omp-write-"));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Makes a file look untouched for an hour, so the live check lets it be. */
export function age(file: string): void {
  const t = new Date(Date.now() - 3600_000);
  utimesSync(file, t, t);
}

/** The sessions fixtures whose names start with `prefix`, sorted. */
export function fixtureNames(prefix: string): string[] {
  return readdirSync(join(FIXTURES, "sessions"))
    .filter((f) => f.startsWith(prefix) && f.endsWith(".jsonl"))
    .sort();
}

export function copyFixture(name: string, dir: string, as = name): string {
  const to = join(dir, as);
  copyFileSync(join(FIXTURES, "sessions", name), to);
  age(to);
  return to;
}

export interface NodeSnap {
  parentId: string | null;
  type: string;
  label: string | null;
  children: string[];
}

/** The tree as {id → parent, type, label, children}, plus roots. */
export function snap(s: Session): { roots: string[]; nodes: Map<string, NodeSnap> } {
  const nodes = new Map<string, NodeSnap>();
  for (const e of s.entries) {
    nodes.set(e.id, { parentId: e.parentId, type: e.type, label: s.labels.get(e.id) ?? null, children: s.children.get(e.id) ?? [] });
  }
  return { roots: s.roots, nodes };
}

/**
 * Checks that `after` is `before` plus the entries `added` (ids), with only
 * the labels in `labelChanges` changed (null: cleared). Returns a list of
 * differences (empty when equal) so a failing test says what changed.
 */
export function treeDiff(before: Session, after: Session, added: string[], labelChanges: Record<string, string | null> = {}): string[] {
  const out: string[] = [];
  const b = snap(before);
  const a = snap(after);
  const isNew = new Set(added);
  for (const id of added) if (!a.nodes.has(id)) out.push(`new entry ${id} missing`);
  if (a.nodes.size !== b.nodes.size + added.length) out.push(`entry count ${a.nodes.size}, expected ${b.nodes.size + added.length}`);
  const roots = a.roots.filter((r) => !isNew.has(r));
  if (JSON.stringify(roots) !== JSON.stringify(b.roots)) out.push(`roots changed: ${JSON.stringify(b.roots)} → ${JSON.stringify(roots)}`);
  for (const [id, old] of b.nodes) {
    const now = a.nodes.get(id);
    if (!now) {
      out.push(`entry ${id} lost`);
      continue;
    }
    const expLabel = id in labelChanges ? labelChanges[id] : old.label;
    if (now.label !== expLabel) out.push(`label of ${id}: ${String(now.label)}, expected ${String(expLabel)}`);
    if (now.parentId !== old.parentId || now.type !== old.type) out.push(`entry ${id} changed`);
    const kids = now.children.filter((c) => !isNew.has(c));
    if (JSON.stringify(kids) !== JSON.stringify(old.children)) out.push(`children of ${id} changed`);
  }
  return out;
}

/** Checks the appended bytes: the file starts with `before`, and what follows is whole JSON lines. */
export function appendedLines(before: Buffer, file: string): Record<string, unknown>[] {
  const after = readFileSync(file);
  if (!after.subarray(0, before.length).equals(before)) throw new Error("the bytes before the append changed");
  const tail = after.subarray(before.length).toString("utf8");
  if (!tail.endsWith("\n")) throw new Error("the appended part does not end with a newline");
  const body = before.length && before[before.length - 1] !== 0x0a ? tail.replace(/^\n/, "") : tail;
  return body
    .slice(0, -1)
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export async function reload(file: string): Promise<Session> {
  return loadSession(file);
}

/** Warnings as "line: message" strings, to compare before and after a write. */
export function warningLines(s: Session): string[] {
  return s.warnings.map((w) => `${w.line}`);
}
