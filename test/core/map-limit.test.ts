// limiter (map-limit.ts): at most so many calls run at once, the rest wait their turn in order, and a call that fails frees its place.
import { describe, expect, it } from "vitest";
import { limiter } from "../../src/core/map-limit.js";

describe("limiter", () => {
  it("runs at most `limit` calls at once, the others in the order they came", async () => {
    const gate = limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const calls = Array.from({ length: 6 }, (_, i) =>
      gate(async () => {
        running++;
        most = Math.max(most, running);
        order.push(i);
        await new Promise<void>((r) => releases.push(r));
        running--;
        return i;
      }),
    );
    // Release the calls one by one, as they start.
    for (let released = 0; released < 6; released++) {
      while (releases.length <= released) await Promise.resolve();
      releases[released]();
    }
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("gives a failed call's place to the next", async () => {
    const gate = limiter(1);
    const failed = gate(async () => {
      throw new Error("no");
    });
    const next = gate(async () => "yes");
    await expect(failed).rejects.toThrow("no");
    expect(await next).toBe("yes");
  });
});
