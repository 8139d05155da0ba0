// Driving the built binary in a real terminal: tmux sessions, screens, keys.
import { execFileSync, spawnSync } from "node:child_process";

export const hasTmux = spawnSync("tmux", ["-V"]).status === 0;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tmux(...args: string[]): string {
  return execFileSync("tmux", args, { encoding: "utf8" });
}

/** The visible screen of a tmux session (with escapes: the colours too). */
export function screen(name: string, escapes = false): string {
  return tmux("capture-pane", "-p", ...(escapes ? ["-e"] : []), "-t", name);
}

/** Polls the screen until `pred` holds (up to 20 s); the error shows the last screen. */
/**
 * The screen once `pred` holds, looked at every 100 ms. The ceiling is a safety
 * net for a failing test (45 s: a CI machine under load starts a node process
 * and draws a big tree slowly); a passing wait returns at the first look that matches.
 */
export async function waitFor(name: string, pred: (s: string) => boolean, what: string, ceilingMs = 45_000): Promise<string> {
  const end = Date.now() + ceilingMs;
  for (;;) {
    const s = screen(name);
    if (pred(s)) return s;
    if (Date.now() >= end) break;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}:\n${screen(name)}`);
}

/**
 * Waits until the screen shows what the last input set off, by watching it
 * rather than sleeping a fixed time: changed from `before` and then the same
 * at the next look. An input that changes nothing gets `quietMs` to show it;
 * a screen that keeps moving (a spinner) is let go after 5 s.
 */
async function settle(name: string, before: string, quietMs = 300): Promise<void> {
  const start = Date.now();
  let last = before;
  for (;;) {
    await sleep(25);
    const s = screen(name);
    if (s !== before && s === last) return;
    last = s;
    const waited = Date.now() - start;
    if ((s === before && waited >= quietMs) || waited >= 5000) return;
  }
}

/** Sends keys one at a time, each once the app has drawn what the one before set off (two keys in one read could parse as one). */
export async function keys(name: string, ...k: string[]): Promise<void> {
  for (const key of k) {
    const before = screen(name);
    tmux("send-keys", "-t", name, key);
    await settle(name, before);
  }
}

/** Types text literally (no key names), then waits for the screen to settle. */
export async function typeText(name: string, text: string): Promise<void> {
  const before = screen(name);
  tmux("send-keys", "-t", name, "-l", text);
  await settle(name, before);
}
