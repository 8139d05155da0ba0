// A CommonJS file the commands load on demand (the price table's bundle),
// run from the V8 code cache the build wrote beside it (FILE.cache) instead
// of compiled from its source: about a quarter of the table's load. The
// cache's first line names the build it was made for, which the file's last
// `// omp-build` line names too (bin/omp-sessions reads the commands' caches
// the same way); V8 itself checks only the source's length, Node's version
// and its flags, and compiles from source when those differ.

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
  if (id === "" || nl <= 0 || cache.toString("latin1", 0, nl) !== `omp-sessions code cache ${id}`) return null;
  const { Script } = process.getBuiltinModule("node:vm");
  const Module = process.getBuiltinModule("node:module");
  const { dirname } = process.getBuiltinModule("node:path");
  const script = new Script(Module.wrap(source), { filename: file, cachedData: cache.subarray(nl + 1) });
  if (script.cachedDataRejected && process.env.OMP_SESSIONS_DEBUG === "1") process.stderr.write(`omp-sessions: V8 rejected ${file}.cache (another Node or flags); compiled from source\n`);
  const m = { exports: {} as unknown };
  (script.runInThisContext() as (...a: unknown[]) => void).call(m.exports, m.exports, Module.createRequire(file), m, file, dirname(file));
  return m.exports;
}
