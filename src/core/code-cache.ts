// A CommonJS file the commands load on demand (the price table's bundle),
// run from the V8 code cache the build wrote beside it (FILE.cache) instead
// of compiled from its source: about a quarter of the table's load. The
// cache's first line names the build it was made for, which the file's last
// `// omp-build` line names too (bin/omp-sessions reads the commands' caches
// the same way); V8 itself checks only the source's length, Node's version
// and its flags, and compiles from source when those differ. As the bin does,
// the header line is read without its padding (the build pads it so that
// V8's part starts aligned: V8 copies unaligned data first), and a bundle the
// build wrote already wrapped as a module function (the hook's, ending in
// WRAPPED) is compiled from a slice of its source, not from a wrapped copy.

/** How a bundle written already wrapped opens and ends (scripts/build.mjs; bin/omp-sessions knows them too): `require` runs the function. */
export const WRAP_HEAD = "(function (exports, require, module, __filename, __dirname) {";
export const WRAPPED = "\n}).call(this, exports, require, module, __filename, __dirname);";

/**
 * The script V8 compiles for a bundle's source: the function it holds when
 * it was written wrapped (it opens with the function and ends with its call,
 * its source map's line after), else the source wrapped as node wraps a module.
 */
export function moduleScriptSource(source: string, wrap: (s: string) => string): string {
  const end = source.lastIndexOf(WRAPPED);
  const wrapped = source.startsWith(WRAP_HEAD) && end > 0 && /^\n?(\/\/# sourceMappingURL=[^\n]*\n?)?$/.test(source.slice(end + WRAPPED.length));
  return wrapped ? source.slice(0, end + 3) : wrap(source);
}

/** The file's exports from its code cache; null when it has none of this build (the caller requires it as usual). */
export function requireFromCodeCache(file: string): unknown {
  const { readFileSync } = process.getBuiltinModule("node:fs");
  let cache: Buffer;
  try {
    cache = readFileSync(file + ".cache");
  } catch {
    return null;
  }
  const source = readFileSync(file, "utf8");
  const at = source.lastIndexOf("\n// omp-build ");
  const id = at < 0 ? "" : source.slice(at + 14, source.indexOf("\n", at + 1) >>> 0);
  const nl = cache.indexOf(10);
  if (id === "" || nl <= 0 || cache.toString("latin1", 0, nl).trimEnd() !== `omp-sessions code cache ${id}`) return null;
  const { Script } = process.getBuiltinModule("node:vm");
  const Module = process.getBuiltinModule("node:module");
  const { dirname } = process.getBuiltinModule("node:path");
  const script = new Script(moduleScriptSource(source, Module.wrap), { filename: file, cachedData: cache.subarray(nl + 1) });
  if (script.cachedDataRejected && process.env.OMP_SESSIONS_DEBUG === "1") process.stderr.write(`omp-sessions: V8 rejected ${file}.cache (another Node or flags); compiled from source\n`);
  const m = { exports: {} as unknown };
  (script.runInThisContext() as (...a: unknown[]) => void).call(m.exports, m.exports, Module.createRequire(file), m, file, dirname(file));
  return m.exports;
}
