// The environment object (core/env.ts): what the core keeps between calls
// belongs to the env in use, so a test's env starts empty and leaves nothing behind.
import { afterEach, describe, expect, it } from "vitest";
import { createEnv, currentEnv, envSlot, useEnv } from "../../src/core/env.js";
import { dialectFor, dialectOf, registeredDialects } from "../../src/core/session/read/dialect-of.js";
import { dialects } from "../../src/core/session/read/dialects/index.js";
import type { Dialect } from "../../src/core/session/read/dialect-api.js";
import { catalogStats, resetCatalogStats } from "../../src/core/session/list/catalog.js";

const seen = envSlot(() => new Set<string>());

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("the environment", () => {
  it("gives each env its own value of a slot, made on first use", () => {
    let made = 0;
    const counted = envSlot(() => ({ n: ++made }));
    const a = createEnv();
    const b = createEnv();
    restore = useEnv(a);
    expect(counted()).toBe(counted());
    expect(made).toBe(1);
    seen().add("x");
    useEnv(b);
    expect(seen().has("x")).toBe(false);
    expect(counted().n).toBe(2);
    useEnv(a);
    expect(seen().has("x")).toBe(true);
    expect(counted().n).toBe(1);
  });

  it("puts the previous env back, and has a default when none was given", () => {
    const before = currentEnv();
    expect(currentEnv()).toBe(before);
    const mine = createEnv();
    const back = useEnv(mine);
    expect(currentEnv()).toBe(mine);
    back();
    expect(currentEnv()).toBe(before);
  });

  it("keeps the catalog's counts per env", () => {
    restore = useEnv(createEnv());
    resetCatalogStats();
    catalogStats().filesRead = 3;
    const inner = useEnv(createEnv());
    expect(catalogStats().filesRead).toBe(0);
    inner();
    expect(catalogStats().filesRead).toBe(3);
  });
});

describe("the dialect registry", () => {
  const toy: Dialect = {
    agent: "toy",
    name: "Toy",
    claims: (path: string) => path.endsWith(".toy.jsonl"),
  } as unknown as Dialect;

  it("is read-only: the product's list cannot be added to", () => {
    expect(Object.isFrozen(dialects)).toBe(true);
    expect(() => (dialects as Dialect[]).push(toy)).toThrow(TypeError);
  });

  it("reads a test's extra dialects through its env only, after the product's", () => {
    restore = useEnv(createEnv({ extraDialects: [toy] }));
    expect(registeredDialects()).toEqual([...dialects, toy]);
    expect(dialectOf("/x/talk.toy.jsonl")).toBe(toy);
    expect(dialectFor("toy" as Dialect["agent"])).toBe(toy);
    restore();
    restore = undefined;
    expect(registeredDialects()).toEqual(dialects);
    expect(dialectOf("/x/talk.toy.jsonl")).toBeUndefined();
  });
});
