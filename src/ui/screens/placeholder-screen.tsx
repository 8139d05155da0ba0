// Stands in for screens other work fills in (feedback, digests, search).
import React from "react";
import { Box, Text } from "ink";
import { useTheme } from "../theme-context.js";
import type { ScreenDef, ScreenProps } from "./screen.js";

export function placeholderScreen(id: string, tab: string, title: string, what: string): ScreenDef {
  function Placeholder({ width, height }: ScreenProps) {
    const theme = useTheme();
    return (
      <Box flexDirection="column" width={width} height={height} paddingLeft={2} paddingTop={1}>
        <Text bold>{title}</Text>
        <Text color={theme.text.muted}>not available yet — {what}</Text>
      </Box>
    );
  }
  return { id, tab, title, Component: Placeholder };
}
