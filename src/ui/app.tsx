// The shell: tab bar, the current screen, status and key hints, the help
// overlay, and the one input handler that reads the key table.
import React, { useEffect, useState } from "react";
import { Box, useApp as useInkApp, useInput, useStdout } from "ink";
import { useShallow } from "zustand/react/shallow";
import { anywhereBinding, findBinding, keyName, type Scope } from "./keymap.js";
import { SCREENS, screenById } from "./screens/registry.js";
import { StoreContext, useApp } from "./state/use-app.js";
import type { AppStore } from "./state/store.js";
import { ThemeContext } from "./theme-context.js";
import { PollContext } from "./poll-context.js";
import type { Theme } from "./theme.js";
import { TabBar } from "./components/tab-bar.js";
import { shareInkCaches } from "./ink-caches.js";
import { Footer } from "./components/footer.js";
import { HelpOverlay } from "./components/help-overlay.js";
import { usePromptScopes } from "./state/write-store.js";

// Before the first frame: every frame after it reuses the unchanged lines' work.
await shareInkCaches();

export interface AppProps {
  store: AppStore;
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
  const def = screenById(st.screen);
  const own: Scope[] = def.scope ? [def.scope] : [];
  if (st.searching && def.queryScope) return [def.queryScope];
  if (st.pane && st.focus === "pane") return ["pane", ...own, "global"];
  return [...own, ...(def.list ? (["list"] as Scope[]) : []), "global"];
}

/** Runs one action of the key table. */
export function runAction(action: string, key: string, store: AppStore, exit: () => void): void {
  const st = store.getState();
  const def = screenById(st.screen);
  if (def.onAction?.(action, store)) return;
  switch (action) {
    case "quit":
      exit();
      return;
    case "help":
      st.toggleHelp();
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

function Shell({ store, size: fixed, pollMs = 1000 }: Omit<AppProps, "theme">) {
  const { exit } = useInkApp();
  const { width, height } = useTerminalSize(fixed);
  const screen = useApp((s) => s.screen);
  const help = useApp((s) => s.help);
  const hasSession = useApp((s) => s.session !== null);
  const info = useApp((s) => screenById(s.screen).info?.(s) ?? "");
  const scopes = useApp(useShallow(scopesFor));
  // While a write prompt is open, its keys are the only ones in force.
  const promptScopes = usePromptScopes(store);

  useInput((input, key) => {
    dropStatusAfterKey(store);
    const st = store.getState();
    const name = keyName(input, key);
    // ctrl+c quits even while a prompt or query line owns the keyboard (an open
    // prompt is dropped, nothing is written); q there is just a typed letter.
    const always = anywhereBinding(name);
    if (always) {
      runAction(always.action, name, store, exit);
      return;
    }
    const owner = screenById(st.screen);
    if (!st.help && owner.ownsInput?.(store)) {
      owner.onKey?.(input, name, store);
      return;
    }
    if (st.searching) {
      const q = st.screen === "tree" ? st.treeQuery : st.listQuery;
      if (name === "escape") st.clearSearch();
      else if (name === "enter") {
        st.endSearch();
        // As in pi's /resume: Enter in the list's search opens the session under the cursor.
        if (st.screen === "sessions") void st.openSelected();
      }
      else if (name === "backspace") st.typeSearch(q.slice(0, -1));
      else if (name === "up" || name === "down") st.move(name);
      else if (input && !key.ctrl && !key.meta && !key.tab) st.typeSearch(q + input.replace(/[\u0000-\u001f\u007f]/g, ""));
      return;
    }
    // A burst of typed keys can arrive as one chunk ("jj\r"): take it key by key.
    if (!name && input.length > 1 && !key.ctrl && !key.meta) {
      for (const ch of input) {
        const k = ch === "\r" ? "enter" : ch === "\u001b" ? "escape" : ch === " " ? "space" : ch;
        const b = findBinding(k, scopesFor(store.getState()));
        if (b && !b.soon) runAction(b.action, k, store, exit);
      }
      return;
    }
    const b = findBinding(name, scopesFor(st));
    if (!b) return;
    if (b.soon) {
      st.setStatus(`${b.help}: coming soon`);
      return;
    }
    runAction(b.action, name, store, exit);
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
      <Footer width={width} scopes={promptScopes && !help ? promptScopes : scopes} info={info} />
    </Box>
  );
}

export function App({ store, theme, size, pollMs = 1000 }: AppProps) {
  return (
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={theme}>
        <PollContext.Provider value={pollMs}>
          <Shell store={store} size={size} pollMs={pollMs} />
        </PollContext.Provider>
      </ThemeContext.Provider>
    </StoreContext.Provider>
  );
}
