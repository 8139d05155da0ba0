// Bundles the CLI into dist/ with esbuild. Runs on `npm ci` (prepare), on
// `npm pack` (prepack, from a clean dist/: the package ships dist/ and never
// builds on a user's machine), before
// `npm test`, `npm start` and `npm run bench`. The hook and each headless
// command get bundles of their own (below) so their start-up never touches
// the UI or any heavy module.
import { build, transformSync } from "esbuild";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { randomBytes } from "node:crypto";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { staleReason } from "./build-stale.mjs";

// --if-stale (npm start): nothing to do while dist/ is newer than every source,
// this script and package.json.
if (process.argv.includes("--if-stale") && staleReason(".") === null) process.exit(0);

// --clean (npm pack's prepack): start from an empty dist/, so the package
// holds this build's chunks only.
if (process.argv.includes("--clean")) rmSync("dist", { recursive: true, force: true });

// Ink (and the packages it draws with) get src/ui/ink-string-width.ts for
// string-width: the same answers, faster (see that file).
// Only imports that resolve to the top-level string-width are redirected: a
// package with a string-width of its own keeps it.
function rememberedStringWidth() {
  const shim = resolve("src/ui/ink-string-width.ts");
  return {
    name: "remembered-string-width",
    setup(b) {
      b.onResolve({ filter: /^string-width$/ }, async (a) => {
        if (a.importer === shim || a.pluginData === "real" || !a.importer.includes("/node_modules/")) return undefined;
        const real = await b.resolve(a.path, { kind: a.kind, importer: a.importer, resolveDir: a.resolveDir, pluginData: "real" });
        return real.path && realpathSync(real.path) === realpathSync("node_modules/string-width/index.js") ? { path: shim } : undefined;
      });
    },
  };
}

// core/session's modules have no effects when loaded: a bundle keeps only the
// ones it uses of what core/session/index.ts re-exports (without this mark the
// index would pull every module it names into every command's bundle).
const SESSION_DIR = resolve("src/core/session") + sep;
const sessionPure = {
  name: "session-pure",
  setup(b) {
    b.onResolve({ filter: /^\.{1,2}\/.*\.js$/ }, (a) => {
      const path = resolve(a.resolveDir, a.path).replace(/\.js$/, ".ts");
      return path.startsWith(SESSION_DIR) && existsSync(path) ? { path, sideEffects: false } : undefined;
    });
  },
};

