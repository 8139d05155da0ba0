// Mounts the browser with ink-testing-library at a fixed size, no colours and
// no polling, so tests drive real key sequences and read plain frames.
import React from "react";
import { render } from "ink-testing-library";
import { App } from "../../src/ui/app.js";
import type { AppStore } from "../../src/ui/state/store.js";
import { createStores, disposeStores, type Stores, type StoresInit } from "../../src/ui/state/stores.js";
import { makeTheme } from "../../src/ui/theme.js";
import { loadSession } from "../../src/core/session/tree/load.js";

export const KEYS = {
  up: "\u001b[A",
  down: "\u001b[B",
  enter: "\r",
  escape: "\u001b",
  tab: "\t",
  backspace: "\u007f",
  home: "\u001b[H",
  end: "\u001b[F",
  left: "\u001b[D",
  right: "\u001b[C",
  pageDown: "\u001b[6~",
  pageUp: "\u001b[5~",
  ctrlLeft: "\u001b[1;5D",
  ctrlRight: "\u001b[1;5C",
  alt: (c: string) => "\u001b" + c,
  ctrl: (c: string) => String.fromCharCode(c.toLowerCase().charCodeAt(0) - 96),
};

export const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

const turn = () => new Promise((r) => setImmediate(r));

/**
 * Waits until the app has drawn what an input set off, by watching the frame
 * instead of sleeping: once the frame differs from `before`, until it holds
 * for a few event-loop turns (effects and the re-renders they cause run in
 * those). An input that changes nothing gets `quietMs` to show it, polled.
 */
async function settle(frame: () => string, before: string, quietMs = 30): Promise<void> {
  const start = Date.now();
  let last = frame();
  let still = 0;
  for (;;) {
    await turn();
    const now = frame();
    if (now !== last) {
      last = now;
      still = 0;
    } else if (now !== before && ++still >= 3) return;
    else if (now === before && Date.now() - start >= quietMs) return;
  }
}

export interface Mounted {
  /** The browser's store (stores.app). */
  store: AppStore;
  /** Every store of this browser, as the app was made with them. */
  stores: Stores;
  frame(): string;
  press(...keys: string[]): Promise<void>;
  /** Writes every chunk at once, with no pause between them (keys faster than any frame), then waits for the frame to settle. */
  burst(...chunks: string[]): Promise<void>;
  type(text: string): Promise<void>;
  /** Waits until a frame matches: up to `ceilingMs` (8 s by default), a safety net for a hang, not a speed check. */
  waitFor(pred: (frame: string) => boolean, what: string, ceilingMs?: number): Promise<string>;
  /** The app quit by itself (Ink unmounted and gave the terminal back: raw mode off). */
  exited(): boolean;
  unmount(): void;
}

export interface MountOptions extends Pick<StoresInit, "review" | "searchEngine" | "readDigest" | "quiet" | "openHeadBytes" | "restRead" | "statsCacheDir"> {
  file?: string;
  paths?: string[];
  width?: number;
  height?: number;
  pollMs?: number;
}

export async function mount(opts: MountOptions): Promise<Mounted> {
  const { file: _file, paths, width: _w, height: _h, pollMs: _p, ...made } = opts;
  const stores = createStores({ cwd: "/nowhere", list: { paths: paths ?? [] }, ...made });
  const store = stores.app;
  if (opts.file) store.getState().setSession(await loadSession(opts.file));
  if (opts.paths) await store.getState().loadList();
  const inst = render(<App stores={stores} theme={makeTheme(false)} size={{ width: opts.width ?? 110, height: opts.height ?? 30 }} pollMs={opts.pollMs ?? 0} />);
  // Ink turns raw mode on for its input hooks and off only once every one is gone.
  let raw = true;
  (inst.stdin as unknown as { setRawMode(on: boolean): void }).setRawMode = (on) => {
    raw = on;
  };
  const frame = () => inst.lastFrame() ?? "";
  await settle(frame, "");
  return {
    store,
    stores,
    frame,
    async press(...keys) {
      for (const k of keys) {
        const before = frame();
        inst.stdin.write(k);
        await settle(frame, before);
      }
    },
    async burst(...chunks) {
      const before = frame();
      for (const c of chunks) inst.stdin.write(c);
      await settle(frame, before);
    },
    async type(text) {
      for (const ch of text) {
        const before = frame();
        inst.stdin.write(ch);
        await settle(frame, before);
      }
    },
    async waitFor(pred, what, ceilingMs = 30_000) {
      // Up to 30 s: a CI machine under load may take seconds to start a worker
      // and open SQLite (8 s timed out there); a passing wait returns as soon
      // as the frame matches, so only a failing test waits this long.
      const end = Date.now() + ceilingMs;
      while (Date.now() < end) {
        if (pred(frame())) return frame();
        await tick(5);
      }
      if (pred(frame())) return frame();
      throw new Error(`timed out waiting for ${what}; last frame:\n${frame()}`);
    },
    exited: () => !raw,
    unmount: () => {
      inst.unmount();
      disposeStores(stores);
    },
  };
}

/** The row under the cursor ("› …"), without the cursor mark. */
export function cursorRow(frame: string): string {
  const line = frame.split("\n").find((l) => l.startsWith("› "));
  return line ? line.slice(2) : "";
}

/** Lines that look like tree rows (between the tab bar and the footer). */
export function bodyLines(frame: string): string[] {
  const lines = frame.split("\n");
  return lines.slice(1, -2);
}
