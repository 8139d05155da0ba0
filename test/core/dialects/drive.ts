// Runs a dialect over one session the way the session core does: its source's
// records in order into a fresh reader, then end(). Checks the result against
// a hand-computed `*.expect.json` beside the fixture.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { expect } from "vitest";
import type { Dialect, DialectEntry, DialectFacts, PiEntry } from "../../../src/core/session/read/dialect-api.js";
import { contextOfPath } from "../../../src/core/session/tree/context.js";

export interface Read {
  entries: DialectEntry[];
  warnings: { line: number; text: string }[];
  facts: DialectFacts;
}

export async function readSession(d: Dialect, path: string): Promise<Read> {
  const src = d.open(path);
  const reader = d.reader(path);
  const entries: DialectEntry[] = [];
  const warnings: { line: number; text: string }[] = [];
  try {
    for await (const r of src.records()) {
      if ("warning" in r) {
        warnings.push({ line: r.origin.line, text: r.warning });
        continue;
      }
      const out = reader.push(r.value, r.origin);
      if (typeof out === "string") warnings.push({ line: r.origin.line, text: out });
      else entries.push(...out);
    }
    entries.push(...reader.end());
  } finally {
    src.close?.();
  }
  return { entries, warnings, facts: reader.facts() };
}

/** The path from the root to an entry, by parentId (a straight path for these agents). */
export function pathTo(entries: PiEntry[], id: string): PiEntry[] {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const out: PiEntry[] = [];
  for (let e = byId.get(id); e; e = e.parentId ? byId.get(e.parentId) : undefined) out.unshift(e);
  return out;
}

type Obj = Record<string, any>;

function contextOf(d: Dialect, path: PiEntry[]): { messages: Obj[]; model?: unknown } {
  // No rule of its own: pi's rule over the pi-shaped entries, as the session core does.
  return d.context ? d.context(path) : contextOfPath(path);
}

export function checkExpect(d: Dialect, got: Read, expectFile: string): void {
  const want = JSON.parse(readFileSync(expectFile, "utf8")) as Obj;
  // A parent given as a relative path is the fixture beside it (the dialect gives it absolute).
  const parent = want.facts.parentSession;
  if (typeof parent === "string" && parent.startsWith(".")) want.facts.parentSession = resolve(dirname(expectFile), parent);
  expect(got.facts).toMatchObject(want.facts);
  expect(got.warnings.map((w) => w.line)).toEqual(want.warnings);
  const entries = got.entries.map((de) => de.entry);
  expect(entries.map((e) => e.id)).toEqual(want.entries.map((e: Obj) => e.id));
  got.entries.forEach((de, i) => {
    const w = want.entries[i] as Obj;
    const e = de.entry as Obj;
    const m = (e.message ?? {}) as Obj;
    expect({ id: e.id, parentId: e.parentId, type: e.type }).toEqual({ id: w.id, parentId: w.parentId, type: w.type });
    expect(de.origin.line, `${e.id} line`).toBe(w.line);
    if (w.role) expect(m.role, `${e.id} role`).toBe(w.role);
    if (w.customType) expect(e.customType, `${e.id} customType`).toBe(w.customType);
    if (w.parts)
      expect(
        (de.parts ?? [de.origin]).map((p) => p.line),
        `${e.id} parts`,
      ).toEqual(w.parts);
    if (w.blocks)
      expect(
        (m.content as Obj[]).map((b) => b.type),
        `${e.id} blocks`,
      ).toEqual(w.blocks);
    if (w.stopReason) expect(m.stopReason, `${e.id} stopReason`).toBe(w.stopReason);
    if (w.toolName !== undefined) expect(m.toolName, `${e.id} toolName`).toBe(w.toolName);
    if (w.isError !== undefined) expect(m.isError, `${e.id} isError`).toBe(w.isError);
    if (w.tokensBefore !== undefined) expect(e.tokensBefore, `${e.id} tokensBefore`).toBe(w.tokensBefore);
    // Usage exactly where the expectation has it, nowhere else.
    if (m.role === "assistant") expect(m.usage, `${e.id} usage`).toEqual(w.usage);
  });
  const sum = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0 };
  for (const e of entries) {
    const u = (e as Obj).message?.usage as Obj | undefined;
    if (!u) continue;
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += u[k] as number;
  }
  expect(sum).toEqual(want.sessionUsage);
  for (const [leaf, c] of Object.entries(want.contexts as Obj)) {
    const ctx = contextOf(d, pathTo(entries, leaf));
    expect(
      ctx.messages.map((m) => m.role),
      `context at ${leaf}`,
    ).toEqual(c.roles);
    expect(ctx.model, `model at ${leaf}`).toEqual(c.model);
  }
}
