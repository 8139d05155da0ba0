// The detail / context pane: pre-built lines, wrapped to the pane width and
// scrolled by line. Only the visible slice is drawn.
import React, { useEffect, useMemo } from "react";
import { Box, Text } from "ink";
import { wrapLines, type Line } from "../format/lines.js";
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

// The pane's lines wrapped to its width, kept with the lines they came from: the tree screen sizes the
// pane by them and the pane draws them, one wrapping for both (a long context wraps thousands of lines).
const wrappedOf = new WeakMap<readonly Line[], { inner: number; wrapped: Line[] }>();

/** The pane's lines wrapped to the columns a pane `width` wide gives them. */
export function paneWrapped(lines: readonly Line[], width: number): Line[] {
  const inner = Math.max(8, width - 2);
  const hit = wrappedOf.get(lines);
  if (hit && hit.inner === inner) return hit.wrapped;
  const wrapped = wrapLines(lines, inner);
  wrappedOf.set(lines, { inner, wrapped });
  return wrapped;
}

const NO_LINES: readonly Line[] = [];

/**
 * Rows for a pane under a list (the tree's, the review screens'): its share of the screen (60% by default),
 * less when what it shows is shorter and `shrink` (the list gets the rest), more when the list is shorter than
 * its own share (up to what the pane shows). `need` is the rows the pane's content takes with its rule
 * (Infinity while it loads), `treeRows` the rows the list has.
 */
export function paneHeightFor(avail: number, need: number, treeRows: number, part = 0.6, shrink = true): number {
  const share = Math.max(3, Math.floor(avail * part));
  let h = shrink ? Math.max(3, Math.min(share, need)) : share;
  const spare = avail - Math.max(1, treeRows);
  if (spare > h) h = Math.max(h, Math.min(need, spare));
  return Math.min(h, Math.max(3, avail - 1));
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
