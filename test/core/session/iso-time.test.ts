import { describe, expect, it } from "vitest";
import { parseIsoTime } from "../../../src/core/session/read/time.js";

/** A small deterministic generator (the same cases every run). */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe("parseIsoTime", () => {
  it("is Date.parse on agents' ISO times, across years, leap days and month ends", () => {
    const rnd = lcg(25);
    for (let i = 0; i < 20_000; i++) {
      const t = Math.floor(rnd() * 4.2e12); // 1970 … 2103
      const iso = new Date(t).toISOString();
      expect(parseIsoTime(iso)).toBe(Date.parse(iso));
      expect(parseIsoTime(iso)).toBe(t);
    }
    for (const iso of ["1970-01-01T00:00:00.000Z", "2000-02-29T23:59:59.999Z", "2024-02-29T12:00:00.000Z", "2100-02-28T00:00:00.000Z", "2026-12-31T23:59:59.999Z", "2026-01-31T00:00:00.001Z"]) {
      expect(parseIsoTime(iso)).toBe(Date.parse(iso));
    }
  });

  it("leaves every other text to Date.parse (the same answer, NaN included)", () => {
    const odd = [
      "",
      "not a time",
      "2026-02-30T00:00:00.000Z",
      "2025-02-29T00:00:00.000Z",
      "2100-02-29T00:00:00.000Z",
      "2026-13-01T00:00:00.000Z",
      "2026-00-10T00:00:00.000Z",
      "2026-06-00T00:00:00.000Z",
      "2026-06-01T24:00:00.000Z",
      "2026-06-01T23:60:00.000Z",
      "2026-06-01T23:59:60.000Z",
      "1969-12-31T23:59:59.999Z",
      "0099-06-01T00:00:00.000Z",
      "2026-06-01T00:00:00Z",
      "2026-06-01T00:00:00.000+02:00",
      "2026-06-01 00:00:00.000Z",
      "2026-06-01T00:00:00,000Z",
      "2026-06-01T0a:00:00.000Z",
      "2026-06-01T00:00:00.0x0Z",
      "+02026-06-01T00:00:00.000Z",
      "2026-06-01T00:00:00.000z",
      "２026-06-01T00:00:00.000Z",
      "2026/06/01T00:00:00.000Z",
    ];
    for (const s of odd) expect(Object.is(parseIsoTime(s), Date.parse(s))).toBe(true);
  });
});
