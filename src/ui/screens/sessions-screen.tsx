// The session list: name (or first message), project (or the file path,
// ^p), age, messages, branches, labels. Threaded by default (forks under
// their parent), type-to-search, named-only, delete to the trash.
import { archivedNote } from "../state/trash-session.js";
import { viewInfo } from "../../core/keep/view-path.js";
import React, { useEffect, useMemo } from "react";
import { Box, Text } from "ink";
import { homedir } from "node:os";
import { basename } from "node:path";
import type { SessionSummary } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { fitWidth as fit } from "../format/width.js";
import { age } from "../../core/format/age.js";
import { tildePath } from "../../core/fs/home-path.js";
import { pathTail } from "../format/path-tail.js";
import { windowRange } from "../state/list-cursor.js";
import { SearchLine } from "../components/search-line.js";
import { useStore } from "zustand";
import { useApp, useStores } from "../state/use-app.js";
import { costCell } from "../../core/stats/format.js";
import type { Figure } from "../../core/stats/figures.js";
import { lastActiveIso } from "../state/last-active.js";
import { useLiveSessions } from "../state/live-sessions.js";
import { useTheme } from "../theme-context.js";
import { findBinding } from "../keymap.js";
import type { ScreenDef, ScreenProps } from "./screen.js";
import { requestResume } from "../state/resume.js";
import { resumeTargetOf } from "../../core/agents/resume-target.js";
import { agentOf, AGENT_IDS } from "../../core/session/index.js";
import { listTitle } from "../format/list-title.js";

const HOME = homedir();

/** The agent tag's column: as wide as the longest tag ("opencode"). */
const AGENT_WIDTH = Math.max(...AGENT_IDS.map((a) => a.length));
/** Below this width the agent tag is dropped before the name is squeezed (the info line still names a filtered agent). */
const AGENT_MIN_WIDTH = 60;

const costCellOf = (f: Figure | undefined): string => (f ? costCell(f) : "");

/** Below this width the project column goes, so the session's name keeps its room. */
const NAME_FIRST_WIDTH = 60;

/** Below this width the cost column is the first to go. */
const COST_MIN_WIDTH = 80;

function columns(width: number, paths = false, costs = false) {
  const cost = costs && width >= COST_MIN_WIDTH ? 9 : 0;
  const fixed = { age: 4, msgs: 5, branches: 4, labels: 4, cost };
  const agent = width >= AGENT_MIN_WIDTH ? AGENT_WIDTH : 0;
  const rest = Math.max(20, width - 2 - (fixed.age + fixed.msgs + fixed.branches + fixed.labels) - 5 - (cost ? cost + 1 : 0) - (agent ? agent + 1 : 0));
  // With paths shown, the file path takes the project's place, wider.
  // Narrow: the session's name wins; the project (or path) column goes (the name needs the room more).
  if (width < NAME_FIRST_WIDTH) return { ...fixed, agent, project: 0, name: Math.max(8, rest) };
  const project = paths ? Math.max(10, Math.floor(rest * 0.55)) : Math.max(10, Math.min(36, Math.floor(rest * 0.35)));
  return { ...fixed, agent, project, name: Math.max(8, rest - project - 1) };
}

/** The row's first cell: its agent's tag (pi, omp, claude, codex, gemini, opencode), when the width allows. */
const agentCell = (tag: string, width: number): string[] => (width > 0 ? [fit(safeText(tag), width, true)] : []);

/**
 * One list row: `prefix` is the row's thread guides; `paths` shows the file
 * path instead of the project; `cost` (a cost cell, "" when unknown) adds the
 * cost column when the width allows it.
 */
export function sessionLine(s: SessionSummary, width: number, now: number, prefix = "", paths = false, cost?: string): string {
  const c = columns(width, paths, cost !== undefined);
  const tag = agentCell(agentOf(s), c.agent);
  if (!s.valid) {
    const where = paths ? tildePath(s.path, HOME) : basename(s.path);
    const lead = tag.length ? tag[0] + " " : "";
    return `${lead}✗ ${fit(safeText(where), c.name)} ${fit(safeText(s.error ?? "not a session file"), width - lead.length - c.name - 4)}`;
  }
  // A copy read from the archive (keep): marked, with its machine.
  const kept = viewInfo(s.path);
  const mark = kept ? `[archived ${safeText(kept.host)}] ` : "";
  const room = Math.max(4, c.name - prefix.length - mark.length);
  const title = mark + listTitle(s, room);
  // A long path keeps its end: the file name tells two copies apart.
  const where = paths ? safeText(tildePath(s.path, HOME)) : safeText(tildePath(s.cwd, HOME));
  const place = paths ? pathTail(where, c.project) : where;
  return [
    ...tag,
    fit(prefix + title, c.name, true),
    ...(c.project ? [fit(place, c.project, true)] : []),
    age(lastActiveIso(s), now).padStart(c.age),
    String(s.messageCount).padStart(c.msgs),
    String(s.branchCount).padStart(c.branches),
    (s.labelCount ? String(s.labelCount) : "").padStart(c.labels),
    ...(c.cost ? [fit(cost ?? "", c.cost).padStart(c.cost)] : []),
  ].join(" ");
}

