// The confirmation of a write: what will be appended (or the fork that will be
// written), the live-session warning, or the fork's result; the question's
// keys come from the key table's "confirm" scope.
import React from "react";
import { footerHints } from "../keymap.js";
import { useAppStore } from "../state/use-app.js";
import { writeStoreOf, type WriteStep } from "../state/write-store.js";
import { useStore } from "zustand";
import { LinesPane } from "./lines-pane.js";

type ConfirmStep = Extract<WriteStep, { kind: "preview" | "live" | "forked" }>;

export function ConfirmWrite({ step, width, height }: { step: ConfirmStep; width: number; height: number }) {
  const app = useAppStore();
  const scroll = useStore(writeStoreOf(app), (s) => s.scroll);
  const keys = footerHints(["confirm"])
    .map((h) => `${h.keys} ${h.hint}`)
    .join(" · ");
  return <LinesPane title={`${step.title} (${keys})`} lines={step.lines} scroll={scroll} focused={false} width={width} height={height} />;
}
