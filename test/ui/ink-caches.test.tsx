// The browser shares Ink's per-frame output caches across frames (keypresses
// re-draw mostly unchanged lines). The patch must take with the pinned Ink,
// and frames must come out exactly as without it.
import { describe, expect, it } from "vitest";
import React from "react";
import { Box, Text } from "ink";
import { render } from "ink-testing-library";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { inkVersion, patchInkCaches, PINNED_INK, shareInkCaches } from "../../src/ui/ink-caches.js";

/** The prototype of Ink's per-frame caches, as Ink's own Output builds them. */
async function cachesProto(): Promise<{ getStyledChars: unknown; getStringWidth: unknown }> {
  const file = join(dirname(createRequire(import.meta.url).resolve("ink")), "output.js");
  const mod = (await import(pathToFileURL(file).href)) as { default: new (o: { width: number; height: number }) => { caches: object } };
  return Object.getPrototypeOf(new mod.default({ width: 1, height: 1 }).caches) as { getStyledChars: unknown; getStringWidth: unknown };
}

/** Ink's Output class, as Ink's own renderer uses it. */
async function outputClass(): Promise<{ prototype: { get: unknown } }> {
  const file = join(dirname(createRequire(import.meta.url).resolve("ink")), "output.js");
  return ((await import(pathToFileURL(file).href)) as { default: { prototype: { get: unknown } } }).default;
}

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
  // Runs first: the patch below changes Ink's prototype for the rest of the file.
  it("leaves Ink alone when the Ink that renders is not the pinned version", async () => {
    const proto = await cachesProto();
    const before = [proto.getStyledChars, proto.getStringWidth];
    expect(await patchInkCaches("6.9.0")).toBe(false);
    expect(await patchInkCaches("7.0.0-beta.1")).toBe(false);
    expect(await patchInkCaches(null)).toBe(false);
    expect([proto.getStyledChars, proto.getStringWidth]).toEqual(before);
    const frame = render(<Rows cursor={2} />);
    expect(frame.lastFrame()).toContain("› gamma");
    frame.unmount();
  });

  it("reads the version of the Ink that node_modules resolves to", () => {
    expect(inkVersion()).toBe(PINNED_INK);
  });

  it("patches the pinned Ink, and a frame is the same before and after", async () => {
    const before = render(<Rows cursor={1} />);
    const plain = before.lastFrame();
    before.unmount();
    const proto = await cachesProto();
    const lookup = proto.getStyledChars;
    const OutputClass = await outputClass();
    const inkGet = OutputClass.prototype.get;
    expect(await shareInkCaches()).toBe(true);
    expect(proto.getStyledChars).not.toBe(lookup);
    // …and rows seen in an earlier frame are reused (ink-rows.ts).
    expect(OutputClass.prototype.get).not.toBe(inkGet);
    const after = render(<Rows cursor={0} />);
    after.rerender(<Rows cursor={1} />);
    expect(after.lastFrame()).toBe(plain);
    after.rerender(<Rows cursor={2} />);
    expect(after.lastFrame()).toContain("› gamma");
    expect(after.lastFrame()).toContain("  beta 🚀");
    after.unmount();
  });
});
