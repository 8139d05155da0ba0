// The list part of a review screen (feedback, digests): its rows, or the
// screen's empty message wrapped to the width, in the rows the layout gives it.
import React from "react";
import { Box, Text } from "ink";
import { fitWidth as fit } from "../format/width.js";
import { wrapLines } from "../format/lines.js";
import { useTheme } from "../theme-context.js";

export function ReviewList({ empty, rows, width, height }: { empty: string | null; rows: React.ReactNode; width: number; height: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" height={height}>
      {empty
        ? wrapLines([{ text: "  " + empty }], width).map((l, i) => (
            <Text key={i} color={theme.text.muted}>
              {fit(l.text, width)}
            </Text>
          ))
        : rows}
    </Box>
  );
}
