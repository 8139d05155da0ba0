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
export async function waitFor(name: string, pred: (s: string) => boolean, what: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const s = screen(name);
    if (pred(s)) return s;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}:\n${screen(name)}`);
}

/** Sends keys one at a time, letting the app draw between them. */
export async function keys(name: string, ...k: string[]): Promise<void> {
  for (const key of k) {
    tmux("send-keys", "-t", name, key);
    await sleep(150);
  }
}
