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
import { Footer } from "./components/footer.js";
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
      st.clearSearch();
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

/**
 * The one dispatcher: every key goes to exactly one owner, decided when the
 * key is handled (never by a timer): ctrl+c, an open prompt or query line of
 * the screen, the screen's search line, then the key table. A key that opens
 * a prompt hands the very next key to that prompt.
 */
export function dispatchKey(input: string, name: string, burst: boolean, ui: Stores, exit: () => void): void {
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
  if (st.searching && owner.queryScope) {
    // The search line: its keys from the table (and the screen's ctrl keys), the rest edits the query.
    const b = findBinding(name, [owner.queryScope]) ?? (name.startsWith("ctrl+") && owner.scope ? findBinding(name, [owner.scope]) : undefined);
    if (b) runAction(b.action, name, ui, exit);
    else st.editSearch(input, name);
    return;
  }
  if (burst) {
    for (const ch of input) dispatchKey(ch, charName(ch), false, ui, exit);
    return;
  }
  const b = findBinding(name, scopesFor(st));
  if (!b) {
    // As in pi's /resume: a letter that is no command starts the list's search.
    if (owner.typeToSearch && !st.help && name.length === 1 && name.trim()) {
      st.startSearch();
      st.editSearch(input, name);
    }
    return;
  }
  runAction(b.action, name, ui, exit);
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
  const scopes = useApp(useShallow(scopesFor));
  // While a write prompt is open, its keys are the only ones in force.
  const promptScopes = usePromptScopes(stores.write);
  // While the tree's compare view is open, its keys are the ones in force.
  const comparing = useStore(stores.compare, (s) => s.view !== null) && screen === "tree";

  useInput((input, key) => {
    dropStatusAfterKey(store);
    const name = keyName(input, key);
    // A burst of typed keys can arrive as one chunk ("jj\r", "xtoo vague"): unless
    // a prompt or query line takes it whole as a paste, it goes key by key.
    const burst = !name && input.length > 1 && !key.ctrl && !key.meta;
    dispatchKey(input, name, burst, stores, exit);
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
  // Tab bar (1) + status and hints (2); the rest is the screen's.
  const bodyHeight = Math.max(3, height - 3);
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
