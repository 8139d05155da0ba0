// The npm package as a user gets it: `npm pack` the project (dist/ as the
// build left it; no scripts, so nothing in the work tree changes), install the
// tarball into a temp prefix without dev dependencies (from npm's cache where
// it can), and run the installed command: --version, ls, hook, search (the
// native module), every command's --help (each bundle loads), and the browser
// in tmux. One install for it all, and `npm test` runs it alone after the
// rest (vitest.package.config.ts).
//
// better-sqlite3's install script (prebuild-install, else node-gyp) would
// compile the native module here for minutes (no network for a download).
// The module `npm ci` already compiled in this checkout — the same version,
// for the same Node — is handed to prebuild-install as a local prebuild
// instead (npm_config_better_sqlite3_local_prebuilds): the install script
// still runs and the installed command still loads the module (search, below),
// in seconds. Without that build (another platform, a musl libc) it compiles.
import { afterAll, describe, expect, it } from "vitest";
import { execFileSync, spawnSync } from "node:child_process";
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commands } from "../../src/hooks-cli/registry.js";
import { FIXTURES, ROOT } from "../helpers/fixtures.js";
import { hasTmux, tmux, waitFor } from "../helpers/tmux.js";
import { runBin } from "../helpers/run-bin.js";

const base = mkdtempSync(join(tmpdir(), "omp-package-"));
const pane = `omp-e2e-package-${process.pid}`;
afterAll(() => {
  spawnSync("tmux", ["kill-session", "-t", pane]);
  rmSync(base, { recursive: true, force: true });
});

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string; dependencies: Record<string, string> };

/**
 * A folder holding the checkout's compiled better-sqlite3 as the prebuild
 * prebuild-install looks for (`{name}-v{version}-node-v{abi}-{platform}-{arch}.tar.gz`
 * holding build/Release/better_sqlite3.node), or null where there is none to
 * give (then the install compiles the module).
 */
