// The browser proper: reads the browser's flags, finds the sessions
// (or the bundled demo), loads a session given on the command line, and runs
// the Ink app until the user quits.
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import React from "react";
import { render } from "ink";
import { defaultAgentDirs } from "../core/session/index.js";
import { listedRoots } from "../core/session/index.js";
import { safeText, whyMissing } from "../core/session/index.js";
import { App } from "./app.js";
import { demoCopy } from "./state/demo-copy.js";
import { OPEN_SCREENS } from "../global-args.js";
import { cacheDir } from "../core/cache-dir.js";
import { tildePath } from "../core/fs/home-path.js";
import { homedir } from "node:os";
import type { StoreInit } from "./state/store.js";
import { createStores, disposeStores } from "./state/stores.js";
import { colorWanted, makeTheme } from "./theme.js";
import { loadKeyConfig } from "./key-config.js";
import type { ResumeRequest } from "./state/resume-store.js";
import { shownCommand } from "../core/agents/resume-command.js";
import { runAgent } from "../core/agents/run-agent.js";

export interface LaunchOptions {
  demo: boolean;
  open?: string;
  agentDirs: string[];
  paths: string[];
  color: boolean;
  /** The capture store for the review screens (`--hub DIR`, `--local`). */
  hub?: string;
  local?: boolean;
}

export class LaunchUsageError extends Error {}

export function parseLaunchArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): LaunchOptions {
  const out: LaunchOptions = { demo: false, agentDirs: [], paths: [], color: colorWanted(argv, env) };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new LaunchUsageError(`${a} needs a value`);
      return v;
    };
    if (a === "--demo") out.demo = true;
    else if (a === "--no-color") continue;
    else if (a === "--local") out.local = true;
    else if (a === "--open") out.open = value();
    else if (a.startsWith("--open=")) out.open = a.slice(7);
    else if (a === "--agent-dir") out.agentDirs.push(value());
    else if (a.startsWith("--agent-dir=")) out.agentDirs.push(a.slice(12));
    else if (a === "--hub") out.hub = value();
    else if (a.startsWith("--hub=")) out.hub = a.slice(6);
    else if (a.startsWith("-")) throw new LaunchUsageError(`unknown option ${a}`);
    else out.paths.push(a);
  }
  if (out.open !== undefined && !(OPEN_SCREENS as readonly string[]).includes(out.open)) {
    throw new LaunchUsageError(`--open takes one of: ${OPEN_SCREENS.join(", ")}`);
  }
  return out;
}

/** The bundled demo sessions, found from this module whether run from src/ or dist/. */
export function demoDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = join(dir, "demo", "sessions");
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  return null;
}

function hasSessionFiles(dirs: string[], otherRoots: string[]): boolean {
  // Cheap check: does any agent dir hold a sessions folder, or another agent's default place exist?
  for (const d of dirs) {
    try {
      if (statSync(join(d, "sessions")).isDirectory()) return true;
    } catch {}
  }
  return otherRoots.length > 0;
}

