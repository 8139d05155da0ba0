// A Claude Code file reaches the loader in runs (RecordSource.batches, one
// per chunk read) and, when small, in one blocking read (read/lines.ts): the
// cold `stats` path. Both must load exactly what the record-by-record loop
// and the chunked read load, on every Claude fixture and on mutants of each.
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Dialect } from "../../../src/core/session/read/dialect-api.js";
import { claudeDialect } from "../../../src/core/session/read/dialects/claude/index.js";
import { loadDialectSession } from "../../../src/core/session/tree/load-dialect.js";
import type { Session } from "../../../src/core/session/model.js";
import { FIXTURES } from "../../helpers/fixtures.js";
import { MUTATORS } from "../../helpers/mutants.js";

/** Every Claude Code transcript among the fixtures, relative to FIXTURES. */
const CLAUDE_FILES = [
  "agents/claude/projects/-home-dev-demo/11111111-1111-4111-8111-111111111111.jsonl",
  "agents/claude/projects/-home-dev-demo/22222222-2222-4222-8222-222222222222.jsonl",
  "agents/claude/projects/-home-dev-demo/33333333-3333-4333-8333-333333333333.jsonl",
  "agents/claude/projects/-home-dev-demo/44444444-4444-4444-8444-444444444444.jsonl",
  "agents/claude/projects/-home-dev-demo/55555555-5555-4555-8555-555555555555.jsonl",
  "agents/claude/projects/-home-dev-demo/66666666-6666-4666-8666-666666666666.jsonl",
  "agents/claude/projects/-home-dev-demo/77777777-7777-4777-8777-777777777777.jsonl",
  "agents/claude/projects/-home-dev-demo/77777777-7777-4777-8777-777777777777/subagents/agent-a1b2c3d4e5f6a7b8c.jsonl",
  "agents/claude/projects/-home-dev-demo/88888888-8888-4888-8888-888888888888.jsonl",
  "agents/claude/projects/-home-dev-demo/99999999-9999-4999-8999-999999999999.jsonl",
  "agents/claude/projects/-home-dev-demo/agent-0f1e2d3c.jsonl",
  "agents/claude-parallel/projects/-home-dev-tasks/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa.jsonl",
  "agents-drift/claude/projects/-home-dev-demo/c1c1c1c1-0000-4000-8000-000000000000.jsonl",
  "agents-drift/claude/projects/-home-dev-demo/c2c2c2c2-0000-4000-8000-000000000000.jsonl",
  "agents-drift/claude/projects/-home-dev-demo/c3c3c3c3-0000-4000-8000-000000000000.jsonl",
  "agents-drift/claude/projects/-home-dev-demo/c4c4c4c4-0000-4000-8000-000000000000.jsonl",
  "compare/claude/c1a0de00-0000-4000-8000-000000000001.jsonl",
  "compare/claude/c1a0de00-0000-4000-8000-000000000002.jsonl",
];

/** The dialect with its source's runs hidden: the loader takes its records one at a time. */
const oneByOne: Dialect = {
  ...claudeDialect,
  open: (path) => {
    const s = claudeDialect.open(path);
    return { records: () => s.records(), close: () => s.close?.() };
  },
};

/** What a load gives, but for the file's path and size (the padded copy differs in those alone). */
function loaded(s: Session): string {
  const maps = (m: ReadonlyMap<string, unknown> | undefined) => (m ? [...m] : null);
  const topo = s.topology ? { parent: [...s.topology.parent], childStart: [...s.topology.childStart] } : null;
  return JSON.stringify({
    header: s.header,
    entries: s.entries,
    held: maps(s.held),
    aliases: maps(s.aliases),
    roots: s.roots,
    children: maps(s.children),
    labels: maps(s.labels),
    name: s.name,
    firstMessage: s.firstMessage,
    leafId: s.leafId,
    warnings: s.warnings,
    unknownShapes: s.unknownShapes,
    topo,
  });
}

/** A small deterministic generator (the same mutants every run). */
function prng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const work = mkdtempSync(join(tmpdir(), "claude-runs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `bytes` written where a Claude file of `rel`'s kind lives (a subagent's folder, a sidechain's name), under `work`. */
function place(rel: string, tag: string, bytes: Buffer): string {
  const file = join(work, tag, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return file;
}

describe("Claude Code files read in runs", () => {
  it("loads every fixture as the record-by-record loop does, and a small file's blocking read as the chunked one", async () => {
    // A copy of the fixtures, so that a file can be padded where it lies (a session's subagents are found beside it).
    const tree = join(work, "tree");
    for (const top of new Set(CLAUDE_FILES.map((rel) => rel.split("/")[0]))) cpSync(join(FIXTURES, top), join(tree, top), { recursive: true });
    for (const rel of CLAUDE_FILES) {
      const file = join(tree, rel);
      const runs = loaded(await loadDialectSession(file, claudeDialect));
      expect(runs, rel).toBe(loaded(await loadDialectSession(file, oneByOne)));
      const bytes = readFileSync(file);
      if (bytes[bytes.length - 1] !== 0x0a) continue;
      // Blank lines after the last one push the file past one read (1 MB): read in turns, the same entries.
      writeFileSync(file, Buffer.concat([bytes, Buffer.alloc(1.5 * 1024 * 1024, 0x0a)]));
      expect(loaded(await loadDialectSession(file, claudeDialect)), rel).toBe(runs);
      writeFileSync(file, bytes);
    }
  });

  it("loads every fixture's mutants as the record-by-record loop does", async () => {
    const r = prng(25);
    let n = 0;
    for (const rel of CLAUDE_FILES) {
      const original = readFileSync(join(FIXTURES, rel));
      for (const [kind, mutate] of Object.entries(MUTATORS)) {
        for (let k = 0; k < 2; k++) {
          const file = place(rel, `${kind}-${k}`, mutate(original, r));
          const a = await loadDialectSession(file, claudeDialect).then(loaded, (err: Error) => `error: ${err.message}`);
          const b = await loadDialectSession(file, oneByOne).then(loaded, (err: Error) => `error: ${err.message}`);
          expect(a, `${rel} ${kind} ${k}`).toBe(b);
          n++;
        }
      }
    }
    expect(n).toBe(CLAUDE_FILES.length * Object.keys(MUTATORS).length * 2);
  });
});
