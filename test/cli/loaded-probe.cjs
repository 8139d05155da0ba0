// Preloaded by commands.test.ts (and the hook's stdin tests): at exit, whether
// an ES module was run (the loader's module jobs), which CommonJS files were
// required and which of node's public modules were loaded.
process.on("exit", () => {
  const esm = process.moduleLoadList.includes("NativeModule internal/modules/esm/module_job");
  const builtins = process.moduleLoadList.filter((m) => m.startsWith("NativeModule ") && !m.includes("internal/")).map((m) => m.slice(13));
  require("node:fs").writeSync(2, "LOADED " + JSON.stringify({ esm, files: Object.keys(require.cache), builtins }) + "\n");
});
