// Live review screens: while the feedback queue or the digests screen is open,
// what agent hooks write to the capture store shows up by itself. A check is
// a few stats (the feedback files, or the state directories, which every
// state write renames into); only a changed stamp re-reads that screen's part
// of the store, and the store keeps the cursor on the same item. The next
// check waits at least ten times as long as the last re-read took, so a huge
// store under a busy hook never takes the UI's time.
import { useEffect } from "react";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { candidatesPath, stateDir, statusPath } from "../../core/capture/paths.js";
import { configPath } from "../../core/capture/config.js";
import { usePollMs } from "../poll-context.js";
import type { ReviewScreen, ReviewStore } from "./review-store.js";

function stat(path: string): string {
  try {
    const s = statSync(path);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return "-";
  }
}

/** What a screen's part of the store looks like from outside: changes whenever a hook writes to it. */
export function captureStamp(root: string, part: ReviewScreen): string {
  // config.json: the capture line (on/off, mode) shows on both screens.
  const out = [stat(configPath(root))];
  if (part === "feedback") out.push(stat(candidatesPath(root)), stat(statusPath(root)));
  else {
    // State files are replaced atomically (temp + rename), so each write moves its harness dir's mtime.
    const dir = stateDir(root);
    out.push(stat(dir));
    try {
      for (const h of readdirSync(dir).sort()) out.push(`${h}=${stat(join(dir, h))}`);
    } catch {}
  }
  return out.join(" ");
}

/** Starts checking the store behind one review screen every `pollMs`; returns the stop function. */
export function followCapture(review: ReviewStore, part: ReviewScreen, pollMs: number): () => void {
  if (pollMs <= 0) return () => {};
  const stampNow = () => {
    const root = review.getState().root;
    return root ? captureStamp(root, part) : "";
  };
  // Taken before the screen's own (re)load, so a write in between is seen as a change.
  let last = stampNow();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = (delay: number) => {
    timer = setTimeout(() => {
      if (stopped) return;
      let took = 0;
      const now = stampNow();
      if (now !== last) {
        // Noted first: a write during the re-read changes the stamp again and is read next time.
        last = now;
        const started = performance.now();
        review.getState().refresh(part);
        took = performance.now() - started;
      }
      if (!stopped) tick(Math.max(pollMs, 10 * took));
    }, delay);
  };
  tick(pollMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

/** Keeps a review screen's list live while it is mounted (the app's pollMs; 0 = off). */
export function useLiveCapture(review: ReviewStore, part: ReviewScreen): void {
  const pollMs = usePollMs();
  useEffect(() => followCapture(review, part, pollMs), [review, part, pollMs]);
}
