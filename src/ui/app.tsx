// The shell: tab bar, the current screen, status and key hints, the help
// overlay, and the one input handler that reads the key table.
import React, { useEffect, useState } from "react";
import { Box, useApp as useInkApp, useInput, useStdout } from "ink";
import { useShallow } from "zustand/react/shallow";
import { anywhereBinding, findBinding, keyName, type Action, type Scope } from "./keymap.js";
import { SCREENS, screenById } from "./screens/registry.js";
import { StoresContext, useApp } from "./state/use-app.js";
import type { AppStore } from "./state/store.js";
import type { Stores } from "./state/stores.js";
import { ThemeContext } from "./theme-context.js";
import { PollContext } from "./poll-context.js";
import type { Theme } from "./theme.js";
import { TabBar } from "./components/tab-bar.js";
import { shareInkCaches } from "./ink-caches.js";
import { Footer, statusRows } from "./components/footer.js";
import { HelpOverlay } from "./components/help-overlay.js";
import { usePromptScopes } from "./state/write-store.js";
import { useStore } from "zustand";

// Before the first frame: every frame after it reuses the unchanged lines' work.
await shareInkCaches();

export interface AppProps {
  /** Made where the app is made (run.ts, the tests' harness): see state/stores.ts. */
  stores: Stores;
  theme: Theme;
  /** Fixed size (tests); otherwise the terminal's, following resizes. */
  size?: { width: number; height: number };
  /** How often the open session file (and, on screens 3 and 4, the capture store) is checked for changes (ms); 0 = never. */
  pollMs?: number;
}

function useTerminalSize(fixed?: { width: number; height: number }) {
  const { stdout } = useStdout();
  const read = () => ({ width: stdout.columns || 100, height: stdout.rows || 30 });
  const [size, setSize] = useState(read);
  useEffect(() => {
    if (fixed) return;
    const onResize = () => setSize(read());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout, fixed]);
  return fixed ?? size;
}

/** The key scopes in force, highest priority first. */
export function scopesFor(st: ReturnType<AppStore["getState"]>): Scope[] {
  if (st.help) return ["help", "global"];
  if (st.deleting && st.screen === "sessions") return ["delete"];
  if (st.subagentPick && st.screen === "tree") return ["pick"];
  const def = screenById(st.screen);
  const own: Scope[] = def.scope ? [def.scope] : [];
  if (st.searching && def.queryScope) return [def.queryScope];
  if (st.pane && st.focus === "pane") return ["pane", ...own, "global"];
  return [...own, ...(def.list ? (["list"] as Scope[]) : []), "global"];
}

/** Runs one action of the key table. */
export function runAction(action: Action, key: string, ui: Stores, exit: () => void): void {
  const st = ui.app.getState();
  const def = screenById(st.screen);
  if (def.onAction?.(action, ui)) return;
  switch (action) {
    case "quit":
      exit();
      return;
    case "help":
      st.toggleHelp();
      return;
    case "help.up":
      return st.scrollHelp(-1);
    case "help.down":
      return st.scrollHelp(1);
    case "help.pageUp":
      return st.scrollHelp(-Math.max(1, st.pageSize - 1));
    case "help.pageDown":
      return st.scrollHelp(Math.max(1, st.pageSize - 1));
    case "help.top":
      return st.scrollHelp("top");
    case "help.bottom":
      return st.scrollHelp("bottom");
    case "search.keep":
      st.endSearch();
      return;
    case "search.clear":
      // The session list, as pi's /resume: Esc clears the search, and with none leaves.
      if (def.typeToSearch && st.listQuery === "") exit();
      else st.clearSearch();
      return;
    case "path.copy":
      st.copyPath();
      return;
    case "screen": {
      const target = SCREENS.find((s) => s.tab === key);
      if (!target) return;
      const why = target.available?.(st);
      if (why) st.setStatus(why, "error");
      else st.setScreen(target.id);
      return;
    }
    case "back":
      if (st.help) st.toggleHelp();
      else if (st.searching || (st.screen === "tree" ? st.treeQuery : st.listQuery)) st.clearSearch();
      else if (st.pane) st.closePane();
      else if (st.screen === "tree" && st.treeFrom) st.setScreen(st.treeFrom);
      else if (st.screen !== "sessions") st.setScreen("sessions");
      return;
    case "search":
      st.startSearch();
      return;
    case "focus":
      st.toggleFocus();
      return;
    case "cursor.up":
      return st.move("up");
    case "cursor.down":
      return st.move("down");
    case "cursor.pageUp":
      return st.move("pageUp");
    case "cursor.pageDown":
      return st.move("pageDown");
    case "cursor.first":
      return st.move("first");
    case "cursor.last":
      return st.move("last");
    case "pane.up":
      return st.scrollPane(-1);
    case "pane.down":
      return st.scrollPane(1);
    case "pane.pageUp":
      return st.scrollPane(-Math.max(1, st.pageSize));
    case "pane.pageDown":
      return st.scrollPane(Math.max(1, st.pageSize));
    case "pane.top":
      return st.scrollPane("top");
    case "pane.bottom":
      return st.scrollPane("bottom");
  }
}