export async function run(argv: string[]): Promise<number> {
  let opts: LaunchOptions;
  try {
    opts = parseLaunchArgs(argv);
  } catch (err) {
    if (err instanceof LaunchUsageError) {
      process.stderr.write(`omp-sessions: ${err.message} (see omp-sessions --help)\n`);
      return 2;
    }
    throw err;
  }
  // A path that is not there is an error, as for `tree` (exit 3), not an empty list.
  let missing = false;
  for (const p of opts.paths) {
    const why = await whyMissing(p);
    if (why === null) continue;
    missing = true;
    process.stderr.write(`omp-sessions: ${safeText(why)}\n`);
  }
  if (missing) return 3;
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    process.stderr.write("omp-sessions: the browser needs a terminal; for scripts use `omp-sessions ls` / `tree` / `show`\n");
    return 1;
  }

  const init: StoreInit = { cwd: process.cwd(), list: {}, screen: opts.open };
  const packaged = demoDir();
  // The demo is browsed from a copy in the cache dir (made when first shown): writes made while
  // trying it never touch the installed package. Null when there is no demo or no copy can be made.
  let demoError: string | null = null;
  const demoSessions = (): string | null => {
    if (!packaged) return null;
    try {
      return demoCopy(packaged, cacheDir());
    } catch (err) {
      demoError = `cannot copy the demo sessions into ${cacheDir()}: ${(err as Error).message}`;
      return null;
    }
  };
  const demoNote = (dir: string): string => ` (a copy in ${tildePath(dir, homedir())}: writes stay there)`;
  let file: string | null = null;
  if (opts.demo) {
    const demo = demoSessions();
    if (!demo) {
      process.stderr.write(`omp-sessions: ${safeText(demoError ?? "the demo sessions are missing from this install")}\n`);
      return 1;
    }
    init.list = { paths: [demo] };
    init.status = { text: `demo sessions${demoNote(demo)}`, kind: "info" };
  } else if (opts.paths.length > 0) {
    init.list = { paths: opts.paths.map((p) => resolve(p)) };
    if (opts.paths.length === 1 && existsSync(opts.paths[0]) && statSync(opts.paths[0]).isFile()) file = resolve(opts.paths[0]);
  } else {
    // No --agent-dir: pi's and omp's default dirs and every other agent's default places.
    const given = opts.agentDirs.length > 0;
    const dirs = given ? opts.agentDirs.map((d) => resolve(d)) : defaultAgentDirs();
    const others = given ? [] : listedRoots({}).filter((r) => !dirs.includes(r));
    const demo = hasSessionFiles(dirs, others) ? null : demoSessions();
    if (demo) {
      init.list = { paths: [demo] };
      init.status = { text: `no agent sessions found on this machine — showing the demo sessions${demoNote(demo)}`, kind: "info" };
    } else init.list = given ? { agentDirs: dirs } : {};
  }

  // The tree needs a session: without a file named, the browser starts on the list (saying why).
  if (opts.open === "tree" && !file) {
    init.screen = "sessions";
    init.status = { text: "--open tree needs a session file: open one from the list (Enter)", kind: "info" };
  }

  // The user's keybindings.json; a bad one keeps the defaults and says why on the status line.
  const keyWarning = loadKeyConfig();
  if (keyWarning) init.status = { text: keyWarning, kind: "error" };

  // Every store of the browser, made here and handed down (state/stores.ts).
  const stores = createStores({ ...init, review: { hub: { hub: opts.hub, local: opts.local }, cwd: process.cwd() } });
  const store = stores.app;
  // A big session shows its start first and is read on behind the first frame (tree-slice.ts).
  let whole: Promise<void> = Promise.resolve();
  if (file) {
    // A file named on the command line must be a session: fail like the CLI does (exit 3).
    try {
      ({ whole } = await store.getState().openSession(file));
    } catch (err) {
      const e = err as { message?: string; exitCode?: number };
      process.stderr.write(`omp-sessions: ${e.message ?? String(err)}\n`);
      return typeof e.exitCode === "number" ? e.exitCode : 1;
    }
    if (opts.open) store.getState().setScreen(opts.open);
  }
  // The list's scan starts once the first frame is drawn (below) and the open session is read
  // whole. Opened on a session's tree, the list is not on screen: its scan (which rereads that
  // file) gives way to keys (store.ts loadList).
  void whole
    .then(() => store.getState().loadList())
    .then(() => {
      // Agent dirs exist but hold no session: say so and show the demo instead.
      const st = store.getState();
      const demo = !init.list.paths && st.sessions?.length === 0 && !st.session ? demoSessions() : null;
      if (demo) void st.setListSource({ paths: [demo] }, { text: `no agent sessions found on this machine — showing the demo sessions${demoNote(demo)}`, kind: "info" });
    });

  const theme = makeTheme(opts.color);
  // Bracketed paste: the terminal marks pasted text, so a paste is never run as keys (app.tsx).
  // Written before Ink draws: Ink keeps track of the cursor by what it writes itself.
  process.stdout.write("\u001b[?2004h");
  const app = render(React.createElement(App, { stores, theme }), {
    exitOnCtrlC: false,
    // Only changed lines are rewritten: moving the cursor touches two rows, not the screen.
    incrementalRendering: true,
    // Ink draws at most once per 1000/maxFps ms and holds a frame asked for sooner until then:
    // at 60 a key pressed 10 ms after the last frame waited 7 ms more for its own. A frame
    // costs a few ms now (ink-rows.ts), so the hold is kept short; a burst still makes one frame.
    maxFps: 250,
  });
  // r: the browser gives way to the agent. Ink is unmounted (raw mode off,
  // cursor shown, input listener gone) and its last frame erased before the
  // agent gets the terminal. (The browser draws in the main screen, so there
  // is no alternate screen to leave.)
  const resume = stores.resume;
  const unsubscribe = resume.subscribe((st) => {
    if (!st.request) return;
    unsubscribe();
    app.unmount();
  });
  await app.waitUntilExit();
  disposeStores(stores);
  // Paths put on the status line with `y`, once more where the terminal keeps them (no OSC 52).
  // Ink leaves the cursor after its last frame (the footer, which need not fill its line): what follows starts a line of its own.
  process.stdout.write("\r\n");
  for (const p of store.getState().copiedPaths) process.stdout.write(`${safeText(p)}\n`);
  // Bracketed paste off again (after the paths: written before them, it cost their first columns in tmux).
  process.stdout.write("\u001b[?2004l");
  unsubscribe();
  const request = resume.getState().request;
  if (request) process.exit(await resumeAfterBrowser(request));
  return 0;
}

/** Runs the agent with the terminal the browser has just given back; its exit status is ours. */
async function resumeAfterBrowser({ cmd, problem }: ResumeRequest): Promise<number> {
  if (process.stdin.isTTY) process.stdin.setRawMode(false);
  // Stops reading the terminal: every key from now on is the agent's.
  process.stdin.pause();
  // The frame filled the screen: home and erase it, so the agent starts on a clean one.
  if (process.stdout.isTTY) process.stdout.write("\x1b[H\x1b[2J");
  if (problem) {
    process.stderr.write(`omp-sessions: cannot resume: ${problem}\n`);
    return 1;
  }
  process.stdout.write(`omp-sessions: resuming with ${shownCommand(cmd)}\n`);
  try {
    return await runAgent(cmd);
  } catch (err) {
    process.stderr.write(`omp-sessions: ${(err as Error).message}\n`);
    return 1;
  }
}
