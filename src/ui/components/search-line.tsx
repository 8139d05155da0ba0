import React from "react";
import { Text } from "ink";
import { useTheme } from "../theme-context.js";
import { safeText } from "../../core/session/text.js";
import { fitWidth as fit } from "../format/width.js";

export function SearchLine({ query, active, width, matches }: { query: string; active: boolean; width: number; matches: number }) {
  const theme = useTheme();
  const text = `/ ${safeText(query)}${active ? "▏" : ""}  (${matches} match${matches === 1 ? "" : "es"})`;
  return <Text color={active ? theme.text.accent : theme.text.muted}>{fit(text, width)}</Text>;
}
