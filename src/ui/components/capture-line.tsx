// The review screens' first line: is capture on, in which mode, which hub,
// how many sessions — what `omp-sessions status` says, kept in view.
import React from "react";
import { Text } from "ink";
import { homedir } from "node:os";
import { useStore } from "zustand";
import { safeText } from "../../core/session/index.js";
import { tildePath } from "../../core/fs/home-path.js";
import { fitWidth as fit } from "../format/width.js";
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
  const text = `${state} · hub ${safeText(tildePath(hub ?? "", homedir()))} · ${info?.sessionCount ?? 0} sessions${extra ? ` │ ${extra}` : ""}`;
  return (
    <Text color={info?.enabled && !info.configError ? theme.status.ok : theme.status.warning} bold={theme.color}>
      {fit(text, width)}
    </Text>
  );
}
