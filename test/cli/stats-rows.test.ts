// A cold `stats` makes the catalog's rows of other agents' sessions in the
// same pass that reads their figures (FiguresTaps' dialect tap, in this
// thread or in the stats worker): `ls` from the catalog it leaves lists the
// same rows as a cold `ls`, which reads every file without the taps. Both
// read a Claude Code file in the reader's listing mode (list/list-dialect.ts):
// its rows and figures are a full load's, on every Claude Code fixture and
// on mutants of each.
import { afterAll, beforeAll, describe, it, expect } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { FIXTURES } from "../helpers/fixtures.js";
import { runBin } from "../helpers/run-bin.js";
import { agentsEnv, geminiHome } from "../helpers/agents-env.js";
import { figureFacts } from "../helpers/figures.js";
import { MUTATORS, prng } from "../helpers/mutants.js";
import { summarizeSession } from "../../src/core/session/list/summary.js";
import type { DialectTap } from "../../src/core/session/list/catalog-scan.js";
import { dialectOf } from "../../src/core/session/read/dialect-of.js";
import { figurePartsOfListing, figuresOfSession, heldMayCarryUsage, readSessionFigures } from "../../src/core/stats/read-session.js";
import { figuresOf, type SessionFigures } from "../../src/core/stats/figures.js";
import { makePricer, type Pricer } from "../../src/core/stats/prices.js";

let home: string;
/** Gemini CLI's home (its sessions under .gemini/). */
let gemini: ReturnType<typeof geminiHome>;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), "omps-stats-rows-"));
  gemini = geminiHome("omps-stats-rows-gemini-");
});
afterAll(() => {
  rmSync(home, { recursive: true, force: true });
  gemini.remove();
});

const env = (cache: string, mode: string): NodeJS.ProcessEnv => agentsEnv({ home, gemini: gemini.gemini, cache, worker: mode });

async function ls(cache: string): Promise<string> {
  const r = await runBin(["ls", "--all", "--json"], { env: env(cache, "off") });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

describe("the rows a cold stats leaves in the catalog", () => {
  it("are the rows a cold ls makes, by every route of the stats pass", async () => {
    const cold = await ls("ls-cold");
    const rows = JSON.parse(cold) as { path: string }[];
    for (const place of ["/claude/", "/codex/", "/.gemini/"])
      expect(
        rows.some((r) => r.path.includes(place)),
        place,
      ).toBe(true);
    for (const mode of ["off", "worker", "on"]) {
      const cache = `stats-${mode}`;
      const s = await runBin(["stats", "--all", "--json"], { env: { ...env(cache, mode), OMP_SESSIONS_STATS: "1" } });
      expect(s.code, s.stderr).toBe(0);
      // ls reads nothing again: every row is the one the stats pass made
      const again = await runBin(["ls", "--all", "--json"], { env: { ...env(cache, "off"), OMP_SESSIONS_STATS: "1" } });
      expect(again.stderr, mode).toMatch(/^read 0 bytes from 0 files$/m);
      expect(again.stdout, mode).toBe(cold);
    }
  });
});

/** Every Claude Code transcript under `dir` (by the dialect that claims its path), relative to `dir`. */
function claudeFiles(dir: string, out: string[] = [], root = dir): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) claudeFiles(p, out, root);
    else if (name.endsWith(".jsonl") && dialectOf(p)?.agent === "claude") out.push(relative(root, p));
  }
  return out;
}

