import { describe, expect, it } from "vitest";
import { parseSlot, serializeSlot } from "../../../src/core/session/write/title-slot.js";
import { newSessionId, uuidV7 } from "../../../src/core/session/write/ids.js";

describe("title slot", () => {
  it("is exactly the slot size, with the title JSON-escaped", () => {
    for (const title of ["", "plain", 'quote " backslash \\ newline \n tab \t', "日本語 🚀".repeat(3)]) {
      const r = serializeSlot({ title, source: "user", updatedAt: "2026-03-09T14:35:51.616Z" })!;
      expect(Buffer.byteLength(r.text)).toBe(256);
      expect(r.text.indexOf("\n")).toBe(r.text.length - 1);
      expect(parseSlot(Buffer.from(r.text))).toMatchObject({ type: "title", v: 1, title, source: "user" });
    }
  });

  it("cuts a long title by code point so it fits", () => {
    const r = serializeSlot({ title: "🚀".repeat(200), updatedAt: "2026-03-09T14:35:51.616Z" })!;
    expect(Buffer.byteLength(r.text)).toBe(256);
    expect(r.title.length).toBeGreaterThan(10);
    expect(/^(🚀)+$/u.test(r.title)).toBe(true);
  });

  it("returns null when even an empty title cannot fit", () => {
    expect(serializeSlot({ title: "x", updatedAt: "t" }, 20)).toBeNull();
  });
});

describe("session ids", () => {
  it("copy the source's style", () => {
    const v7 = newSessionId("01a22f82-2561-7000-ad05-361e8cbb2b72");
    expect(v7).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newSessionId("6f1c1e5e-2a4b-4c1d-9e8f-0a1b2c3d4e5f")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(newSessionId("0123456789abcdef")).toMatch(/^[0-9a-f]{16}$/);
    expect(uuidV7(0x0123456789ab).startsWith("01234567-89ab-7")).toBe(true);
  });
});
