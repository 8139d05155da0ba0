// The tree screen's write prompts: a one-line text prompt (ink-text-input,
// prefilled with the current label or name) and the summary choice for
// "continue from here". Their keys are the key table's ("prompt", "choose");
// the preview and the confirmations are drawn by confirm-write.
import React from "react";
import { Box, Text } from "ink";
import TextInput from "ink-text-input";
import { safeText } from "../../core/session/text.js";
import { BINDINGS, footerHints, keyLabel } from "../keymap.js";
import { useAppStore } from "../state/use-app.js";
import { submitText } from "../state/write-actions.js";
import { useWriteStep, writeStoreOf, type WriteStep } from "../state/write-store.js";
import { useTheme } from "../theme-context.js";
import { fitWidth as fit } from "../format/width.js";
import { ConfirmWrite } from "./confirm-write.js";

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
  const app = useAppStore();
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.text.accent} bold={theme.color}>
        {fit(safeText(step.title), width)}
      </Text>
      <Box>
        <Text color={theme.text.accent}>{"› "}</Text>
        <TextInput
          value={step.value}
          onChange={(v) => {
            // Typed-ahead text and Enter can arrive as one chunk ("fixed it\r"): that Enter submits.
            const nl = v.search(/[\r\n]/);
            const clean = (nl >= 0 ? v.slice(0, nl) : v).replace(/[\u0000-\u001f\u007f]/g, "");
            writeStoreOf(app).getState().setValue(clean);
            if (nl >= 0) submitText(app, clean);
          }}
        />
      </Box>
      <Text color={theme.text.muted}>{fit(hintLine("prompt"), width)}</Text>
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
  const app = useAppStore();
  const step = useWriteStep(app);
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
