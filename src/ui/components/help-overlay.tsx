// The `?` overlay: every binding of the key table, grouped by where it works,
// wrapped (never cut) to the width and scrolled with j/k, PgUp/PgDn and g/G,
// so it is complete at any terminal size. Wide terminals get two columns.
import React, { useEffect } from "react";
import { Box, Text } from "ink";
import { BINDINGS, keyLabel, type Scope } from "../keymap.js";
import { useApp } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import type { ScreenId } from "../screens/ids.js";

const GROUPS: { scope: Scope; title: string }[] = [
  { scope: "global", title: "Everywhere" },
  { scope: "list", title: "Lists" },
  { scope: "sessions", title: "Session list (typing searches)" },
  { scope: "tree", title: "Tree" },
  { scope: "tree-query", title: "Tree: typing a search" },
  { scope: "compare", title: "Compare view" },
  { scope: "feedback", title: "Feedback queue" },
  { scope: "digests", title: "Digests" },
  { scope: "search", title: "Search results" },
  { scope: "search-query", title: "Search query line" },
  { scope: "stats", title: "Stats" },
  { scope: "pane", title: "Detail / context pane" },
  { scope: "prompt", title: "Write prompt (text)" },
  { scope: "line", title: "Editing a line (prompts, search lines)" },
  { scope: "choose", title: "Continue: which summary" },
  { scope: "confirm", title: "Confirm a write" },
  { scope: "delete", title: "Session list: deleting" },
  { scope: "pick", title: "Tree: choosing a subagent" },
  { scope: "help", title: "This help" },
];

export interface HelpLine {
  text: string;
  heading?: boolean;
}

const KEY_COLUMN = 13;

/** Per screen, the groups that matter there: they come first, the rest follows. */
const FIRST: Partial<Record<ScreenId, Scope[]>> = {
  sessions: ["sessions", "global", "line", "delete"],
  tree: ["tree", "tree-query", "list", "global", "prompt", "line", "choose", "confirm", "pick", "pane"],
  feedback: ["feedback", "list", "global", "line", "pane"],
  digests: ["digests", "list", "global", "pane"],
  search: ["search", "search-query", "list", "global"],
  stats: ["stats", "global"],
};

/** Every group of the key table, the screen's own first. */
export function helpLines(screen?: ScreenId): HelpLine[] {
  const out: HelpLine[] = [];
  const first = (screen && FIRST[screen]) || [];
  const groups = [...first.map((scope) => GROUPS.find((g) => g.scope === scope)!), ...GROUPS.filter((g) => !first.includes(g.scope))];
  for (const g of groups) {
    out.push({ text: g.title, heading: true });
    for (const b of BINDINGS.filter((x) => x.scope === g.scope)) {
      const keys = b.keys.map(keyLabel).join(" ");
      out.push({ text: `  ${keys.padEnd(KEY_COLUMN - 2)} ${b.help}` });
    }
  }
  return out;
}

/** Splits a help line into lines of at most `width` columns, continuing under the text column. */
export function wrapHelp(line: HelpLine, width: number): HelpLine[] {
  if (displayWidth(line.text) <= width) return [line];
  const indent = line.heading ? "  " : " ".repeat(Math.min(KEY_COLUMN + 1, Math.floor(width / 3)));
  const out: HelpLine[] = [];
  let cur = "";
  for (const word of line.text.split(/(?<=\S)(?=\s)/)) {
    if (cur && displayWidth(cur + word) > width) {
      out.push({ ...line, text: cur });
      cur = indent + word.trimStart();
    } else cur += word;
    // A single word longer than the line is cut into pieces.
    while (displayWidth(cur) > width && width > indent.length + 2) {
      const piece = fit(cur, width); // ends in "…", standing for what follows
      out.push({ ...line, text: piece });
      cur = indent + cur.slice(piece.length - 1);
    }
  }
  if (cur.trim()) out.push({ ...line, text: cur });
  return out;
}

/** A wrapped help line and the block it belongs to: a binding's lines, a heading with the binding under it. */
export interface HelpRow extends HelpLine {
  block: number;
}

/** Every help line wrapped to `width`, each with its block. */
export function helpRows(screen: ScreenId | undefined, width: number): HelpRow[] {
  const out: HelpRow[] = [];
  let block = 0;
  let afterHeading = false;
  for (const l of helpLines(screen)) {
    if (!afterHeading) block++;
    afterHeading = l.heading === true;
    for (const w of wrapHelp(l, width)) out.push({ ...w, block });
  }
  return out;
}

/**
 * The rows from `top` laid out in `cols` columns of `rows` lines: a block
 * that does not fit in what is left of a column starts the next one (a
 * binding's lines stay together, a heading stays with its first binding), as
 * long as it fits in a column and a column follows. `shown`: rows laid out.
 */
export function layoutHelp(lines: readonly HelpRow[], top: number, rows: number, cols: number): { columns: HelpRow[][]; shown: number } {
  const columns: HelpRow[][] = [];
  let i = top;
  for (let c = 0; c < cols; c++) {
    const col: HelpRow[] = [];
    while (i < lines.length && col.length < rows) {
      if (c < cols - 1 && col.length > 0 && lines[i].block !== lines[i - 1].block) {
        let end = i;
        while (end < lines.length && lines[end].block === lines[i].block) end++;
        if (col.length + (end - i) > rows && end - i <= rows) break;
      }
      col.push(lines[i++]);
    }
    columns.push(col);
  }
  return { columns, shown: i - top };
}

const GUTTER = 3;

export function HelpOverlay({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const scroll = useApp((s) => s.helpScroll);
  const screen = useApp((s) => s.screen);
  const scrollHelp = useApp((s) => s.scrollHelp);
  const setPageSize = useApp((s) => s.setPageSize);
  const cols = width >= 100 ? 2 : 1;
  // Two columns keep a gutter of three spaces: a line that fills the left column does not run into the right one's heading.
  const colWidth = Math.floor(width / cols) - (cols > 1 ? GUTTER : 1);
  const lines = helpRows(screen, colWidth);
  const rows = Math.max(1, height - 1);
  // The last top that still shows the end (a column left short by a block moved on shows fewer rows than it holds).
  let maxScroll = Math.max(0, lines.length - rows * cols);
  while (maxScroll < lines.length - 1 && maxScroll + layoutHelp(lines, maxScroll, rows, cols).shown < lines.length) maxScroll++;
  const top = Math.min(scroll, maxScroll);
  const { columns, shown } = layoutHelp(lines, top, rows, cols);
  // Keep the stored scroll in range, so k after G moves at once; pages are what is shown.
  useEffect(() => {
    if (scroll > maxScroll) scrollHelp(maxScroll - scroll);
  }, [scroll, maxScroll, scrollHelp]);
  useEffect(() => setPageSize(shown + 1), [shown, setPageSize]);
  const where = lines.length > rows * cols || top > 0 || shown < lines.length ? ` · lines ${top + 1}-${top + shown} of ${lines.length} (j/k PgUp/PgDn g/G scroll)` : "";
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text bold color={theme.text.accent}>
        {fit(`Keys (? or Esc closes)${where}`, width)}
      </Text>
      <Box>
        {columns.map((col, c) => (
          <Box key={c} flexDirection="column" width={Math.floor(width / cols)}>
            {col.map((l, i) => (
              <Text key={i} bold={l.heading} color={l.heading ? theme.text.accent : undefined}>
                {fit(l.text, colWidth)}
              </Text>
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