/** A Claude Code file's lines with their parents pointed elsewhere, lines written twice and lines dropped: loops, repeated ids, orphans. */
function relinked(b: Buffer, r: () => number): Buffer {
  const lines = b.toString("utf8").split("\n");
  const uuids = lines.map((l) => /"uuid":"([^"]+)"/.exec(l)?.[1]).filter((x): x is string => !!x);
  const out: string[] = [];
  for (const l of lines) {
    const x = r();
    if (x < 0.08) continue;
    if (x < 0.2 && uuids.length > 0) out.push(l.replace(/"parentUuid":(null|"[^"]*")/, `"parentUuid":"${uuids[Math.floor(r() * uuids.length)]}"`));
    else out.push(l);
    if (x > 0.92) out.push(l);
  }
  return Buffer.from(out.join("\n"));
}

/**
 * A file's listing row and figures by the listing load (the tap's takeListing,
 * as a cold stats reads it; and with no tap, as a cold ls does) and by a full
 * load (a tap with no takeListing), and its figures as `stats` of the one file
 * reads them through the tree (read-session.ts).
 */
interface Route {
  row: unknown;
  figures: ReturnType<typeof figureFacts>;
}

async function routes(file: string, pricer: Pricer): Promise<{ listing: Route; plain: Route; full: Route; tree: ReturnType<typeof figureFacts> }> {
  let listed: SessionFigures | null = null;
  let loaded: SessionFigures | null = null;
  const listing: DialectTap = {
    holdObjects: heldMayCarryUsage,
    take: () => {
      throw new Error("a Claude Code file is read in the listing mode");
    },
    takeListing: async (l) => {
      listed = figuresOf(await figurePartsOfListing(l), pricer);
    },
  };
  const full: DialectTap = {
    holdObjects: heldMayCarryUsage,
    take: async (s) => {
      loaded = await figuresOfSession(s, pricer);
    },
  };
  const rowListing = await summarizeSession(file, listing);
  const rowPlain = await summarizeSession(file);
  const rowFull = await summarizeSession(file, full);
  return {
    listing: { row: rowListing, figures: figureFacts(listed) },
    plain: { row: rowPlain, figures: figureFacts(listed) },
    full: { row: rowFull, figures: figureFacts(loaded) },
    tree: rowFull.valid ? figureFacts(await readSessionFigures(file, pricer)) : null,
  };
}

describe("a Claude Code file read in the reader's listing mode", () => {
  const work = mkdtempSync(join(tmpdir(), "omps-listing-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** The fixtures' Claude Code files, and the shared drift set's where this machine has it. */
  const SHARED = "/work/shared/fixtures/agents-drift/claude";
  const tops: [string, string][] = [[FIXTURES, "fixtures"]];
  if (existsSync(SHARED)) tops.push([SHARED, "shared"]);

  it("gives the row and the figures a full load gives, on every fixture and mutant", async () => {
    const pricer = await makePricer({ rates: new Map(), stamp: "none", error: null, path: "" });
    let files = 0;
    let withCalls = 0;
    let mutants = 0;
    const r = prng(0x5a75);
    for (const [top, tag] of tops) {
      // A copy, so that mutants lie where their kind does (a session's subagents are found beside it).
      const tree = join(work, tag);
      cpSync(top, tree, { recursive: true });
      for (const rel of claudeFiles(tree)) {
        const file = join(tree, rel);
        const got = await routes(file, pricer);
        expect(got.listing, rel).toEqual(got.full);
        expect(got.plain, rel).toEqual(got.full);
        expect(got.full.figures, rel).toEqual(got.tree);
        files++;
        if (((got.full.figures?.calls as unknown[] | undefined)?.length ?? 0) > 0) withCalls++;
        const original = readFileSync(file);
        const kinds: [string, (b: Buffer, r: () => number) => Buffer][] = [...Object.entries(MUTATORS), ["relinked", relinked]];
        for (const [kind, mutate] of kinds) {
          for (let k = 0; k < 2; k++) {
            const at = join(work, `${tag}-${kind}-${k}`, rel);
            mkdirSync(dirname(at), { recursive: true });
            writeFileSync(at, mutate(original, r));
            const m = await routes(at, pricer);
            expect(m.listing, `${rel} ${kind} ${k}`).toEqual(m.full);
            expect(m.plain, `${rel} ${kind} ${k}`).toEqual(m.full);
            expect(m.full.figures, `${rel} ${kind} ${k}`).toEqual(m.tree);
            mutants++;
          }
        }
      }
    }
    // The fixtures hold a score of Claude Code files, most with calls: the comparison must have happened.
    expect(files).toBeGreaterThan(15);
    expect(withCalls).toBeGreaterThan(10);
    expect(mutants).toBe(files * (Object.keys(MUTATORS).length + 1) * 2);
  });
});
