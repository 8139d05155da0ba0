import React from "react";
import { Box, Text } from "ink";
import { SCREENS } from "../screens/registry.js";
import { useApp } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import { oneLine } from "../../core/session/index.js";
import { fitWidth as fit } from "../format/width.js";
import { sessionTitle } from "../../core/session/index.js";

/** The tabs' texts: every title when they fit the width, else the current one's title and the others' numbers. */
export function tabTexts(screen: string, width: number): { id: string; text: string }[] {
  const full = SCREENS.map((d) => ({ id: d.id, text: d.id === screen ? `[${d.tab} ${d.title}]` : ` ${d.tab} ${d.title} ` }));
  if (full.reduce((n, t) => n + t.text.length + 1, 0) <= width) return full;
  // A narrow terminal: one line still, or the bar would push the status line off the screen.
  return SCREENS.map((d) => ({ id: d.id, text: d.id === screen ? `[${d.tab} ${d.title}]` : d.tab }));
}

export function TabBar({ width }: { width: number }) {
  const screen = useApp((s) => s.screen);
  // A big session still being read: its name may come in a later line (tree-slice.ts openFile).
  const session = useApp((s) => (s.treeLoad ? null : s.session));
  const theme = useTheme();
  const tabs = tabTexts(screen, width);
  const used = tabs.reduce((n, t) => n + t.text.length + 1, 0);
  const title = session ? oneLine(sessionTitle(session), 200) : "";
  return (
    <Box width={width} height={1} overflow="hidden">
      {tabs.map(({ id, text }) => (
        <Text key={id} bold={id === screen} color={id === screen ? theme.tab.active : theme.tab.inactive} wrap="truncate">
          {text}{" "}
        </Text>
      ))}
      <Text color={theme.text.muted} wrap="truncate">
        {fit(title ? `  ${title}` : "", Math.max(0, width - used))}
      </Text>
    </Box>
  );
}
