// The review screens' prompts: the topic picker ("new topic" last) and
// one-line text prompts for a new topic's name, an edited lesson and a
// dismissal reason. Both draw the review store's state: their keys reach it
// through the shell's one dispatcher (review-keys.ts, line-edit.ts), never
// through a second input hook that could see a key meant for someone else.
import React from "react";
import { Box, Text } from "ink";
import { useStore } from "zustand";
import { safeText } from "../../core/session/index.js";
import { useTheme } from "../theme-context.js";
import { fitWidth as fit } from "../format/width.js";
import type { Prompt, ReviewStore } from "../state/review-store.js";
import { windowStart } from "../state/list-cursor.js";
import { editHint, LineView } from "./line-view.js";

function TextPrompt({ review, label, hint, width }: { review: ReviewStore; label: string; hint: string; width: number }) {
  const theme = useTheme();
  const line = useStore(review, (s) => s.line);
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.text.accent} bold={theme.color}>
        {fit(safeText(label), width)}
      </Text>
      <LineView line={line} />
      <Text color={theme.text.muted}>{fit(hint, width)}</Text>
    </Box>
  );
}

export function ReviewPrompt({ prompt, review, width, height }: { prompt: Prompt; review: ReviewStore; width: number; height: number }) {
  const theme = useTheme();
  const pick = useStore(review, (s) => s.pick);
  const many = (ids: string[]) => (ids.length === 1 ? ids[0] : `${ids.length} candidates`);
  switch (prompt.kind) {
    case "topic": {
      const items = [...prompt.topics.map((t) => `${safeText(t.name)}${t.ready ? "" : "  (no raw/notes yet)"}`), "+ new topic…"];
      const limit = Math.max(1, height - 2);
      const start = windowStart(pick, items.length, limit);
      return (
        <Box flexDirection="column" width={width} height={height}>
          <Text color={theme.text.accent} bold={theme.color}>
            {fit(`Promote ${safeText(many(prompt.ids))} to which topic?`, width)}
          </Text>
          {items.slice(start, start + limit).map((label, i) => (
            <Text key={start + i} color={start + i === pick ? theme.text.accent : undefined}>
              {fit(`${start + i === pick ? "❯" : " "} ${label}`, width)}
            </Text>
          ))}
          <Text color={theme.text.muted}>{fit("↑↓ choose · Enter promote · Esc cancel", width)}</Text>
        </Box>
      );
    }
    case "new-topic":
      return <TextPrompt review={review} label={`New topic for ${many(prompt.ids)} (creates HUB/topics/<name>/raw/notes):`} hint={`Enter create and promote · ${editHint()} · Esc cancel`} width={width} />;
    case "lesson":
      return <TextPrompt review={review} label={`Distilled lesson for ${prompt.id}:`} hint={`Enter save (empty = back to the original) · ${editHint()} · Esc cancel`} width={width} />;
    case "capture-off":
      return (
        <Box flexDirection="column" width={width}>
          <Text color={theme.status.error} bold={theme.color}>
            {fit("Turn capture off? Agent hooks stop recording sessions and feedback until it is turned on again.", width)}
          </Text>
          <Text color={theme.text.muted}>{fit("y/Enter turn it off · n/Esc keep it on", width)}</Text>
        </Box>
      );
    case "reason":
      return <TextPrompt review={review} label={`Dismiss ${many(prompt.ids)} — reason (optional):`} hint={`Enter dismiss · ${editHint()} · Esc cancel`} width={width} />;
  }
}
