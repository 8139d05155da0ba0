import React from "react";
import { Text } from "ink";
import { useTheme } from "../theme-context.js";
import { safeText } from "../../core/session/index.js";
import { fitWidth as fit } from "../format/width.js";

/** `cursor`: where the caret stands while typing (absent: at the end). */
export function SearchLine({ query, active, width, matches, cursor }: { query: string; active: boolean; width: number; matches: number; cursor?: number }) {
  const theme = useTheme();
  const at = Math.min(cursor ?? query.length, query.length);
  const shown = active ? `${safeText(query.slice(0, at))}▏${safeText(query.slice(at))}` : safeText(query);
  const text = `/ ${shown}  (${matches} match${matches === 1 ? "" : "es"})`;
  return <Text color={active ? theme.text.accent : theme.text.muted}>{fit(text, width)}</Text>;
}
