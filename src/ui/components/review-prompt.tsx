// The review screens' prompts: the topic picker (ink-select-input, "new topic"
// last) and one-line text prompts (ink-text-input) for a new topic's name, an
// edited lesson and a dismissal reason. Esc cancels (the screen's onKey).
import React, { useState } from "react";
import { Box, Text } from "ink";
import SelectInput from "ink-select-input";
import TextInput from "ink-text-input";
import { safeText } from "../../core/session/text.js";
import { useTheme } from "../theme-context.js";
import { fitWidth as fit } from "../format/width.js";
import type { Prompt, ReviewStore } from "../state/review-store.js";

const NEW_TOPIC = "\u0000new";

function TextPrompt({ label, initial, hint, width, onSubmit }: { label: string; initial: string; hint: string; width: number; onSubmit(v: string): void }) {
  const theme = useTheme();
  const [value, setValue] = useState(initial);
  return (
    <Box flexDirection="column" width={width}>
      <Text color={theme.text.accent} bold={theme.color}>
        {fit(safeText(label), width)}
      </Text>
      <Box>
        <Text color={theme.text.accent}>{"› "}</Text>
        <TextInput
          value={value}
          onChange={(v) => {
            // Typed-ahead text and Enter can arrive as one chunk ("too vague\r"): that Enter submits.
            const nl = v.search(/[\r\n]/);
            const clean = (nl >= 0 ? v.slice(0, nl) : v).replace(/[\u0000-\u001f\u007f]/g, "");
            setValue(clean);
            if (nl >= 0) onSubmit(clean);
          }}
          onSubmit={onSubmit}
        />
      </Box>
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
      return (
        <TextPrompt
          label={`New topic for ${many(prompt.ids)} (creates HUB/topics/<name>/raw/notes):`}
          initial=""
          hint="Enter create and promote · Esc cancel"
          width={width}
          onSubmit={(v) => {
            r.closePrompt();
            if (v.trim()) r.promote(prompt.target, prompt.ids, v.trim(), true);
          }}
        />
      );
    case "lesson":
      return (
        <TextPrompt
          label={`Distilled lesson for ${prompt.id}:`}
          initial={prompt.initial}
          hint="Enter save (empty = back to the original) · Esc cancel"
          width={width}
          onSubmit={(v) => {
            r.closePrompt();
            r.saveLesson(prompt.id, v);
          }}
        />
      );
    case "reason":
      return (
        <TextPrompt
          label={`Dismiss ${many(prompt.ids)} — reason (optional):`}
          initial=""
          hint="Enter dismiss · Esc cancel"
          width={width}
          onSubmit={(v) => {
            r.closePrompt();
            r.dismiss(prompt.ids, v);
          }}
        />
      );
  }
}
