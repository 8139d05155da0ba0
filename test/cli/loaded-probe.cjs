// Preloaded by commands.test.ts: at exit, whether an ES module was run (the
// loader's module jobs), and which CommonJS files were required.
process.on("exit", () => {
  const esm = process.moduleLoadList.includes("NativeModule internal/modules/esm/module_job");
  require("node:fs").writeSync(2, "LOADED " + JSON.stringify({ esm, files: Object.keys(require.cache) }) + "\n");
});
