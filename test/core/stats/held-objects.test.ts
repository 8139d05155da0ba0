// The figures load another agent's session with its calls held as objects
// (DialectLoadOptions.holdObjects) instead of JSON text, and without previews
// (noPreviews): the entries, the tree and the figures must be the same as
// through the text, on every agent fixture.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSession } from "../../../src/core/session/tree/load.js";
import { readEntries } from "../../../src/core/session/read/entry.js";
import { figuresOfSession, readSessionFigures } from "../../../src/core/stats/read-session.js";
import { makePricer } from "../../../src/core/stats/prices.js";
import type { PriceOverrides } from "../../../src/core/stats/price-overrides.js";
import type { Session } from "../../../src/core/session/model.js";
import { summarizeSession } from "../../../src/core/session/list/summary.js";
import { FiguresTaps } from "../../../src/core/stats/figures-scan.js";
import { figureFacts } from "../../helpers/figures.js";

const noOverrides: PriceOverrides = { rates: new Map(), stamp: "none", error: null, path: "" };
const FIXTURES = join(__dirname, "..", "..", "fixtures");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.jsonl?$/.test(name) ? [p] : [];
  });
}

async function dialectSessions(): Promise<{ file: string; text: Session; objects: Session }[]> {
  const out: { file: string; text: Session; objects: Session }[] = [];
  for (const dir of ["agents", "agents-drift", "compare", "stats"]) {
    for (const file of filesUnder(join(FIXTURES, dir))) {
      let text: Session;
      try {
        text = await loadSession(file);
      } catch {
        continue;
      }
      if (!text.held) continue;
      out.push({ file, text, objects: await loadSession(file, { holdObjects: () => true }) });
    }
  }
  return out;
}

describe("another agent's session with its entries held as objects", () => {
  it("gives the same entries and tree as with JSON text, on every agent fixture", async () => {
    const all = await dialectSessions();
    expect(all.length).toBeGreaterThan(15);
    for (const { file, text, objects } of all) {
      expect(objects.entries, file).toEqual(text.entries);
      expect(await readEntries(objects, objects.entries), file).toEqual(await readEntries(text, text.entries));
      // Without previews: the same tree, each entry's meta only without its texts.
      const bare = await loadSession(file, { holdObjects: () => true, noPreviews: true });
      const facts = (s: Session) => ({ leaf: s.leafId, name: s.name, entries: s.entries.map((m) => [m.id, m.parentId, m.type, m.role, m.timestamp, m.line, m.offset, m.length, m.label, m.targetId]) });
      expect(facts(bare), file).toEqual(facts(text));
    }
  });

  it("gives the same figures as the session loaded with JSON text", async () => {
    const pricer = await makePricer(noOverrides);
    for (const { file, text } of await dialectSessions()) {
      expect(await readSessionFigures(file, pricer), file).toEqual(await figuresOfSession(text, pricer));
    }
  });

  it("the listing's load gives the figures through FiguresTaps, and its row is the same with or without the tap", async () => {
    const pricer = await makePricer(noOverrides);
    for (const { file } of await dialectSessions()) {
      const taps = new FiguresTaps(noOverrides);
      const row = await summarizeSession(file, taps.dialect);
      expect(row, file).toEqual(await summarizeSession(file));
      expect(figureFacts(taps.figured.get(file)?.figures), file).toEqual(figureFacts(await readSessionFigures(file, pricer)));
      // A tap that fails costs the figures their shortcut (collect reads the file), never the row.
      const failing = { holdObjects: () => true, take: () => Promise.reject(new Error("boom")) };
      expect(await summarizeSession(file, failing), file).toEqual(row);
    }
  });
});