/** The name of one character of a burst, as keyName would give it. */
function charName(ch: string): string {
  if (ch === "\r" || ch === "\n") return "enter";
  if (ch === "\u001b") return "escape";
  if (ch === "\t") return "tab";
  if (ch === " ") return "space";
  if (ch === "\u007f" || ch === "\b") return "backspace";
  if (ch < " ") return `ctrl+${String.fromCharCode(ch.charCodeAt(0) + 96)}`;
  return ch;
}

/** A printable key (typed text), as opposed to a command key. */
const printable = (name: string): boolean => name === "space" || (name.length === 1 && name >= " ");

/**
 * The session list (pi's /resume): every printable key is typed into its
 * search; a digit or ? while the search is empty still switches screens or
 * opens help. Its commands are Enter, Tab, Esc and ctrl keys.
 */
function typedListKey(input: string, name: string, ui: Stores, exit: () => void): void {
  const st = ui.app.getState();
  const owner = screenById(st.screen);
  const own = owner.scope ? findBinding(name, [owner.scope]) : undefined;
  if (own) return runAction(own.action, name, ui, exit);
  // Of the global keys only screens and help keep a printable key (with the search empty): q is typed.
  const global = findBinding(name, ["global"]);
  const view = global && global.action !== "quit" ? global : undefined;
  if (printable(name) && !(st.listQuery === "" && view)) {
    if (!st.searching) st.startSearch();
    st.editSearch(input, name);
    return;
  }
  // A paste (name "") and the line editor's keys edit the query; a digit or ? on an empty search, the global keys.
  if ((name === "" && input) || findBinding(name, ["line"])) {
    if (!st.searching) st.startSearch();
    st.editSearch(input, name);
    return;
  }
  if (view) runAction(view.action, name, ui, exit);
}

/**
 * The one dispatcher for one key: it goes to exactly one owner, decided when
 * the key is handled (never by a timer): ctrl+c, an open prompt or query line
 * of the screen, the screen's search line, then the key table. A key that
 * opens a prompt hands the very next key to that prompt. `name` "" with a
 * longer `input` is pasted text (a bracketed paste), for a text line only.
 */
export function dispatchKey(input: string, name: string, ui: Stores, exit: () => void): void {
  const st = ui.app.getState();
  // ctrl+c quits even while a prompt or query line owns the keyboard (an open
  // prompt is dropped, nothing is written); q there is just a typed letter.
  const always = anywhereBinding(name);
  if (always) {
    runAction(always.action, name, ui, exit);
    return;
  }
  const owner = screenById(st.screen);
  if (!st.help && owner.ownsInput?.(ui)) {
    owner.onKey?.(input, name, ui);
    return;
  }
  if (!st.help && owner.typeToSearch) return typedListKey(input, name, ui, exit);
  if (st.searching && owner.queryScope) {
    // The search line: its keys from the table (and the screen's ctrl keys), the rest edits the query.
    const b = findBinding(name, [owner.queryScope]) ?? (name.startsWith("ctrl+") && owner.scope ? findBinding(name, [owner.scope]) : undefined);
    if (b) runAction(b.action, name, ui, exit);
    else st.editSearch(input, name);
    return;
  }
  const b = findBinding(name, scopesFor(st));
  if (b) runAction(b.action, name, ui, exit);
}

/** True when the key owner right now is a text line (a prompt, a query line): a paste goes there whole. */
function takesText(ui: Stores): boolean {
  const st = ui.app.getState();
  if (st.help) return false;
  const owner = screenById(st.screen);
  if (owner.ownsInput?.(ui)) return owner.takesText?.(ui) ?? false;
  return Boolean(owner.typeToSearch || (st.searching && owner.queryScope));
}

/**
 * One chunk of terminal input, as Ink hands it over: a run of plain
 * characters arrives as one chunk when keys come faster than they are read
 * (a fast typist, tmux send-keys, an unbracketed paste). Every key of it is
 * dispatched in order, each to the owner it would have had if typed slowly,
 * so "5zebra\tq" switches screens, types, leaves the line and quits.
 */
