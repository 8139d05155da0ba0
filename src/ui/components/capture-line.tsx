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

export function CaptureLine({ review, width, extra }: { review: ReviewStore; width: number; extra: string }) {
  const theme = useTheme();
  const info = useStore(review, (s) => s.info);
  const hub = useStore(review, (s) => s.hub);
  const hubError = useStore(review, (s) => s.hubError);
  if (hubError) {
    return <Text color={theme.status.error}>{fit(`✗ ${safeText(hubError)}`, width)}</Text>;
  }
  const state = !info ? "capture …" : info.configError ? "capture off (config.json invalid)" : info.enabled ? `capture on · ${info.mode}` : "capture off";
  const line = (path: string): string => `${state} · hub ${path} · ${info?.sessionCount ?? 0} sessions${extra ? ` │ ${extra}` : ""}`;
  const path = safeText(tildePath(hub ?? "", homedir()));
  // Too wide: the hub's path gives way first (keeping its end), so the counts stay in view.
  const over = displayWidth(line(path)) - width;
  const text = line(over > 0 ? pathTail(path, Math.max(12, path.length - over)) : path);
  return (
    <Text color={info?.enabled && !info.configError ? theme.status.ok : theme.status.warning} bold={theme.color}>
      {fit(text, width)}
    </Text>
  );
}
