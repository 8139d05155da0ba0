import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // The npm package test compiles a native module for minutes: it runs on its own after the rest (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, "test/package/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // At least two test files at once: vitest's default (cores - 1) is one on a 2-core CI machine, where a file
    // waiting on tmux or on processes it started leaves the CPU idle. Measured there: 667 s → 517 s for `vitest run`.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
  },
});
