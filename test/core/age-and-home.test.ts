// The one age() (browser lists and the ls table) and the one pair of `~` helpers.
import { describe, expect, it } from "vitest";
import { age } from "../../src/core/format/age.js";
import { expandHome, tildePath } from "../../src/core/fs/home-path.js";

const NOW = Date.parse("2026-06-01T12:00:00.000Z");
const ago = (s: number) => new Date(NOW - s * 1000).toISOString();

describe("age", () => {
  it("in the browser's lists: seconds up to years", () => {
    expect([5, 90, 7200, 3 * 86400, 20 * 86400, 400 * 86400].map((s) => age(ago(s), NOW))).toEqual(["5s", "1m", "2h", "3d", "2w", "1y"]);
  });

  it("in the ls table: now, then up to days, then the date", () => {
    expect([5, 59.6, 90, 7200, 3 * 86400].map((s) => age(ago(s), NOW, "table"))).toEqual(["now", "1m", "1m", "2h", "3d"]);
    expect(age("2026-03-01T00:00:00.000Z", NOW, "table")).toBe("2026-03-01");
  });

  it("says ? for no date, and never goes negative", () => {
    expect(age("yesterday", NOW)).toBe("?");
    expect(age(ago(-30), NOW)).toBe("0s");
  });
});

describe("home paths", () => {
  it("expands ~ as the agents read it, and only a leading ~", () => {
    expect(expandHome("~", "/home/u")).toBe("/home/u");
    expect(expandHome("~/x/y", "/home/u")).toBe("/home/u/x/y");
    expect(expandHome("~\\x", "/home/u")).toBe("/home/u/x");
    expect(expandHome("~other/x", "/home/u")).toBe("~other/x");
    expect(expandHome("/a/~/b", "/home/u")).toBe("/a/~/b");
  });

  it("shortens paths under home, and only those", () => {
    expect(tildePath("/home/u/work/app", "/home/u")).toBe("~/work/app");
    expect(tildePath("/home/u", "/home/u")).toBe("~");
    expect(tildePath("/home/user2/x", "/home/u")).toBe("/home/user2/x");
    expect(tildePath("/x", "")).toBe("/x");
  });
});
