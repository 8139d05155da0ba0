// A tree row without colours (NO_COLOR, --no-color) is one Text of its parts'
// text rather than a Text per part (src/ui/components/tree-row.tsx): it must
// show the same characters as the coloured row, in every shape a row takes
// (cursor, guides, active path, mark, fold, label and its time, leaf,
// a text cut to the width, wide characters).
import React from "react";
import { describe, expect, it } from "vitest";
import { render } from "ink-testing-library";
import { TreeRowView } from "../../src/ui/components/tree-row.js";
import { makeTheme } from "../../src/ui/theme.js";
import type { Row } from "../../src/core/session/index.js";
import type { EntryMeta } from "../../src/core/session/model.js";

function row(over: Partial<Row>, entry: Partial<EntryMeta> = {}): Row {
  const e = { id: "a1", parentId: null, type: "message", timestamp: "", line: 1, offset: 0, length: 0, role: "assistant", preview: "", summary: "", ...entry } as EntryMeta;
  return { id: "a1", indent: 2, prefix: "│  ├─ ", onActivePath: false, isLeaf: false, label: undefined, text: "assistant: fix the parser", entry: e, childCount: 0, folded: false, ...over };
}

const SHAPES: { row: Row; selected: boolean; labelTime?: string; marked?: boolean }[] = [
  { row: row({}), selected: false },
  { row: row({ onActivePath: true, isLeaf: true }), selected: true },
  { row: row({ folded: true, childCount: 12, label: "checkpoint" }), selected: false, labelTime: "12-04 10:00" },
  { row: row({ text: "user: 日本語 and 🚀 ".repeat(12) }, { role: "user" }), selected: true, marked: true },
  { row: row({ prefix: "│  ".repeat(23) + "└─ ", text: "[read: src/x.ts] ".repeat(8) }, { role: "toolResult", isError: true }), selected: false },
];

function frame(node: React.ReactElement): string {
  const r = render(node);
  const f = r.lastFrame() ?? "";
  r.unmount();
  return f;
}

describe("a tree row without colours", () => {
  it("shows the characters the coloured row shows, in every shape", () => {
    for (const width of [40, 80, 120]) {
      for (const s of SHAPES) {
        const plain = frame(<TreeRowView {...s} width={width} theme={makeTheme(false)} />);
        const coloured = frame(<TreeRowView {...s} width={width} theme={makeTheme(true)} />);
        expect(plain.length).toBeGreaterThan(0);
        expect(plain, JSON.stringify({ width, text: s.row.text })).toBe(coloured.replace(/\u001b\[[0-9;]*m/g, ""));
      }
    }
  });
});

describe("what a tree row is made of", () => {
  it("without colours, one Text holding one string; with colours, a Text per part", () => {
    const inner = (TreeRowView as unknown as { type: (p: object) => React.ReactElement<{ children: unknown }> }).type;
    for (const s of SHAPES) {
      const plain = inner({ ...s, width: 120, theme: makeTheme(false) });
      expect(typeof plain.props.children).toBe("string");
      const coloured = inner({ ...s, width: 120, theme: makeTheme(true) });
      expect(Array.isArray(coloured.props.children)).toBe(true);
    }
  });
});
