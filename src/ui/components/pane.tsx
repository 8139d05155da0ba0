// The detail / context pane: pre-built lines, wrapped to the pane width and
// scrolled by line. Only the visible slice is drawn.
import React, { useEffect, useMemo } from "react";
import { Box, Text } from "ink";
import type { Line } from "../format/lines.js";
import { NO_LINES, paneWrapped } from "../format/pane-rows.js";

import { toneColor } from "./lines-pane.js";
import { useApp } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import { safeText } from "../../core/session/index.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";

/** A title followed by a rule filling exactly `width` columns. */
function rule(title: string, width: number): string {
  const t = fit(title, width);
  return t + "─".repeat(Math.max(0, width - displayWidth(t)));
}

export function PaneView({ width, height }: { width: number; height: number }) {
  const pane = useApp((s) => s.pane);
  const focus = useApp((s) => s.focus);
  const scrollPane = useApp((s) => s.scrollPane);
  const theme = useTheme();
  const inner = Math.max(8, width - 2);
  const wrapped: Line[] = useMemo(() => paneWrapped(pane?.lines ?? NO_LINES, width), [pane?.lines, width]);
  const bodyHeight = Math.max(1, height - 1);
  const maxScroll = Math.max(0, wrapped.length - bodyHeight);
  const scroll = Math.min(pane?.scroll ?? 0, maxScroll);
  useEffect(() => {
    if (pane && pane.scroll > maxScroll) scrollPane(maxScroll - pane.scroll);
  }, [pane, maxScroll, scrollPane]);
  if (!pane) return null;
  const title = `${pane.kind === "detail" ? "entry" : "context"} ${pane.id}${focus === "pane" ? " (focused: ↑↓ scroll, Tab list)" : " (Tab to scroll)"}`;
  const pos = wrapped.length > bodyHeight ? ` ${scroll + 1}-${Math.min(wrapped.length, scroll + bodyHeight)}/${wrapped.length}` : "";
  const visible = wrapped.slice(scroll, scroll + bodyHeight);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={focus === "pane" ? theme.text.accent : theme.text.muted} bold={focus === "pane" && theme.color}>
        {rule(`── ${safeText(title)}${pos} `, width)}
      </Text>
      {pane.error ? <Text color={theme.status.error}>{fit(`✗ ${safeText(pane.error)}`, width)}</Text> : null}
      {pane.lines === null ? <Text color={theme.text.muted}>loading…</Text> : null}
      {visible.map((l, i) => (
        <Text key={i} color={toneColor(l.tone, theme)} bold={l.bold && theme.color}>
          {" " + fit(l.text, inner)}
        </Text>
      ))}
    </Box>
  );
}
