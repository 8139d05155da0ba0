// The store's timestamps are written from Date's UTC getters (toISOString loads
// the local time zone first, a cost of the hook's start-up): the same text as
// toISOString, for any date.
import { describe, expect, it } from "vitest";
import { corruptStamp, isoTs, utcDate, utcSeconds } from "../../src/core/capture/clock.js";

describe("UTC timestamps", () => {
  it("isoTs, utcDate and corruptStamp write what toISOString writes", () => {
    const dates = [0, -1, 1, 951_782_400_000, 4_102_444_799_999, -62_167_219_200_000, 253_402_300_799_000, 253_402_300_800_000, -62_167_219_200_001];
    for (let i = 0; i < 2000; i++) dates.push(Math.floor((Math.random() - 0.3) * 8e12));
    for (const ms of dates) {
      const d = new Date(ms);
      const iso = d.toISOString();
      expect(utcSeconds(d), iso).toBe(iso.slice(0, 19));
      expect(isoTs(d)).toBe(iso.slice(0, 19) + "Z");
      expect(utcDate(d)).toBe(iso.slice(0, 10));
      expect(corruptStamp(d)).toBe(iso.slice(0, 19).replace(/[-:]/g, "") + "Z");
    }
  });

  it("an invalid date is refused as toISOString refuses it", () => {
    expect(() => isoTs(new Date(NaN))).toThrow(RangeError);
  });
});
