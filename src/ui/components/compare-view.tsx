// The compare view: where the two sides part, then side A and side B — side
// by side on a wide terminal, one above the other on a narrow one — and the
// message opened with Enter below them.
import React, { useMemo } from "react";
import { Box, Text } from "ink";
import { useStore } from "zustand";
import { useStores } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import { alikeOf, commonText } from "../../core/compare/compare-text.js";
import { cursorMessage, type CompareView as View } from "../state/compare-store.js";
import { firstLine, sideLines, type CompareLine } from "../format/compare-lines.js";
import { LinesPane, toneColor } from "./lines-pane.js";
import { fitWidth as fit } from "../format/width.js";
import { safeText } from "../../core/session/index.js";

/** At this width and above the sides stand side by side. */
export const SIDE_BY_SIDE_MIN = 100;

function Column({ lines, cursor, width, height }: { lines: CompareLine[]; cursor: number | null; width: number; height: number }) {
  const theme = useTheme();
  const start = firstLine(lines, cursor, height);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {lines.slice(start, start + height).map((l, i) => (
        <Text key={start + i} color={l.dim ? theme.text.muted : toneColor(l.tone, theme)} dimColor={l.dim && theme.color} bold={l.bold && theme.color} wrap="truncate">
          {fit(l.text, width)}
        </Text>
      ))}
    </Box>
  );
}

export function CompareView({ width, height }: { width: number; height: number }) {
  const { compare } = useStores();
  const view: View | null = useStore(compare, (s) => s.view);
  const theme = useTheme();
  const sides = useMemo(() => {
    if (!view) return null;
    const alike = alikeOf(view.result);
    const at = cursorMessage(view);
    return {
      a: sideLines("A", view.result.a, alike, at?.side === "a" ? at.index : null),
      b: sideLines("B", view.result.b, alike, at?.side === "b" ? at.index : null),
      cursorA: at?.side === "a" ? at.index : null,
      cursorB: at?.side === "b" ? at.index : null,
    };
  }, [view]);
  if (!view || !sides) return null;
  const head = safeText(commonText(view.result));
  const opened = view.opened;
  const bodyHeight = Math.max(2, height - 1);
  const openHeight = opened ? Math.max(3, Math.floor(bodyHeight / 2)) : 0;
  const sidesHeight = Math.max(2, bodyHeight - openHeight);
  const wide = width >= SIDE_BY_SIDE_MIN;
  const colWidth = wide ? Math.floor((width - 3) / 2) : width;
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.text.accent} wrap="truncate">
        {fit(head, width)}
      </Text>
      {wide ? (
        <Box flexDirection="row" height={sidesHeight}>
          <Column lines={sides.a} cursor={sides.cursorA} width={colWidth} height={sidesHeight} />
          <Box width={3} flexDirection="column" height={sidesHeight}>
            {Array.from({ length: sidesHeight }, (_, i) => (
              <Text key={i} color={theme.guide}>
                {" │ "}
              </Text>
            ))}
          </Box>
          <Column lines={sides.b} cursor={sides.cursorB} width={colWidth} height={sidesHeight} />
        </Box>
      ) : (
        <Box flexDirection="column" height={sidesHeight}>
          <Column lines={sides.a} cursor={sides.cursorA} width={width} height={Math.max(1, Math.floor(sidesHeight / 2))} />
          <Column lines={sides.b} cursor={sides.cursorB} width={width} height={Math.max(1, sidesHeight - Math.floor(sidesHeight / 2))} />
        </Box>
      )}
      {opened ? <LinesPane title={`message ${opened.id}`} lines={opened.lines} scroll={opened.scroll ?? 0} focused={false} width={width} height={openHeight} /> : null}
    </Box>
  );
}
