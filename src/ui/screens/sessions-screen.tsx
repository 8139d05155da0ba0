// The session list: name (or first message), project, age, messages,
// branches, labels. Fuzzy search, three sorts, this project / all.
import React, { useEffect } from "react";
import { Box, Text } from "ink";
import { homedir } from "node:os";
import { basename } from "node:path";
import type { SessionSummary } from "../../core/session/summary.js";
import { oneLine, safeText } from "../../core/session/text.js";
import { fitWidth as fit } from "../format/width.js";
import { age, shortPath } from "../format/age.js";
import { windowStart } from "../components/window.js";
import { SearchLine } from "../components/search-line.js";
import { useApp } from "../state/use-app.js";
import { lastActiveIso } from "../state/last-active.js";
import { useLiveSessions } from "../state/live-sessions.js";
import { useTheme } from "../theme-context.js";
import type { ScreenDef, ScreenProps } from "./screen.js";

const HOME = homedir();

function columns(width: number) {
  const fixed = { age: 4, msgs: 5, branches: 4, labels: 4 };
  const rest = Math.max(20, width - 2 - (fixed.age + fixed.msgs + fixed.branches + fixed.labels) - 5);
  const project = Math.max(10, Math.min(36, Math.floor(rest * 0.35)));
  return { ...fixed, project, name: Math.max(8, rest - project - 1) };
}

export function sessionLine(s: SessionSummary, width: number, now: number): string {
  const c = columns(width);
  if (!s.valid) {
    return `✗ ${fit(safeText(basename(s.path)), c.name)} ${fit(safeText(s.error ?? "not a session file"), width - c.name - 4)}`;
  }
  const title = s.name ? oneLine(s.name, c.name) : s.firstMessage ? oneLine(s.firstMessage, c.name) : "(no messages)";
  return [
    fit(title, c.name, true),
    fit(safeText(shortPath(s.cwd, HOME)), c.project, true),
    age(lastActiveIso(s), now).padStart(c.age),
    String(s.messageCount).padStart(c.msgs),
    String(s.branchCount).padStart(c.branches),
    (s.labelCount ? String(s.labelCount) : "").padStart(c.labels),
  ].join(" ");
}

function SessionsScreen({ width, height }: ScreenProps) {
  const sessions = useApp((s) => s.sessions);
  const listView = useApp((s) => s.listView);
  const cursor = useApp((s) => s.listCursor);
  const query = useApp((s) => s.listQuery);
  const searching = useApp((s) => s.searching);
  const listError = useApp((s) => s.listError);
  const setPageSize = useApp((s) => s.setPageSize);
  // Sessions that agents create or grow show up while the list is open.
  useLiveSessions();
  const theme = useTheme();
  const showSearch = searching || query !== "";
  const bodyHeight = Math.max(1, height - 1 - (showSearch ? 1 : 0));
  useEffect(() => setPageSize(bodyHeight), [bodyHeight, setPageSize]);
  const c = columns(width);
  const header =
    "  " +
    [
      fit("session", c.name, true),
      fit("project", c.project, true),
      "age".padStart(c.age),
      "msgs".padStart(c.msgs),
      "brch".padStart(c.branches),
      "lbls".padStart(c.labels),
    ].join(" ");
  const now = Date.now();
  const start = windowStart(cursor, listView.length, bodyHeight);
  const visible = listView.slice(start, start + bodyHeight);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.text.muted} bold={theme.color}>
        {fit(header, width)}
      </Text>
      {showSearch ? <SearchLine query={query} active={searching} width={width} matches={listView.length} /> : null}
      {sessions === null ? <Text color={theme.text.muted}>  looking for sessions…</Text> : null}
      {listError ? <Text color={theme.status.error}>✗ {safeText(listError)}</Text> : null}
      {sessions !== null && listView.length === 0 ? (
        <Text color={theme.text.muted}>  {query ? "no session matches" : "no sessions here (a: all projects)"}</Text>
      ) : null}
      {visible.map((s, i) => {
        const selected = start + i === cursor;
        return (
          <Text key={s.path} wrap="truncate" color={s.valid ? undefined : theme.text.muted} bold={selected && theme.color}>
            <Text color={theme.text.accent}>{selected ? "› " : "  "}</Text>
            {fit(sessionLine(s, width - 2, now), width - 2)}
          </Text>
        );
      })}
    </Box>
  );
}

export const sessionsScreen: ScreenDef = {
  id: "sessions",
  tab: "1",
  title: "sessions",
  scope: "sessions",
  list: true,
  Component: SessionsScreen,
  onAction(action, store) {
    const st = store.getState();
    switch (action) {
      case "open":
        void st.openSelected();
        return true;
      case "sort":
        st.cycleSort();
        return true;
      case "scope":
        st.toggleScope();
        return true;
    }
    return false;
  },
  info(st) {
    const total = st.sessions?.length ?? 0;
    return `${st.listView.length}/${total} · ${st.scope === "project" ? "this project" : "all projects"} · sort ${st.sort}`;
  },
};
