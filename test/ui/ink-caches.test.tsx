// The browser shares Ink's per-frame output caches across frames (keypresses
// re-draw mostly unchanged lines). The patch must take with the pinned Ink,
// and frames must come out exactly as without it.
import { describe, expect, it } from "vitest";
import React from "react";
import { Box, Text } from "ink";
import { render } from "ink-testing-library";
import { shareInkCaches } from "../../src/ui/ink-caches.js";

function Rows({ cursor }: { cursor: number }) {
  return (
    <Box flexDirection="column">
      {["alpha 日本語", "beta 🚀", "gamma"].map((t, i) => (
        <Text key={t} color={i === cursor ? "green" : undefined}>
          {i === cursor ? "› " : "  "}
          {t}
        </Text>
      ))}
    </Box>
  );
}

describe("Ink output caches shared across frames", () => {
  it("patches the pinned Ink, and a frame is the same before and after", async () => {
    const before = render(<Rows cursor={1} />);
    const plain = before.lastFrame();
    before.unmount();
    expect(await shareInkCaches()).toBe(true);
    const after = render(<Rows cursor={0} />);
    after.rerender(<Rows cursor={1} />);
    expect(after.lastFrame()).toBe(plain);
    after.rerender(<Rows cursor={2} />);
    expect(after.lastFrame()).toContain("› gamma");
    expect(after.lastFrame()).toContain("  beta 🚀");
    after.unmount();
  });
});
