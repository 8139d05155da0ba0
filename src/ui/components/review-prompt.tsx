// The review screens' prompts: the topic picker (ink-select-input, "new topic"
// last) and one-line text prompts for a new topic's name, an edited lesson
// and a dismissal reason. Text prompts draw the store's line (keys reach it
// through the shell, see line-edit.ts); Esc cancels (the screen's onKey).
import React from "react";
import { Box, Text } from "ink";
import SelectInput from "ink-select-input";
import { useStore } from "zustand";
import { safeText } from "../../core/session/text.js";
import { useTheme } from "../theme-context.js";
import { fitWidth as fit } from "../format/width.js";
import type { Prompt, ReviewStore } from "../state/review-store.js";

const NEW_TOPIC = "\u0000new";

function TextPrompt({ review, label, hint, width }: { review: ReviewStore; label: string; hint: string; width: number }) {
  const theme = useTheme();
  const line = useStore(review, (s) => s.line);
  const before = safeText(line.value.slice(0, line.cursor));
  const at = safeText(line.value.slice(line.cursor, line.cursor + 1) || " ");
  const after = safeText(line.value.slice(line.cursor + 1));
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.text.accent} bold={theme.color}>
        {fit(safeText(label), width)}
      </Text>
      <Text wrap="wrap">
        <Text color={theme.text.accent}>{"› "}</Text>
        {before}
        <Text inverse>{at}</Text>
        {after}
      </Text>
      <Text color={theme.text.muted}>{fit(hint, width)}</Text>
    </Box>
  );
}

export function ReviewPrompt({ prompt, review, width, height }: { prompt: Prompt; review: ReviewStore; width: number; height: number }) {
  const theme = useTheme();
  const r = review.getState();
  const many = (ids: string[]) => (ids.length === 1 ? ids[0] : `${ids.length} candidates`);
  switch (prompt.kind) {
    case "topic": {
      const items = [
        ...prompt.topics.map((t) => ({ key: t.name, label: `${safeText(t.name)}${t.ready ? "" : "  (no raw/notes yet)"}`, value: t.name })),
        { key: NEW_TOPIC, label: "+ new topic…", value: NEW_TOPIC },
      ];
      return (
        <Box flexDirection="column" width={width} height={height}>
          <Text color={theme.text.accent} bold={theme.color}>
            {fit(`Promote ${safeText(many(prompt.ids))} to which topic?`, width)}
          </Text>
          <SelectInput
            items={items}
            limit={Math.max(1, height - 2)}
            onSelect={(item) => {
              if (item.value === NEW_TOPIC) r.openPrompt({ kind: "new-topic", target: prompt.target, ids: prompt.ids });
              else {
                r.closePrompt();
                r.promote(prompt.target, prompt.ids, item.value);
              }
            }}
          />
          <Text color={theme.text.muted}>{fit("↑↓ choose · Enter promote · Esc cancel", width)}</Text>
        </Box>
      );
    }
    case "new-topic":
      return <TextPrompt review={review} label={`New topic for ${many(prompt.ids)} (creates HUB/topics/<name>/raw/notes):`} hint="Enter create and promote · Esc cancel" width={width} />;
    case "lesson":
      return <TextPrompt review={review} label={`Distilled lesson for ${prompt.id}:`} hint="Enter save (empty = back to the original) · ^u clears to the start · ←→ move · Esc cancel" width={width} />;
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
      return <TextPrompt review={review} label={`Dismiss ${many(prompt.ids)} — reason (optional):`} hint="Enter dismiss · Esc cancel" width={width} />;
  }
}