const result = await build({
  entryPoints: { cli: "src/cli.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // The browser's packages (Ink and its few dozen dependencies, React) are
  // bundled in: loading them as hundreds of files from node_modules, through
  // the ES module loader and CommonJS parsing, was 0.6 s of its start-up here.
  // Left out: the native SQLite module, and Ink's optional devtools.
  external: ["better-sqlite3", "bindings", "react-devtools-core"],
  // CommonJS packages bundled into ES modules call require() for Node's own modules.
  banner: { js: 'import { createRequire as __omp_require } from "node:module"; const require = __omp_require(import.meta.url);' },
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
  jsx: "automatic",
  chunkNames: "chunks/[name]-[hash]",
  plugins: [sessionPure, rememberedStringWidth()],
  define: {
    // Where core/sqlite.ts finds better-sqlite3's JavaScript in one file (built below).
    OMP_SQLITE_BUNDLE: JSON.stringify("./sqlite.cjs"),
    // ink-caches.ts patches the Ink bundled here, not a copy in node_modules.
    OMP_INK_BUNDLED: "true",
    // …and checks the version of that Ink before it does (ink-caches.ts).
    OMP_INK_VERSION: JSON.stringify(JSON.parse(readFileSync("node_modules/ink/package.json", "utf8")).version),
  },
});
// better-sqlite3's JavaScript (a dozen small CommonJS files) as one file next
// to the chunks: a search loads one file instead of resolving a dozen, about
// 7 ms of a warm query's start-up here. The native addon stays where npm built it.
await build({
  entryPoints: [createRequire(import.meta.url).resolve("better-sqlite3")],
  outfile: "dist/chunks/sqlite.cjs",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external: ["bindings"],
  logLevel: "warning",
});
// This build's name, the last line of each CommonJS bundle: a code cache made
// for another build is never used with this one (bin/omp-sessions and
// core/code-cache.ts check).
const buildId = randomBytes(8).toString("hex");
// A code cache's first line (bin/omp-sessions, core/code-cache.ts read it): the
// build it belongs to, padded with spaces to a multiple of 16 bytes, so that
// V8's part starts aligned in the buffer it is read into (V8 copies cache data
// that is not 8-byte aligned before reading it: the hook's ~125 KB, ~31 page faults).
const cacheHeader = (id) => {
  const line = "omp-sessions code cache " + id;
  return line.padEnd(Math.ceil((line.length + 1) / 16) * 16 - 1) + "\n";
};
// The end of a bundle written already wrapped as a module function (the
// hook's bundles; bin/omp-sessions and core/code-cache.ts know it): required,
// the function runs; started from a code cache, V8 compiles the function
// from a slice of the source read instead of a wrapped copy it would flatten
// into another string (the hook's 61 KB, ~15 page faults).
const WRAP_HEAD = "(function (exports, require, module, __filename, __dirname) {";
const WRAPPED = "\n}).call(this, exports, require, module, __filename, __dirname);";
// what may follow it: its source map's line
const WRAPPED_REST = /^\n?(\/\/# sourceMappingURL=[^\n]*\n?)?$/;
// The price table (@pydantic/genai-prices, about 1 MB of JavaScript) as one
// file of its own for the commands' bundles: `stats` loads it only when some
// call must be priced, so a warm run does not compile it; a cold one (and its
// worker) starts it from a code cache (writePriceTableCache below).
rmSync("dist/chunks/genai-prices.cjs.cache", { force: true });
await build({
  entryPoints: [createRequire(import.meta.url).resolve("@pydantic/genai-prices")],
  outfile: "dist/chunks/genai-prices.cjs",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  footer: { js: `// omp-build ${buildId}` },
});
mkdirSync("dist", { recursive: true });
writeFileSync("dist/meta.json", JSON.stringify(result.metafile));
// Each headless command as one CommonJS file of its own (dist/cmd/NAME.cjs),
// and the hook (dist/hook.cjs): the bin requires it directly, so a command
// loads only its own code and no ES module loader (about 20 ms of a warm
// `search` here, 10 of the hook's start-up). The commands are read from the
// registry's lists (one line per command; a test checks every one is built).
const commands = [];
for (const list of ["src/hooks-cli/session/index.ts", "src/hooks-cli/capture/index.ts"]) {
  const dir = dirname(list);
  for (const m of readFileSync(list, "utf8").matchAll(/\{ name: "([a-z-]+)",.*load: async \(\) => \(await import\("\.\/([^"]+)\.js"\)\)\.(\w+) \}/g)) {
    if (m[1] !== "hook") commands.push({ name: m[1], file: resolve(dir, m[2] + ".ts"), symbol: m[3] });
  }
}
if (commands.length < 10) throw new Error(`build: found only ${commands.length} commands in the registry`);
// Bundles that start from a V8 code cache of this build (writeCodeCaches below): the hook, the warm
// `ls` and `stats`, whose start-up is most of their time, and `tree` (a small session's tree is mostly start-up).
const CACHED = ["hook", "cmd/ls", "cmd/stats", "cmd/tree"];
for (const b of [...CACHED, "hook-feedback"]) rmSync(`dist/${b}.cjs.cache`, { force: true });
// The hook's feedback classifier, a bundle of its own beside dist/hook.cjs,
// loaded only by the events it reads (hooks-cli/capture/hook.ts).
const HOOK_FEEDBACK = "./hook-feedback.cjs";
// …and keep's archive code, loaded only when a session ends with keep on.
const HOOK_KEEP = "./hook-keep.cjs";
const cjsOptions = {
  outdir: "dist",
  outExtension: { ".js": ".cjs" },
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  // Packages are bundled in (an installed package has only better-sqlite3 in
  // node_modules: gray-matter and the rest ship inside dist/), except the
  // native addon's loader, which resolves the addon next to itself, and the
  // price table, loaded from its own file (OMP_PRICES_BUNDLE, core/stats/prices.ts).
  external: ["better-sqlite3", "bindings", "@pydantic/genai-prices"],
  sourcemap: "linked",
  metafile: true,
  logLevel: "warning",
  // import.meta.url, made only when read (most bundles never do; the hook's start-up skips it)
  // OMP_WORKER_DIR: where a command's bundle (dist/cmd/NAME.cjs) finds the workers' (dist/scan-worker.cjs, dist/stats-worker.cjs).
  define: {
    "import.meta.url": "__omp_meta.url",
    OMP_SQLITE_BUNDLE: JSON.stringify("../chunks/sqlite.cjs"),
    OMP_WORKER_DIR: JSON.stringify("../"),
    OMP_PRICES_BUNDLE: JSON.stringify("../chunks/genai-prices.cjs"),
    OMP_HOOK_FEEDBACK_BUNDLE: JSON.stringify(HOOK_FEEDBACK),
    OMP_HOOK_KEEP_BUNDLE: JSON.stringify(HOOK_KEEP),
  },
  banner: { js: 'const __omp_meta = { get url() { return require("node:url").pathToFileURL(__filename).href; } };' },
  footer: { js: `// omp-build ${buildId}` },
};
const cjs = await build({
  ...cjsOptions,
  entryPoints: {
    // The scan worker of a cold listing (core/session/list/catalog-parallel.ts): only the scan, so it starts fast.
    "scan-worker": "src/core/session/list/scan-worker.ts",
    // …and the one of `stats`, for other agents' sessions (core/stats/stats-worker.ts): no price table.
    "stats-worker": "src/core/stats/stats-worker.ts",
    ...Object.fromEntries(commands.map((c) => [`cmd/${c.name}`, `command:${c.name}`])),
  },
  plugins: [
    sessionPure,
    {
      name: "command-entries",
      setup(b) {
        b.onResolve({ filter: /^command:/ }, (a) => ({ path: a.path.slice("command:".length), namespace: "command" }));
        b.onLoad({ filter: /.*/, namespace: "command" }, (a) => {
          const c = commands.find((x) => x.name === a.path);
          return {
            contents: `import { ${c.symbol} } from ${JSON.stringify(c.file)};\nimport { commandMain } from ${JSON.stringify(resolve("src/hooks-cli/command-main.ts"))};\ncommandMain(${c.symbol});\n`,
            loader: "ts",
            resolveDir: resolve("."),
          };
        });
      },
    },
  ],
});
// The hook and its two bundles of its own (the feedback classifier, keep),
// minified (names, spaces, syntax; the source map still names everything):
// each hook process reads its source into a string twice, the file and the
// copy V8 makes of it wrapped as a module, both in the young generation,
// where 117 KB each pushed a PostToolUse past the first 1 MB and into a
// scavenge (~140 page faults); minified the hook is 61 KB.
const hookCjs = await build({
  ...cjsOptions,
  banner: { js: WRAP_HEAD + cjsOptions.banner.js },
  footer: { js: cjsOptions.footer.js + WRAPPED },
  entryPoints: { hook: "src/hooks-cli/hook-entry.ts", "hook-feedback": "src/core/capture/feedback-candidate.ts", "hook-keep": "src/core/keep/hook.ts" },
  minify: true,
  plugins: [
    sessionPure,
    {
      // the hook's imports of the classifier and of keep are the fallbacks its bundle never takes (it loads HOOK_FEEDBACK, HOOK_KEEP): left out of dist/hook.cjs
      name: "hook-bundles-apart",
      setup(b) {
        const hook = resolve("src/hooks-cli/capture/hook.ts");
        b.onResolve({ filter: /\/feedback-candidate\.js$/ }, (a) => (a.importer === hook ? { path: HOOK_FEEDBACK, external: true } : undefined));
        b.onResolve({ filter: /\/keep\/hook\.js$/ }, (a) => (a.importer === hook ? { path: HOOK_KEEP, external: true } : undefined));
      },
    },
  ],
});
writeFileSync("dist/meta-cjs.json", JSON.stringify({ inputs: { ...cjs.metafile.inputs, ...hookCjs.metafile.inputs }, outputs: { ...cjs.metafile.outputs, ...hookCjs.metafile.outputs } }));
asciiOnly("dist/hook.cjs");
asciiOnly("dist/hook-feedback.cjs");
asciiOnly("dist/hook-keep.cjs");
// the other cached bundles too, when they can be escaped safely (else they keep their characters: only slower to start)
for (const b of ["cmd/ls", "cmd/stats", "cmd/tree"]) {
  try {
    asciiOnly(`dist/${b}.cjs`);
  } catch (err) {
    console.warn(`build: dist/${b}.cjs left as it is: ${err.message}`);
  }
}
writeCodeCaches();
writePriceTableCache();
writeHookFeedbackCache();

// The hook's bundle in ASCII only: node reads an ASCII file into a one-byte
// string, and one other character (the feedback patterns' Chinese and emoji,
// an ellipsis in a comment) makes the whole 160 KB a two-byte string, slower
// to decode and to start from (~0.3 ms of the hook's start-up). esbuild leaves
// them in patterns and comments; each becomes a \u escape (an astral one a
// surrogate pair), the same character to JavaScript in a string, a template,
// a pattern (with or without the u flag) and a comment. An escaped backslash
// before one would change its meaning: none is there, and the build says so if
// one appears.
function asciiOnly(file) {
  const text = readFileSync(file, "utf8");
  if (/\\[^\x00-\x7f]/u.test(text)) throw new Error(`build: ${file} has a backslash before a non-ASCII character; it cannot be escaped safely`);
  const u = (n) => "\\u" + n.toString(16).padStart(4, "0");
  const out = text.replace(/[^\x00-\x7f]/gu, (c) => {
    const cp = c.codePointAt(0);
    return cp < 0x10000 ? u(cp) : u(0xd800 + ((cp - 0x10000) >> 10)) + u(0xdc00 + ((cp - 0x10000) & 0x3ff));
  });
  if (out !== text) writeFileSync(file, out);
}

// V8 code caches (dist/NAME.cjs.cache, read by bin/omp-sessions) for the
// bundles in CACHED: a run of each, against throwaway dirs, writes the code it
// compiled, and a later start with the same Node and flags skips compiling
// that code. The hook runs twice into one store, as a harness runs it (the second, a session's next event, writes it); `ls` and `stats` run on
// the bundled demo sessions twice, the cache written by the second (warm) run,
// whose start is what the cache is for (about 12 ms of a warm `ls` of 2,000
// sessions), `tree` once on the demo's largest session (CPU of `tree --json`
// of a 13 KB session 153 -> 142 ms, medians of 41 alternating runs). Best
// effort: without a cache a command only starts slower.
function writeCodeCaches() {
  const tmp = mkdtempSync(join(tmpdir(), "omp-code-cache-"));
  try {
    const transcript = join(tmp, "session.jsonl");
    writeFileSync(transcript, "");
    const payload = JSON.stringify({ session_id: "build", transcript_path: transcript, cwd: tmp, hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_response: { stdout: "x" }, tool_use_id: "t1" });
    const demo = resolve("demo", "sessions");
    // the demo's largest session: the tree's reader, its fast paths and the JSON output all run
    let demoSession = join(demo, "none.jsonl");
    try {
      demoSession = readdirSync(demo, { recursive: true })
        .filter((f) => f.endsWith(".jsonl"))
        .map((f) => join(demo, f))
        .sort((a, b) => statSync(b).size - statSync(a).size)[0];
    } catch {
      // no demo (a copy of src/ and scripts/ alone): that run fails and the bundle goes without a cache
    }
    const runs = {
      // the session's second event writes it: what a tool event runs once its session is there (a cache of the first, 5 KB more, also held the new session's one-time work)
      hook: [
        { args: ["hook", "--harness", "claude", "--hub", join(tmp, "hub")], input: payload },
        { args: ["hook", "--harness", "claude", "--hub", join(tmp, "hub")], input: payload },
      ],
      "cmd/ls": [{ args: ["ls", "--all", "--json", demo] }, { args: ["ls", "--all", "--json", demo] }],
      "cmd/stats": [{ args: ["stats", "--all", "--json", demo] }, { args: ["stats", "--all", "--json", demo] }],
      "cmd/tree": [{ args: ["tree", "--json", demoSession] }],
    };
    for (const bundle of CACHED) {
      const out = join(tmp, "out.cache");
      const env = {
        PATH: process.env.PATH ?? "",
        HOME: tmp,
        TZ: "UTC",
        NO_COLOR: "1",
        OMP_SESSIONS_CONFIG_DIR: join(tmp, "cfg"),
        OMP_SESSIONS_DATA_DIR: join(tmp, "data"),
        OMP_SESSIONS_CACHE_DIR: join(tmp, "cache", bundle.replace("/", "-")),
      };
      const steps = runs[bundle];
      let status = 0;
      for (const [i, step] of steps.entries()) {
        const last = i === steps.length - 1;
        const r = spawnSync(process.execPath, ["bin/omp-sessions", ...step.args], { input: step.input ?? "", env: last ? { ...env, OMP_SESSIONS_CODE_CACHE_OUT: out } : env, stdio: ["pipe", "ignore", "ignore"], timeout: 60_000 });
        status = r.status;
        if (status !== 0) break;
      }
      if (status === 0 && statSync(out, { throwIfNoEntry: false })?.size) renameSync(out, `dist/${bundle}.cjs.cache`);
      else console.warn(`build: no code cache for dist/${bundle}.cjs (its run exited ${status})`);
    }
    // under glibc's mmap threshold the bin reads the hook's cache into heap memory already touched (hooks-cli/capture/hook.ts, loadKeep)
    if ((statSync("dist/hook.cjs.cache", { throwIfNoEntry: false })?.size ?? 0) > 128 * 1024 - 64) console.warn("build: dist/hook.cjs.cache is over 128 KiB: each hook reads it into fresh pages (~34 page faults more)");
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// V8 code caches for the bundles loaded on demand through core/code-cache.ts
// (FILE.cache): a node run loads the bundle as that does, runs `warmUp`
// (JavaScript, the bundle's module in `m`), and writes the cache then,
// so the functions the warm-up took are in it too. Best effort: without a
// cache the bundle is compiled from source.
//
// The price table (dist/chunks/genai-prices.cjs): its load 98 -> 71 ms of CPU
// (medians of 12 on 2026-12-06), in each thread that loads it, with a call
// priced. The hook's feedback classifier (dist/hook-feedback.cjs): a few user
// prompts classified, as a UserPromptSubmit does.
function writePriceTableCache() {
  const prices = ["claude-sonnet-4-5-20250929", "claude-opus-4-1", "gpt-5"].map((model) => `m.exports.calcPrice({ input_tokens: 10, output_tokens: 5, cache_read_tokens: 1, cache_write_tokens: 1 }, ${JSON.stringify(model)});`);
  writeRequireCache("dist/chunks/genai-prices.cjs", prices.join("\n"));
}
function writeHookFeedbackCache() {
  const prompts = ["no, use the other file", "thanks, that works now", "why does the build fail?", "\u4e0d\u5bf9\uff0c\u7528\u53e6\u4e00\u4e2a\u6587\u4ef6"];
  const event = { harness: "claude", nativeId: "build", sid: "claude:build", eventName: "UserPromptSubmit", kind: "user-prompt", cwd: "/build", transcriptPath: null, turnId: null };
  const calls = prompts.map((text) => `m.exports.feedbackCandidate({ event: ${JSON.stringify({ ...event, userText: text })}, config: { feedback: { enabled: true } } }, "2026-01-01T00:00:00Z");`);
  writeRequireCache(join("dist", HOOK_FEEDBACK), calls.join("\n"), classifierV8Flags());
}
/**
 * The V8 flags the hook sets before it loads its classifier (core/capture/classifier-v8.ts, read from
 * there): the classifier's cache is written under the same flags, as V8 refuses a cache made under others.
 */
function classifierV8Flags() {
  const { code } = transformSync(readFileSync("src/core/capture/classifier-v8.ts", "utf8"), { loader: "ts", format: "cjs" });
  const m = { exports: {} };
  new Function("module", "exports", code)(m, m.exports);
  const flags = m.exports.classifierV8Flags(process.versions.node);
  return flags ? flags.split(" ") : [];
}
function writeRequireCache(bundle, warmUp, v8Flags = []) {
  const script = `
    const { Script } = require("node:vm"), Module = require("node:module"), fs = require("node:fs"), path = require("node:path");
    const file = path.resolve(${JSON.stringify(bundle)});
    const source = fs.readFileSync(file, "utf8");
    // as bin/omp-sessions and core/code-cache.ts read it: the function of a bundle written wrapped, else the source wrapped
    const end = source.lastIndexOf(${JSON.stringify(WRAPPED)});
    const wrapped = source.startsWith(${JSON.stringify(WRAP_HEAD)}) && end > 0 && ${WRAPPED_REST}.test(source.slice(end + ${WRAPPED.length}));
    const s = new Script(wrapped ? source.slice(0, end + 3) : Module.wrap(source), { filename: file });
    const m = { exports: {} };
    s.runInThisContext().call(m.exports, m.exports, Module.createRequire(file), m, file, path.dirname(file));
    ${warmUp}
    fs.writeFileSync(file + ".cache", Buffer.concat([Buffer.from(${JSON.stringify(cacheHeader(buildId))}, "latin1"), s.createCachedData()]));
  `;
  const r = spawnSync(process.execPath, [...v8Flags, "-e", script], { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 });
  if (r.status !== 0) console.warn(`build: no code cache for ${bundle} (${r.stderr.toString().trim().split("\n").pop()})`);
}

// Chunks of earlier builds (their names carry a content hash) pile up in a
// working copy. Those no build output names are removed once they are an hour
// old: a process started from the previous build may still load one lazily.
const current = new Set(Object.keys(result.metafile.outputs).map((p) => resolve(p)));
current.add(resolve("dist/chunks/sqlite.cjs"));
current.add(resolve("dist/chunks/genai-prices.cjs"));
current.add(resolve("dist/chunks/genai-prices.cjs.cache"));
const hourAgo = Date.now() - 3600_000;
for (const name of readdirSync("dist/chunks")) {
  const p = resolve("dist/chunks", name);
  if (current.has(p) || current.has(p.replace(/\.map$/, ""))) continue;
  try {
    if (statSync(p).mtimeMs < hourAgo) rmSync(p);
  } catch {
    // gone already
  }
}
