import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { parseLaunchArgs } from "../../src/ui/run.js";
import { runBin } from "../helpers/run-bin.js";

describe("browser options for the review screens", () => {
  it("the browser takes --hub DIR, --hub=DIR and --local for the review screens, and --open feedback|digests", () => {
    expect(parseLaunchArgs(["--hub", "/h", "--open", "feedback"], {})).toMatchObject({ hub: "/h", open: "feedback" });
    expect(parseLaunchArgs(["--hub=/x", "--local", "--open=digests"], {})).toMatchObject({ hub: "/x", local: true, open: "digests" });
  });

  it("--help and the docs name every screen --open starts on, and no other", async () => {
    const SCREENS = ["sessions", "tree", "feedback", "digests", "search", "stats"];
    for (const screen of SCREENS) expect(parseLaunchArgs(["--open", screen], {}).open).toBe(screen);
    expect(() => parseLaunchArgs(["--open", "trees"], {})).toThrow(/--open takes one of: sessions, tree, feedback, digests, search, stats/);
    const help = await runBin(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`omp-sessions --open ${SCREENS.join("|")}\n`);
    for (const doc of ["README.md", "docs/browser.md"]) expect(readFileSync(doc, "utf8"), doc).toContain(`omp-sessions --open ${SCREENS.join("|")}\n`);
  });
});
