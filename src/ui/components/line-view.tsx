// How every text line is drawn: "› " and the text with the caret as an
// inverse cell (the line itself is edited by state/line-edit.ts).
import React from "react";
import { Text } from "ink";
import { safeText } from "../../core/session/index.js";
import type { LineState } from "../state/line-edit.js";
import { useTheme } from "../theme-context.js";
import { BINDINGS, keyLabel } from "../keymap.js";

const SHOWN = ["edit.wordLeft", "edit.home", "edit.end", "edit.deleteWord", "edit.killStart", "edit.killEnd"];

/** The line keys worth a hint under a prompt, from the key table (so overrides show). */
export function editHint(): string {
  const keys = SHOWN.map((a) => BINDINGS.find((b) => b.scope === "line" && b.action === a)?.keys[0]).filter((k): k is string => !!k);
  return `${keys.map(keyLabel).join(" ")} edit`;
}

export function LineView({ line }: { line: LineState }) {
  const theme = useTheme();
  const before = safeText(line.value.slice(0, line.cursor));
  const at = safeText(line.value.slice(line.cursor, line.cursor + 1) || " ");
  const after = safeText(line.value.slice(line.cursor + 1));
  return (
    <Text wrap="wrap">
      <Text color={theme.text.accent}>{"› "}</Text>
      {before}
      <Text inverse>{at}</Text>
      {after}
    </Text>
  );
}
