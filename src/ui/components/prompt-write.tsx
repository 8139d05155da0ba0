// The tree screen's write prompts: a one-line text prompt (the shared line
// editor, prefilled with the current label or name) and the summary choice for
// "continue from here". Their keys are the key table's ("prompt", "choose");
// the preview and the confirmations are drawn by confirm-write.
import React from "react";
import { Box, Text } from "ink";
import { safeText } from "../../core/session/index.js";
import { BINDINGS, footerHints, keyLabel } from "../keymap.js";
import { useStores } from "../state/use-app.js";
import { stepLine, useWriteStep, type WriteStep } from "../state/write-store.js";
import { useTheme } from "../theme-context.js";
import { fitWidth as fit } from "../format/width.js";
import { ConfirmWrite } from "./confirm-write.js";
import { editHint, LineView } from "./line-view.js";

/** Rows the panel wants out of `avail` (the tree keeps the rest). */
export function writePanelHeight(step: WriteStep, avail: number): number {
  if (step.kind === "text") return Math.min(avail - 1, 3);
  if (step.kind === "choose") return Math.min(avail - 1, 2 + BINDINGS.filter((b) => b.scope === "choose").length);
  if (step.kind === "busy") return Math.min(avail - 1, 2);
  return Math.max(4, Math.floor(avail * 0.6));
}

const hintLine = (scope: "prompt" | "choose") =>
  footerHints([scope])
    .map((h) => `${h.keys} ${h.hint}`)
    .join(" · ");

function TextStep({ step, width }: { step: Extract<WriteStep, { kind: "text" }>; width: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.text.accent} bold={theme.color}>
        {fit(safeText(step.title), width)}
      </Text>
      <LineView line={stepLine(step)} />
      <Text color={theme.text.muted}>{fit(`${hintLine("prompt")} · ${editHint()}`, width)}</Text>
    </Box>
  );
}

function ChooseStep({ step, width }: { step: Extract<WriteStep, { kind: "choose" }>; width: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.text.accent} bold={theme.color}>
        {fit(safeText(step.title), width)}
      </Text>
      {BINDINGS.filter((b) => b.scope === "choose").map((b) => (
        <Text key={b.action}>{fit(`  ${b.keys.map(keyLabel).join("/").padEnd(5)} ${b.help}`, width)}</Text>
      ))}
    </Box>
  );
}

export function WritePanel({ width, height }: { width: number; height: number }) {
  const step = useWriteStep(useStores().write);
  const theme = useTheme();
  if (!step) return null;
  return (
    <Box flexDirection="column" width={width} height={height}>
      {step.kind === "text" ? (
        <TextStep step={step} width={width} />
      ) : step.kind === "choose" ? (
        <ChooseStep step={step} width={width} />
      ) : step.kind === "busy" ? (
        <Text color={theme.text.muted}>{fit(safeText(step.title), width)}</Text>
      ) : (
        <ConfirmWrite step={step} width={width} height={height} />
      )}
    </Box>
  );
}
