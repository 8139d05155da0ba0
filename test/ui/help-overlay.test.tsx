// The ? overlay is complete at any size: it scrolls (j/k, PgUp/PgDn, g/G),
// wraps long rows instead of cutting them, and puts the screen's keys first.
import { afterEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { readdirSync } from "node:fs";
import { KEYS, mount, type Mounted } from "./harness.js";
import { BINDINGS } from "../../src/ui/keymap.js";
import { displayWidth } from "../../src/ui/format/width.js";
import { helpRows, layoutHelp } from "../../src/ui/components/help-overlay.js";

const DIR = "test/fixtures/sessions";
const RICH = join(
  DIR,
  readdirSync(DIR).find((f) => f.startsWith("pi-2026") && f.endsWith(".jsonl") && f.includes("T14-00"))!,
);

let m: Mounted | null = null;
afterEach(() => {
  m?.unmount();
  m = null;
});

/** The help's text column by column (two columns from 100 wide), page after page, until the end is on screen. */
async function readAllHelp(width: number, key: string): Promise<string> {
  const colWidth = width >= 100 ? Math.floor(width / 2) : width;
  const columns = () => {
    // The help's own rows: below the tab bar and its title, above the status line and the footer.
    const rows = m!.frame().split("\n").slice(2, -2);
    const left = rows.map((r) => r.slice(0, colWidth));
    const right = width >= 100 ? rows.map((r) => r.slice(colWidth)) : [];
    return [...left, ...right].join("\n");
  };
  let text = columns();
  for (let i = 0; i < 400; i++) {
    const pos = m!.frame().match(/lines (\d+)-(\d+) of (\d+)/);
    if (!pos || pos[2] === pos[3]) break;
    await m!.press(key);
    text += "\n" + columns();
  }
  return text;
}

/** Help rows with their wrapped continuations joined, whitespace squeezed. */
const flat = (text: string) => text.replace(/\s+/g, " ");

describe("? help", () => {
  for (const [width, height, key] of [
    [120, 40, KEYS.pageDown],
    [60, 15, KEYS.pageDown],
  ] as const) {
    it(`at ${width}×${height} every binding can be read in full (scrolling with PgDn)`, async () => {
      m = await mount({ file: RICH, width, height });
      await m.press("?");
      expect(m.frame()).toContain("Keys (? or Esc closes)");
      for (const l of m.frame().split("\n")) expect(displayWidth(l)).toBeLessThanOrEqual(width);
      const all = flat(await readAllHelp(width, key));
      for (const b of BINDINGS) {
        // The first and the last words of each row's text are on screen at some point (wrapped, not cut).
        const words = b.help.split(" ");
        expect(all, b.help).toContain(words.slice(0, 3).join(" "));
        expect(all, b.help).toContain(words.slice(-2).join(" "));
      }
    });
  }

  it("g and G go to the top and the end; k scrolls back; the tree's keys come first on the tree", async () => {
    m = await mount({ file: RICH, width: 120, height: 40 });
    await m.press("?");
    const top = m.frame();
    expect(top.split("\n")[2]).toContain("Tree");
    await m.press("G");
    const end = m.frame().match(/lines (\d+)-(\d+) of (\d+)/)!;
    expect(end[2]).toBe(end[3]);
    await m.press("k");
    expect(m.frame().match(/lines (\d+)-/)![1]).toBe(String(Number(end[1]) - 1));
    await m.press("g");
    expect(m.frame()).toBe(top);
    await m.press(KEYS.escape);
    expect(m.frame()).not.toContain("Keys (? or Esc closes)");
  });

  it("in two columns a binding's wrapped lines stay in one column, and a heading with its first binding", async () => {
    for (const screen of ["tree", "sessions", "feedback"] as const) {
      for (let height = 12; height <= 50; height += 3) {
        const lines = helpRows(screen, 59);
        for (let top = 0; top < lines.length; top += 7) {
          const { columns, shown } = layoutHelp(lines, top, height, 2);
          expect(shown).toBeGreaterThan(0);
          const [left, right] = columns;
          if (right.length === 0) continue;
          const last = left[left.length - 1];
          const where = `${screen} ${height} rows from ${top}: ${last.text} | ${right[0].text}`;
          const tall = lines.filter((l) => l.block === right[0].block).length > height;
          if (!tall) expect(right[0].block, where).not.toBe(last.block);
          expect(last.heading ?? false, where).toBe(false);
        }
      }
    }
    // On screen, at the size the split was seen at: the right column never opens on the rest of a binding.
    m = await mount({ file: RICH, width: 120, height: 35 });
    await m.press("?");
    for (let page = 0; page < 12; page++) {
      const rows = m.frame().split("\n").slice(2, -2);
      const rightTop = rows[0].slice(60);
      expect(rightTop, m.frame()).not.toMatch(/^ {12}/);
      const pos = m.frame().match(/lines (\d+)-(\d+) of (\d+)/);
      if (!pos || pos[2] === pos[3]) break;
      await m.press(KEYS.pageDown);
    }
  });

  it("in two columns a gutter of three spaces parts them: a full left line never runs into a right heading", async () => {
    m = await mount({ paths: [], width: 120, height: 40 });
    await m.press("?");
    for (let page = 0; page < 12; page++) {
      const rows = m.frame().split("\n").slice(2, -2);
      // Columns 57-59 (the left column is 57 wide, the right starts at 60): blank on every row (the help is ASCII and arrows).
      for (const r of rows) expect(r.slice(57, 60), r).toBe(r.length > 57 ? "   ".slice(0, Math.min(3, r.length - 57)) : "");
      const pos = m.frame().match(/lines (\d+)-(\d+) of (\d+)/);
      if (!pos || pos[2] === pos[3]) break;
      await m.press(KEYS.pageDown);
    }
  });
});