function localPrebuilds(): string | null {
  const mod = join(ROOT, "node_modules", "better-sqlite3");
  const built = join(mod, "build", "Release", "better_sqlite3.node");
  const glibc = process.platform === "linux" && Boolean((process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header?.glibcVersionRuntime);
  if (!glibc || !existsSync(built)) return null;
  const { version } = JSON.parse(readFileSync(join(mod, "package.json"), "utf8")) as { version: string };
  const dir = join(base, "prebuilds");
  mkdirSync(dir, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  const tar = spawnSync("tar", ["-czf", join(dir, name), "-C", mod, "build/Release/better_sqlite3.node"]);
  return tar.status === 0 ? dir : null;
}

describe.skipIf(!existsSync(join(ROOT, "dist", "cli.js")))("the npm package", () => {
  it(
    "packs without tests, sources or fixtures, installs with --omit=dev and runs: --version, ls, hook, search, every --help, the browser",
    async () => {
      const packed = JSON.parse(execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", base], { cwd: ROOT, encoding: "utf8" })) as { filename: string; files: { path: string }[] }[];
      const inside = packed[0].files.map((f) => f.path);
      // (native/ and binding.gyp: the tree's line scanner, built by the package's install step where it can be)
      for (const p of ["bin/omp-sessions", "dist/cli.js", "dist/hook.cjs", "dist/cmd/ls.cjs", "dist/chunks/sqlite.cjs", "package.json", "README.md", "native/scan.c", "native/install.mjs", "binding.gyp"]) expect(inside, p).toContain(p);
      expect(inside.some((p) => p.startsWith("demo/sessions/"))).toBe(true);
      for (const p of inside) expect(p, p).not.toMatch(/^(src|test|bench|scripts|media|node_modules)\/|\.map$|^dist\/meta|fixtures/);

      const prefix = join(base, "prefix");
      const prebuilds = localPrebuilds();
      const install = spawnSync("npm", ["install", "-g", "--prefix", prefix, "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", "--allow-scripts=better-sqlite3,omp-sessions", join(base, packed[0].filename)], {
        cwd: base,
        encoding: "utf8",
        timeout: 20 * 60_000,
        env: prebuilds ? { ...process.env, npm_config_better_sqlite3_local_prebuilds: prebuilds } : process.env,
      });
      expect(install.status, install.stderr).toBe(0);
      const installed = join(prefix, "lib", "node_modules", "omp-sessions");
      // Only the run-time dependencies (and theirs) came along: no build tools, no test tools, nothing the bundles hold.
      const mods = readdirSync(join(installed, "node_modules"));
      for (const dev of ["esbuild", "vitest", "typescript", "ink", "react", "tsx"]) expect(mods, dev).not.toContain(dev);
      for (const dep of Object.keys(pkg.dependencies)) expect(mods).toContain(dep);
      // The install built the line scanner where this checkout's install could (the same compiler and headers).
      if (existsSync(join(ROOT, "build", "Release", "omp_sessions_scan.node"))) expect(existsSync(join(installed, "build", "Release", "omp_sessions_scan.node")), install.stderr).toBe(true);

      const bin = join(prefix, "bin", "omp-sessions");
      const home = join(base, "home");
      const agent = join(home, ".pi", "agent", "sessions", "--w--");
      mkdirSync(agent, { recursive: true });
      const fixture = readdirSync(join(FIXTURES, "sessions"))
        .filter((f) => f.startsWith("pi-2026") && f.endsWith(".jsonl"))
        .sort()[0];
      copyFileSync(join(FIXTURES, "sessions", fixture), join(agent, fixture));
      const env = { PATH: `${join(prefix, "bin")}:${process.env.PATH}`, HOME: home, OMP_SESSIONS_HUB: join(base, "hub"), NO_COLOR: "1", TZ: "UTC" };
      // The installed link runs itself from a shell (the browser below); through node here, as runBin runs a bin.
      accessSync(bin, constants.X_OK);
      expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
      const run = (args: string[], input?: string) => runBin(args, { bin, env, input, cwd: base });

      expect((await run(["--version"])).stdout).toBe(pkg.version + "\n");
      expect((await run(["-V"])).stdout).toBe(pkg.version + "\n");

      const ls = await run(["ls", "--all", "--json"]);
      expect(ls.code, ls.stderr).toBe(0);
      expect((JSON.parse(ls.stdout) as { path: string }[]).map((s) => s.path)).toEqual([join(agent, fixture)]);

      // tree --json as this checkout gives it, whether or not the install could build the native scanner.
      const tree = await run(["tree", join(agent, fixture), "--json"]);
      expect(tree.code, tree.stderr).toBe(0);
      expect(tree.stdout).toBe((await runBin(["tree", join(agent, fixture), "--json"], { env, cwd: base })).stdout);

      const hook = await run(["hook", "--harness", "claude", "--if-enabled"], JSON.stringify({ session_id: "pkg-1", hook_event_name: "SessionStart", cwd: base, source: "startup" }));
      expect(hook.code).toBe(0);
      expect(existsSync(join(base, "hub", ".sessions", "state", "claude", "pkg-1.json"))).toBe(true);

      const firstWord = JSON.parse(ls.stdout)[0]
        .firstMessage.split(/\s+/)
        .find((w: string) => /^[a-z]{4,}$/i.test(w)) as string;
      const search = await run(["search", firstWord, "--json"]);
      expect(search.code, search.stderr).toBe(0);
      expect(search.stdout).toContain(fixture);

      for (const c of commands) {
        const help = await run([c.name, "--help"]);
        if (c.name !== "hook") expect(help.stdout, c.name).toMatch(/usage/i);
      }

      if (hasTmux) {
        tmux("new-session", "-d", "-s", pane, "-x", "120", "-y", "30", `env NO_COLOR=1 HOME=${home} ${bin} --demo; echo EXIT=$?; sleep 30`);
        await waitFor(pane, (s) => s.includes("demo sessions") && s.includes("› "), "the browser on the demo sessions");
        // q is typed into the list's search (as in pi's /resume); Esc with no search quits.
        tmux("send-keys", "-t", pane, "Escape");
        await waitFor(pane, (s) => s.includes("EXIT=0"), "the browser to quit");
      }
    },
    25 * 60_000,
  );
});