function SessionsScreen({ width, height }: ScreenProps) {
  const sessions = useApp((s) => s.sessions);
  const listView = useApp((s) => s.listView);
  const prefixes = useApp((s) => s.listPrefixes);
  const paths = useApp((s) => s.showPaths);
  const deleting = useApp((s) => s.deleting);
  // Said in the question: whether the archive (keep) keeps this session's history.
  const deletingNote = useMemo(() => (deleting ? archivedNote(deleting.path) : ""), [deleting]);
  const cursor = useApp((s) => s.listCursor);
  const query = useApp((s) => s.listQuery);
  const searching = useApp((s) => s.searching);
  const queryCursor = useApp((s) => s.queryCursor);
  const listError = useApp((s) => s.listError);
  const agentFilter = useApp((s) => s.agentFilter);
  const setPageSize = useApp((s) => s.setPageSize);
  // Sessions that agents create or grow show up while the list is open.
  useLiveSessions();
  // The cost column: what the figures cache holds (stats, a visit of screen 6 or a tree fills it).
  const { stats } = useStores();
  const costs = useStore(stats, (s) => s.costs);
  useEffect(() => {
    if (sessions) void stats.getState().loadCachedCosts(sessions.filter((s) => s.valid));
  }, [sessions, stats]);
  const withCost = costs.size > 0;
  const theme = useTheme();
  const showSearch = searching || query !== "";
  const bodyHeight = Math.max(1, height - 1 - (showSearch ? 1 : 0) - (deleting ? 1 : 0));
  useEffect(() => setPageSize(bodyHeight), [bodyHeight, setPageSize]);
  const c = columns(width - 2, paths, withCost);
  const header =
    "  " +
    [
      ...agentCell("agent", c.agent),
      fit("session", c.name, true),
      ...(c.project ? [fit(paths ? "file" : "project", c.project, true)] : []),
      "age".padStart(c.age),
      "msgs".padStart(c.msgs),
      "brch".padStart(c.branches),
      "lbls".padStart(c.labels),
      ...(c.cost ? ["cost".padStart(c.cost)] : []),
    ].join(" ");
  const now = Date.now();
  const { start, end } = windowRange(cursor, listView.length, bodyHeight);
  const visible = listView.slice(start, end);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.text.muted} bold={theme.color}>
        {fit(header, width)}
      </Text>
      {showSearch ? <SearchLine query={query} active={searching} width={width} matches={listView.length} cursor={queryCursor} /> : null}
      {sessions === null ? <Text color={theme.text.muted}> looking for sessions…</Text> : null}
      {listError ? <Text color={theme.status.error}>✗ {safeText(listError)}</Text> : null}
      {sessions !== null && listView.length === 0 ? (
        <Text color={theme.text.muted}> {query ? "no session matches" : agentFilter ? `no ${agentFilter} sessions here (^g: next agent, Tab: all projects)` : "no sessions here (Tab: all projects)"}</Text>
      ) : null}
      {visible.map((s, i) => {
        const selected = start + i === cursor;
        return (
          <Text key={s.path} wrap="truncate" color={s.valid ? undefined : theme.text.muted} bold={selected && theme.color}>
            <Text color={theme.text.accent}>{selected ? "› " : "  "}</Text>
            {fit(sessionLine(s, width - 2, now, prefixes[start + i] ?? "", paths, withCost ? costCellOf(costs.get(s.path)) : undefined), width - 2)}
          </Text>
        );
      })}
      {deleting ? (
        <Text color={theme.status.error} bold={theme.color}>
          {fit(`Move to the trash? ${safeText(tildePath(deleting.path, HOME))} · ${deletingNote}`, width)}
        </Text>
      ) : null}
    </Box>
  );
}

export const sessionsScreen: ScreenDef = {
  id: "sessions",
  tab: "1",
  title: "sessions",
  scope: "sessions",
  typeToSearch: true,
  Component: SessionsScreen,
  // A delete waiting for its yes takes every key: only yes or no answer it (a paste is no answer).
  ownsInput: (ui) => ui.app.getState().deleting !== null,
  onKey(_input, name, ui) {
    const b = findBinding(name, ["delete"]);
    if (b?.action === "delete.yes") void ui.app.getState().answerDelete(true);
    else if (b?.action === "delete.no") void ui.app.getState().answerDelete(false);
  },
  onAction(action, ui) {
    const st = ui.app.getState();
    switch (action) {
      case "named":
        st.toggleNamed();
        return true;
      case "agent":
        st.cycleAgent();
        return true;
      case "host":
        st.cycleHost();
        return true;
      case "paths":
        st.togglePaths();
        return true;
      case "delete":
        st.askDelete();
        return true;
      case "open":
        void st.openSelected();
        return true;
      case "sort":
        st.cycleSort();
        return true;
      case "scope":
        st.toggleScope();
        return true;
      case "resume": {
        const s = st.listView[st.listCursor];
        if (!s) st.setStatus("no session under the cursor", "error");
        else if (!s.valid) st.setStatus(`not a session file: ${s.error ?? ""}`, "error");
        else requestResume(ui, resumeTargetOf(s));
        return true;
      }
    }
    return false;
  },
  info(st) {
    const total = st.sessions?.length ?? 0;
    return `${st.listView.length}/${total} · ${st.scope === "project" ? "this project" : "all projects"}${st.namedOnly ? " · named" : ""}${st.agentFilter ? ` · agent ${st.agentFilter}` : ""}${st.hostFilter ? ` · host ${st.hostFilter}` : ""} · sort ${st.listQuery.trim() ? "best match" : st.sort}`;
  },
};
