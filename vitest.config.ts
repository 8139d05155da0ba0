import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx"],
    // The npm package test compiles a native module for minutes: it runs on its own after the rest (vitest.package.config.ts).
    exclude: [...configDefaults.exclude, "test/package/**"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    setupFiles: ["test/setup.ts"],
  },
});
