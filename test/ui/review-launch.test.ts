import { describe, expect, it } from "vitest";
import { parseLaunchArgs } from "../../src/ui/run.js";

describe("browser options for the review screens", () => {
  it("the browser takes --hub DIR, --hub=DIR and --local for the review screens, and --open feedback|digests", () => {
    expect(parseLaunchArgs(["--hub", "/h", "--open", "feedback"], {})).toMatchObject({ hub: "/h", open: "feedback" });
    expect(parseLaunchArgs(["--hub=/x", "--local", "--open=digests"], {})).toMatchObject({ hub: "/x", local: true, open: "digests" });
  });
});
