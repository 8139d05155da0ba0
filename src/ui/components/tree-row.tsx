// One tree row: cursor, guides, active-path dot, fold mark, label, entry text.
import React, { memo } from "react";
import { Text } from "ink";
import type { Row } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import type { Theme } from "../theme.js";

function roleColor(row: Row, theme: Theme): string | undefined {
  const e = row.entry;
  if (e.isError) return theme.status.error;
  if (e.type !== "message") return theme.role.meta;
  if (e.role === "user") return theme.role.user;
  if (e.role === "toolResult" || e.role === "bashExecution" || row.text.startsWith("[")) return theme.role.tool;
  return theme.role.assistant;
}

type RowProps = { row: Row; selected: boolean; width: number; theme: Theme; labelTime?: string; marked?: boolean };

/** The same row drawn the same way: rows.row(i) makes a new object per call, so its fields are compared. */
function sameRow(a: RowProps, b: RowProps): boolean {
  if (a.selected !== b.selected || a.width !== b.width || a.theme !== b.theme || a.labelTime !== b.labelTime || a.marked !== b.marked) return false;
  const x = a.row;
  const y = b.row;
  return (
    x === y ||
    (x.id === y.id && x.entry === y.entry && x.prefix === y.prefix && x.onActivePath === y.onActivePath && x.isLeaf === y.isLeaf && x.label === y.label && x.text === y.text && x.childCount === y.childCount && x.folded === y.folded)
  );
}

/** One row; moving the cursor redraws the two rows it leaves and reaches, not the screen's every row. */
export const TreeRowView = memo(function TreeRowView({ row, selected, width, theme, labelTime, marked }: RowProps) {
  const cursor = selected ? "› " : "  ";
  const marker = row.onActivePath ? "• " : "  ";
  const fold = row.folded ? `▸ (${row.childCount}) ` : "";
  const label = row.label !== undefined ? `[${safeText(row.label)}] ` : "";
  const time = label && labelTime ? `${labelTime} ` : "";
  // The entry marked with m for a compare.
  const mark = marked ? "[m] " : "";
  const leaf = row.isLeaf ? " ← leaf" : "";
  const head = cursor + row.prefix + marker + mark + fold + label + time;
  const room = Math.max(0, width - displayWidth(head) - leaf.length);
  const text = fit(safeText(row.text), room);
  // Without colours (NO_COLOR, --no-color) the parts would be drawn alike: one
  // Text of their text, not one per part. A page of new rows then makes a
  // sixth of the nodes React, Ink and its layout go through (the 200 MB
  // session's PgDn); the screen's characters are the same.
  if (!theme.color) {
    return (
      <Text wrap="truncate" bold={false} inverse={false}>
        {head + text + leaf}
      </Text>
    );
  }
  return (
    <Text wrap="truncate" bold={selected} inverse={false}>
      <Text color={theme.text.accent}>{cursor}</Text>
      <Text color={theme.guide}>{row.prefix}</Text>
      <Text color={theme.activePath}>{marker}</Text>
      {mark ? (
        <Text color={theme.text.accent} bold>
          {mark}
        </Text>
      ) : null}
      {fold ? <Text color={theme.text.accent}>{fold}</Text> : null}
      {label ? <Text color={theme.label}>{label}</Text> : null}
      {time ? <Text color={theme.text.muted}>{time}</Text> : null}
      <Text color={roleColor(row, theme)}>{text}</Text>
      {leaf ? <Text color={theme.text.muted}>{leaf}</Text> : null}
    </Text>
  );
}, sameRow);
