// The npm package test (test/package): pack, install into a temp prefix, run.
// Its install may compile better-sqlite3 for minutes, which would starve the
// timing-sensitive tests beside it, so `npm test` runs it alone, last.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/package/**/*.test.ts"],
    testTimeout: 30 * 60_000,
    pool: "forks",
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
  },
});
