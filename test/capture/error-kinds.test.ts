// The hook logs each problem under a kind (errors.jsonl). A link refused in
// the store is `symlink-refused` whichever bundle threw it: the hook's
// bundles of their own (dist/hook-feedback.cjs, dist/hook-keep.cjs) carry
// their own copies of core/fs/guard.ts, so the error that reaches the hook's
// classifyError from them is of another class than the hook's own. It is
// told by its code (LINK_REFUSED), not its class or name.
import { afterAll, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { classifyError } from "../../src/hooks-cli/capture/hook.js";
import { LINK_REFUSED, LinkRefusedError } from "../../src/core/fs/guard.js";
import { REPO } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "omp-error-kinds-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** core/fs/guard.ts in a bundle of its own, minified, as the build makes the hook's side bundles. */
async function otherBundlesGuard(): Promise<typeof import("../../src/core/fs/guard.js")> {
  const out = join(dir, "guard-copy.cjs");
  await build({ entryPoints: [join(REPO, "src", "core", "fs", "guard.ts")], bundle: true, platform: "node", format: "cjs", minify: true, outfile: out, logLevel: "silent" });
  return createRequire(import.meta.url)(out);
}

const REFUSED = { kind: "symlink-refused", message: "refused to write through a symbolic link inside the store" };

describe("the hook's error kinds", () => {
  it("a link refused by another bundle's copy of the guard is a refused link", async () => {
    const other = await otherBundlesGuard();
    let thrown: unknown;
    try {
      other.refuseLoop(Object.assign(new Error("ELOOP: too many symbolic links"), { code: "ELOOP" }), "/hub/.sessions/state");
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(LinkRefusedError); // another class: instanceof cannot tell it
    expect(classifyError(thrown)).toEqual(REFUSED);
    expect(classifyError(new LinkRefusedError("/x/y"))).toEqual(REFUSED);
  });

  it("the code decides, not the class's name (which a bundler or a subclass may change)", () => {
    expect(classifyError(Object.assign(new Error("refused"), { code: LINK_REFUSED }))).toEqual(REFUSED);
    expect(classifyError(Object.assign(new Error("no"), { name: "LinkRefusedError" })).kind).toBe("internal");
    expect(classifyError(Object.assign(new Error("gone"), { code: "ENOENT", syscall: "open" }))).toEqual({ kind: "io-error", message: "file system error ENOENT in open" });
    expect(classifyError(new Error("boom")).kind).toBe("internal");
    expect(classifyError(null).kind).toBe("internal");
  });
});
