// The `?` overlay: every binding of the key table, grouped by where it works.
import React from "react";
import { Box, Text } from "ink";
import { BINDINGS, keyLabel, type Scope } from "../keymap.js";
import { useTheme } from "../theme-context.js";
import { fitWidth as fit } from "../format/width.js";

const GROUPS: { scope: Scope; title: string }[] = [
  { scope: "global", title: "Everywhere" },
  { scope: "list", title: "Lists" },
  { scope: "sessions", title: "Session list" },
  { scope: "tree", title: "Tree" },
  { scope: "feedback", title: "Feedback queue" },
  { scope: "digests", title: "Digests" },
  { scope: "search", title: "Search results" },
  { scope: "search-query", title: "Search query line" },
  { scope: "pane", title: "Detail / context pane" },
  { scope: "prompt", title: "Write prompt (text)" },
  { scope: "choose", title: "Continue: which summary" },
  { scope: "confirm", title: "Confirm a write" },
];

export function helpLines(): { text: string; heading?: boolean; soon?: boolean }[] {
  const out: { text: string; heading?: boolean; soon?: boolean }[] = [];
  for (const g of GROUPS) {
    out.push({ text: g.title, heading: true });
    for (const b of BINDINGS.filter((x) => x.scope === g.scope)) {
      const keys = b.keys.map(keyLabel).join(" ");
      out.push({ text: `  ${keys.padEnd(11)} ${b.help}${b.soon ? " (coming soon)" : ""}`, soon: b.soon });
    }
  }
  return out;
}

export function HelpOverlay({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const lines = helpLines();
  // Two columns when the terminal is wide enough, so it fits without scrolling.
  const cols = width >= 100 && lines.length > height - 2 ? 2 : 1;
  const per = Math.ceil(lines.length / cols);
  const colWidth = Math.floor(width / cols) - 1;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.text.accent}>
        Keys (? or Esc closes)
      </Text>
      <Box>
        {Array.from({ length: cols }, (_, c) => (
          <Box key={c} flexDirection="column" width={colWidth + 1}>
            {lines.slice(c * per, (c + 1) * per).slice(0, Math.max(1, height - 1)).map((l, i) => (
              <Text key={i} bold={l.heading} color={l.heading ? theme.text.accent : l.soon ? theme.text.muted : undefined}>
                {fit(l.text, colWidth)}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
