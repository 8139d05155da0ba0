// A scrollable pane of pre-built lines (the review screens' preview): a
// titled rule, then only the visible slice of the wrapped lines.
import React, { useMemo } from "react";
import { Box, Text } from "ink";
import type { Line, Tone } from "../format/lines.js";
import { paneWrapped } from "../format/pane-rows.js";
import { useTheme } from "../theme-context.js";
import type { Theme } from "../theme.js";
import { safeText } from "../../core/session/index.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";

export function toneColor(tone: Tone | undefined, theme: Theme): string | undefined {
  switch (tone) {
    case "muted":
      return theme.text.muted;
    case "accent":
      return theme.text.accent;
    case "user":
      return theme.role.user;
    case "assistant":
      return theme.role.assistant;
    case "tool":
      return theme.role.tool;
    case "error":
      return theme.status.error;
    case "meta":
      return theme.role.meta;
    case "label":
      return theme.label;
    default:
      return theme.text.primary;
  }
}

export interface LinesPaneProps {
  title: string;
  lines: Line[];
  /** Requested first line; clamped here to what the wrapped text allows. */
  scroll: number;
  focused: boolean;
  width: number;
  height: number;
}

export function LinesPane({ title, lines, scroll: wanted, focused, width, height }: LinesPaneProps) {
  const theme = useTheme();
  const inner = Math.max(8, width - 2);
  const wrapped = useMemo(() => paneWrapped(lines, width), [lines, width]);
  const body = Math.max(1, height - 1);
  const scroll = Math.max(0, Math.min(wanted, wrapped.length - body));
  const pos = wrapped.length > body ? ` ${scroll + 1}-${Math.min(wrapped.length, scroll + body)}/${wrapped.length}` : "";
  const head = `── ${safeText(title)}${focused ? " (focused: ↑↓ scroll, Tab list)" : wrapped.length > body ? " (Tab to scroll)" : ""}${pos} `;
  const t = fit(head, width);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={focused ? theme.text.accent : theme.text.muted} bold={focused && theme.color}>
        {t + "─".repeat(Math.max(0, width - displayWidth(t)))}
      </Text>
      {wrapped.slice(scroll, scroll + body).map((l, i) => (
        <Text key={i} color={toneColor(l.tone, theme)} bold={l.bold && theme.color}>
          {" " + fit(l.text, inner)}
        </Text>
      ))}
    </Box>
  );
}
