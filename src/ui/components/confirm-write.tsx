// The confirmation of a write: what will be appended (or the fork that will be
// written), the live-session warning, or the fork's result; the question's
// keys come from the key table's "confirm" scope.
import React from "react";
import { footerHints } from "../keymap.js";
import { useStores } from "../state/use-app.js";
import type { WriteStep } from "../state/write-store.js";
import { useStore } from "zustand";
import { LinesPane } from "./lines-pane.js";

type ConfirmStep = Extract<WriteStep, { kind: "preview" | "live" | "forked" }>;

export function ConfirmWrite({ step, width, height }: { step: ConfirmStep; width: number; height: number }) {
  const scroll = useStore(useStores().write, (s) => s.scroll);
  const keys = footerHints(["confirm"])
    .map((h) => `${h.keys} ${h.hint}`)
    .join(" · ");
  return <LinesPane title={`${step.title} (${keys})`} lines={step.lines} scroll={scroll} focused={false} width={width} height={height} />;
}
