import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test/fixtures/**", "bench/.data/**", "media/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        URL: "readonly",
        performance: "readonly",
        queueMicrotask: "readonly",
        setImmediate: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-control-regex": "off",
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    // No Node internals and no patched globals (issue 11): what the product
    // needs from Node it asks through public APIs.
    files: ["src/**/*.ts", "src/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name=/^(binding|_linkedBinding)$/]:matches([object.name='process'], [object.expression.name='process'], [object.expression.expression.name='process'])",
          message: "no Node internals: use node:fs and friends",
        },
        { selector: "CallExpression[callee.name='internalBinding']", message: "no Node internals: use node:fs and friends" },
        { selector: "CallExpression[callee.property.name=/^(defineProperty|defineProperties)$/][arguments.0.name='process']", message: "do not redefine process properties" },
        { selector: "CallExpression[callee.property.name=/^(defineProperty|defineProperties)$/][arguments.0.object.name='process']", message: "do not redefine process properties (process.stdout …)" },
      ],
    },
  },
  {
    // Node's stream modules (node:fs/promises loads them, and readline's and
    // the fs watchers') cost a few ms of every start that loads them: the
    // headless commands and the hook take fs/promises from node:fs's lazy
    // `promises` (loaded on first use), the streams with
    // process.getBuiltinModule where they are used (test/cli/warm-start.test.ts).
    files: ["src/core/**/*.ts", "src/hooks-cli/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["node:fs/promises", "node:stream", "node:stream/promises", "node:readline", "node:net"].map((name) => ({
            name,
            allowTypeImports: true,
            message: "loaded at start-up: use `promises` from node:fs, or process.getBuiltinModule where it is needed",
          })),
        },
      ],
    },
  },
  {
    // Headless output goes through stdout() (src/hooks-cli/stdout.ts): it makes
    // the stream on first use and ends a run quietly when the reader is gone.
    files: ["src/cli.ts", "src/hooks-cli/**/*.ts"],
    ignores: ["src/hooks-cli/stdout.ts", "src/hooks-cli/hook-entry.ts"],
    rules: { "no-restricted-properties": ["error", { object: "process", property: "stdout", message: "write through stdout() from src/hooks-cli/stdout.ts" }] },
  },
  {
    // Who owns a key is decided by the one dispatcher, never by a timer.
    files: ["src/ui/**/*.ts", "src/ui/**/*.tsx"],
    rules: { "no-restricted-globals": ["error", { name: "setImmediate", message: "the key dispatcher decides who owns a key; no timing tricks" }] },
  },
  {
    // CommonJS helpers (test preloads).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { require: "readonly", module: "writable", __dirname: "readonly", __filename: "readonly" } },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