export function dispatchChunk(input: string, name: string, ui: Stores, exit: () => void): void {
  if (name || input.length <= 1 || input.startsWith("\u001b")) {
    dispatchKey(input, name, ui, exit);
    return;
  }
  for (const ch of input) dispatchKey(ch, charName(ch), ui, exit);
}

/**
 * Bracketed paste (the terminal marks a paste with ESC[200~ … ESC[201~): the
 * text between the marks is one paste, whatever chunks it came in. It goes
 * whole into a text line (line ends become spaces: a paste never submits);
 * with no text line open it is dropped, never run as keys.
 */
export function createPasteCollector(ui: Stores, exit: () => void) {
  let buffer: string | null = null;
  return {
    /** True when the chunk belonged to a paste (and was taken). */
    take(input: string): boolean {
      const start = input.indexOf("[200~");
      if (buffer === null && !(start >= 0 && (input.startsWith("\u001b[200~") || input.startsWith("[200~")))) return false;
      if (buffer === null) buffer = "";
      const body = input.replace(/^\u001b?\[200~/, "");
      const endAt = body.search(/\u001b?\[201~/);
      if (endAt < 0) {
        buffer += body;
        return true;
      }
      const text = (buffer + body.slice(0, endAt)).replace(/\r\n|[\r\n]/g, " ").replace(/[\u0000-\u001f\u007f]/g, "");
      buffer = null;
      if (!text) return true;
      if (takesText(ui)) dispatchKey(text, text.length === 1 ? text : "", ui, exit);
      else ui.app.getState().setStatus("pasted text dropped: no text line is open here", "error");
      return true;
    },
  };
}

/**
 * A status message answers an earlier key: once this key is handled, a message
 * it did not replace goes, so an old message never reads as this key's answer.
 */
function dropStatusAfterKey(store: AppStore): void {
  const shown = store.getState().status;
  if (!shown) return;
  queueMicrotask(() => {
    const st = store.getState();
    if (st.status === shown && !st.loading) store.setState({ status: null });
  });
}

function Shell({ stores, size: fixed, pollMs = 1000 }: Omit<AppProps, "theme">) {
  const store = stores.app;
  const { exit } = useInkApp();
  const { width, height } = useTerminalSize(fixed);
  const screen = useApp((s) => s.screen);
  const help = useApp((s) => s.help);
  const hasSession = useApp((s) => s.session !== null);
  const info = useApp((s) => screenById(s.screen).info?.(s) ?? "");
  const statusHeight = useApp((s) => statusRows(s.status, width).length);
  const scopes = useApp(useShallow(scopesFor));
  // While a write prompt is open, its keys are the only ones in force.
  const promptScopes = usePromptScopes(stores.write);
  // While the tree's compare view is open, its keys are the ones in force.
  const comparing = useStore(stores.compare, (s) => s.view !== null) && screen === "tree";

  const [paste] = useState(() => createPasteCollector(stores, exit));
  useInput((input, key) => {
    stores.quiet.touch();
    dropStatusAfterKey(store);
    if (paste.take(input)) return;
    const name = keyName(input, key);
    // A chord's multi-character input (alt+ a paste) is no burst of typed keys.
    if (key.ctrl || key.meta) dispatchKey(input, name, stores, exit);
    else dispatchChunk(input, name, stores, exit);
  });

  useEffect(() => {
    if (!hasSession || pollMs <= 0) return;
    // Poll the open file; a refresh of a huge session costs a re-flatten, so the
    // next check waits at least ten times as long as the last refresh took.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = (delay: number) => {
      timer = setTimeout(() => {
        const started = performance.now();
        void store
          .getState()
          .refresh()
          .finally(() => {
            if (!stopped) tick(Math.max(pollMs, 10 * (performance.now() - started)));
          });
      }, delay);
    };
    tick(pollMs);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [hasSession, pollMs, store]);

  const def = screenById(screen);
  const Screen = def.Component;
  // Tab bar (1) + status (1, more for a long message) and hints (1); the rest is the screen's.
  const bodyHeight = Math.max(3, height - 2 - statusHeight);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <TabBar width={width} />
      {help ? <HelpOverlay width={width} height={bodyHeight} /> : <Screen width={width} height={bodyHeight} />}
      <Footer width={width} scopes={promptScopes && !help ? promptScopes : comparing && !help ? ["compare"] : scopes} info={info} />
    </Box>
  );
}

export function App({ stores, theme, size, pollMs = 1000 }: AppProps) {
  return (
    <StoresContext.Provider value={stores}>
      <ThemeContext.Provider value={theme}>
        <PollContext.Provider value={pollMs}>
          <Shell stores={stores} size={size} pollMs={pollMs} />
        </PollContext.Provider>
      </ThemeContext.Provider>
    </StoresContext.Provider>
  );
}
