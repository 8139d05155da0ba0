// The tree's subagent chooser: `o` on an Agent/Task call that started several
// subagents lists them (numbered, in call order) where the pane would be.
import React from "react";
import { Box, Text } from "ink";
import { useApp } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import { safeText } from "../../core/session/index.js";
import { fitWidth as fit } from "../format/width.js";

/** Lines the chooser needs for `count` subagents (title, rows), within `avail`. */
export const chooserHeight = (count: number, avail: number): number => Math.max(2, Math.min(count + 1, Math.floor(avail / 2)));

export function SubagentChooser({ width, height }: { width: number; height: number }) {
  const pick = useApp((s) => s.subagentPick);
  const theme = useTheme();
  if (!pick) return null;
  const n = pick.choices.length;
  const rows = Math.max(1, height - 1);
  const start = Math.max(0, Math.min(pick.cursor - rows + 1, n - rows));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.text.accent} bold={theme.color}>
        {fit(`This call started ${n} subagents — subagent ${pick.cursor + 1}/${n}: open which? (Enter, or its number)`, width)}
      </Text>
      {pick.choices.slice(start, start + rows).map((c, i) => {
        const at = start + i;
        const selected = at === pick.cursor;
        return (
          <Text key={c.file} bold={selected && theme.color} color={selected ? theme.text.accent : undefined}>
            {fit(`${selected ? "›" : " "} ${at + 1}. ${safeText(c.label)}`, width)}
          </Text>
        );
      })}
    </Box>
  );
}
