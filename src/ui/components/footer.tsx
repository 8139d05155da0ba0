// The status line (what happened, errors) and the keys that work right now,
// both read from the key table through the scopes in force.
import React from "react";
import { Box, Text } from "ink";
import { footerHints, type Scope } from "../keymap.js";
import { useApp } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import { safeText } from "../../core/session/text.js";
import { fitWidth as fit } from "../format/width.js";

export function Footer({ width, scopes, info }: { width: number; scopes: Scope[]; info: string }) {
  const status = useApp((s) => s.status);
  const theme = useTheme();
  // Every screen's search line has its keys in the table (its query scope), so they show from there.
  const hints = footerHints(scopes)
    .map((h) => `${h.keys} ${h.hint}`)
    .join(" · ");
  const left = status ? safeText(status.text) : "";
  const right = safeText(info);
  const room = Math.max(0, width - right.length - 1);
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width}>
        <Text color={status?.kind === "error" ? theme.status.error : theme.text.primary}>
          {status?.kind === "error" ? "✗ " : ""}
          {fit(left, room - (status?.kind === "error" ? 2 : 0), true)}
        </Text>
        <Text color={theme.text.muted}> {right}</Text>
      </Box>
      <Text color={theme.text.muted} wrap="truncate">
        {fit(hints, width)}
      </Text>
    </Box>
  );
}
