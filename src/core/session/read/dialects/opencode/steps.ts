// An OpenCode assistant message can hold several model calls ("steps"): each
// opens with a `step-start` part and closes with a `step-finish` part that
// records that call's tokens and cost. pi writes one assistant message per
// call, with the tool results after it, so we cut a message at its step
// starts. The first step keeps the message's id; a later one takes the id of
// the `step-start` part that opens it (ids of OpenCode's own, never made up).
import { str, type Obj } from "./records.js";

export interface Step {
  id: string;
  parts: Obj[];
  /** The step's `step-finish` part, when it was written. */
  finish: Obj | null;
}

export function splitSteps(messageId: string, parts: Obj[]): Step[] {
  const steps: Step[] = [];
  let current: Step | null = null;
  for (const part of parts) {
    if (part.type === "step-start" || current === null) {
      const opens = part.type === "step-start";
      // A step-start right at the top (no part before it) opens the first step.
      const id = steps.length === 0 ? messageId : (opens && str(part.id)) || `${messageId}:${steps.length}`;
      current = { id, parts: [], finish: null };
      steps.push(current);
      if (opens) continue;
    }
    if (part.type === "step-finish") current.finish = part;
    else current.parts.push(part);
  }
  if (steps.length === 0) steps.push({ id: messageId, parts: [], finish: null });
  return steps;
}

/** The id of the step that holds part `partId` (the entry a child session hangs from). */
export function stepOfPart(messageId: string, parts: Obj[], partId: string): string | null {
  for (const step of splitSteps(messageId, parts)) if (step.parts.some((p) => p.id === partId)) return step.id;
  return null;
}
