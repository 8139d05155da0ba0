// The review screens' first line: is capture on, in which mode, which hub,
// how many sessions — what `omp-sessions status` says, kept in view.
import React from "react";
import { Text } from "ink";
import { homedir } from "node:os";
import { useStore } from "zustand";
import { safeText } from "../../core/session/index.js";
import { tildePath } from "../../core/fs/home-path.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import { pathTail } from "../format/path-tail.js";
import { useTheme } from "../theme-context.js";
import type { ReviewStore } from "../state/review-store.js";

/**
 * The line's text at `width` columns. `extra` is the screen's counts, its long form first and
 * shorter forms after (same numbers, shorter labels). Too wide, things give way in this order,
 * the numbers last: the hub's path (keeping its end, down to 12 columns), the screen's labels,
 * the line's own labels (`hub`, `sessions`), then the path altogether.
 */
export function captureText(state: string, path: string, sessions: number, extra: readonly string[], width: number): string {
  const tail = extra.length ? extra : [""];
  const line = (p: string, short: boolean, x: string): string => [state, p ? (short ? p : `hub ${p}`) : short ? "" : "hub", short ? `${sessions} sess` : `${sessions} sessions`].filter(Boolean).join(" · ") + (x ? ` │ ${x}` : "");
  // Each form with the whole path, else with the path cut (to no fewer than 12 columns).
  const fits = (short: boolean, x: string): string | null => {
    const whole = line(path, short, x);
    const over = displayWidth(whole) - width;
    if (over <= 0) return whole;
    const cut = line(pathTail(path, Math.max(12, path.length - over)), short, x);
    return displayWidth(cut) <= width ? cut : null;
  };
  for (const x of tail) {
    const t = fits(false, x);
    if (t !== null) return t;
  }
  const shortest = tail[tail.length - 1];
  const t = fits(true, shortest);
  if (t !== null) return t;
  return fit(line("", true, shortest), width);
}

export function CaptureLine({ review, width, extra }: { review: ReviewStore; width: number; extra: readonly string[] }) {
  const theme = useTheme();
  const info = useStore(review, (s) => s.info);
  const hub = useStore(review, (s) => s.hub);
  const hubError = useStore(review, (s) => s.hubError);
  if (hubError) {
    return <Text color={theme.status.error}>{fit(`✗ ${safeText(hubError)}`, width)}</Text>;
  }
  const state = !info ? "capture …" : info.configError ? "capture off (config.json invalid)" : info.enabled ? `capture on · ${info.mode}` : "capture off";
  const text = captureText(state, safeText(tildePath(hub ?? "", homedir())), info?.sessionCount ?? 0, extra, width);
  return (
    <Text color={info?.enabled && !info.configError ? theme.status.ok : theme.status.warning} bold={theme.color}>
      {fit(text, width)}
    </Text>
  );
}
