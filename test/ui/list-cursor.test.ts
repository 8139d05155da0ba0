// The one cursor of every list (session list, tree, feedback, digests, search results).
import { describe, expect, it } from "vitest";
import { clampCursor, keepCursor, moveCursor, pageStep, windowRange, windowStart, type CursorMove } from "../../src/ui/state/list-cursor.js";

const walk = (start: number, count: number, page: number, moves: CursorMove[]): number[] => {
  const out: number[] = [];
  let c = start;
  for (const m of moves) out.push((c = moveCursor(c, count, m, page)));
  return out;
};

describe("moving", () => {
  it("up and down wrap, as in pi", () => {
    expect(walk(0, 3, 10, ["up", "up", "down", "down", "down"])).toEqual([2, 1, 2, 0, 1]);
  });

  it("pages move one row less than a page and stop at the ends; first and last go there", () => {
    expect(pageStep(10)).toBe(9);
    expect(pageStep(1)).toBe(1);
    expect(walk(0, 30, 10, ["pageDown", "pageDown", "pageDown", "pageDown", "pageUp", "first", "last"])).toEqual([9, 18, 27, 29, 20, 0, 29]);
    expect(walk(5, 30, 0, ["pageUp", "pageUp"])).toEqual([4, 3]); // a page is never less than one row
  });

  it("an empty list keeps the cursor at 0; a cursor past a shrunk list moves from its last row", () => {
    for (const m of ["up", "down", "pageUp", "pageDown", "first", "last"] as const) expect(moveCursor(4, 0, m, 10)).toBe(0);
    expect(moveCursor(40, 5, "up", 10)).toBe(3);
    expect(moveCursor(40, 5, "down", 10)).toBe(0);
  });
});

describe("clamping and keeping the cursor on its item", () => {
  it("clamps into the list, 0 when empty", () => {
    expect([clampCursor(-3, 5), clampCursor(2, 5), clampCursor(9, 5), clampCursor(3, 0)]).toEqual([0, 2, 4, 0]);
  });

  it("follows the item by key through a reload or a filter, else stays at its place, clamped", () => {
    const before = [{ id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }];
    const reloaded = [{ id: "z" }, { id: "a" }, { id: "b" }, { id: "c" }, { id: "d" }].map((x) => ({ ...x }));
    expect(keepCursor(reloaded, (x) => x.id, before[2], 2)).toEqual({ cursor: 3, same: true });
    expect(keepCursor([{ id: "a" }, { id: "b" }], (x) => x.id, before[3], 3)).toEqual({ cursor: 1, same: false });
    expect(keepCursor([], (x: { id: string }) => x.id, before[0], 0)).toEqual({ cursor: 0, same: false });
    expect(keepCursor(before, (x) => x.id, undefined, 2)).toEqual({ cursor: 2, same: false });
  });
});

describe("the window drawn", () => {
  it("shows everything when it fits, else centres the cursor and stops at the ends", () => {
    expect(windowRange(2, 5, 10)).toEqual({ start: 0, end: 5 });
    expect(windowRange(50, 100, 10)).toEqual({ start: 45, end: 55 });
    expect(windowRange(1, 100, 10)).toEqual({ start: 0, end: 10 });
    expect(windowRange(99, 100, 10)).toEqual({ start: 90, end: 100 });
  });

  it("keeps the cursor on screen at every height, also after the terminal or the list shrank", () => {
    for (const height of [1, 2, 3, 7, 10, 40]) {
      for (const count of [0, 1, 9, 10, 11, 250]) {
        for (const cursor of [0, 1, Math.floor(count / 2), count - 1, count + 5]) {
          const { start, end } = windowRange(cursor, count, height);
          expect(end - start).toBe(Math.min(count, height));
          if (count > 0) {
            const c = clampCursor(cursor, count);
            expect(c >= start && c < end, `${cursor}/${count} in ${height}`).toBe(true);
          }
        }
      }
    }
    expect(windowStart(5, 10, 0)).toBe(0);
    expect(windowRange(5, 10, 0)).toEqual({ start: 0, end: 0 });
  });
});
