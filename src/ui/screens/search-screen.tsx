// `5 search`: full-text search over every session. A query line that takes
// keystrokes (results as you type), the index build's progress (Esc stops it;
// the browser stays usable meanwhile: the work runs in worker threads), and
// the ranked hits, two lines each, windowed. Enter opens the session's tree
// with the cursor on the matching entry.
//
// Two modes, both read from the key table: while the query line takes keys
// (the browser's `searching`), only the "search-query" bindings apply and
// every other key is typed; after Tab, the list keys, digits, ? and q work.
// Esc, in both: stop a running build, else clear the query, else go back.
import React, { useEffect, useMemo } from "react";
import { indexProgressText } from "../../core/search/progress-text.js";
import { Box, Text } from "ink";
import Spinner from "ink-spinner";
import { useStore } from "zustand";
import { homedir } from "node:os";
import type { SessionSummary } from "../../core/session/index.js";
import { safeText } from "../../core/session/index.js";
import { watchSessions } from "../../core/session/index.js";
import { findBinding, type Action } from "../keymap.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import { editLine } from "../state/line-edit.js";
import { windowRange } from "../state/list-cursor.js";
import { useApp, useStores } from "../state/use-app.js";
import type { Stores } from "../state/stores.js";
import { SEARCH_LIMIT } from "../state/search-store.js";
import { useTheme } from "../theme-context.js";
import { HitRows, hitTitle } from "./search-row.js";
import type { ScreenDef, ScreenProps } from "./screen.js";
import { listedRoots } from "../../core/session/index.js";

const HOME = homedir();

const SYNTAX = [
  "Search the text of every session: user and assistant messages, tool calls, bash commands.",
  "",
  "  words        every word must match, any order (when none matches whole: as prefixes)",
  '  "a phrase"   the words next to each other',
  "  pre*         words starting with pre",
  "  cwd:DIR      sessions whose project is DIR or below it (cwd:NAME: the path contains NAME)",
  "  role:R       user · assistant · bash (shell commands: pi's !, and every agent's shell tool calls:",
  "               Claude Code's Bash, Codex's shell, Gemini's run_shell_command) · tool (tool output, if indexed)",
  "  label:TEXT   entries whose label contains TEXT (label: alone: any label)",
];

/**
 * The query line: `head`, the query and (while typing) the caret. A query too
 * long for the room scrolls sideways so the caret shows (the end, while typing
 * at the end), with "…" where text is out of sight.
 */
export function queryText(head: string, query: string, caret: number | null, room: number): string {
  const chars = [...safeText(query)];
  const at = caret === null ? chars.length : Math.min(caret, chars.length);
  const mark = caret === null ? "" : "▏";
  const fits = room - displayWidth(head) - 1;
  const whole = chars.slice(0, at).join("") + mark + chars.slice(at).join("");
  if (displayWidth(whole) <= fits) return head + whole;
  // Keep the caret in sight: as much before it as fits, then what follows.
  let start = at;
  let used = displayWidth(mark) + 1;
  while (start > 0 && used + displayWidth(chars[start - 1]) <= fits) used += displayWidth(chars[--start]);
  const before = (start > 0 ? "…" : "") + chars.slice(start + (start > 0 ? 1 : 0), at).join("");
  return head + before + mark + chars.slice(at).join("");
}

function IndexLine({ width }: { width: number }) {
  const { search } = useStores();
  const theme = useTheme();
  const phase = useStore(search, (s) => s.phase);
  const progress = useStore(search, (s) => s.progress);
  const files = useStore(search, (s) => s.files);
  const error = useStore(search, (s) => s.indexError);
  if (phase === "indexing" && files > 0 && (!progress || progress.filesTotal < 3)) {
    // A refresh of a built index (a few grown files): no need to draw attention.
    return <Text color={theme.text.muted}>{fit(`index up to date · ${files} session${files === 1 ? "" : "s"} · updating…`, width)}</Text>;
  }
  if (phase === "indexing") {
    const what = progress ? indexProgressText(progress.done, progress.total, progress.files, progress.filesTotal) : "listing sessions";
    return (
      <Text color={theme.status.warning} wrap="truncate">
        <Spinner type="dots" />
        {fit(` ${what} — Esc stops; the results shown so far come from what is indexed`, width - 2)}
      </Text>
    );
  }
  if (phase === "stopped") return <Text color={theme.status.warning}>{fit("indexing stopped — results may miss sessions (r, or ^r while typing, resumes)", width)}</Text>;
  if (phase === "failed") return <Text color={theme.status.error}>{fit(`✗ indexing failed: ${safeText(error ?? "")}`, width)}</Text>;
  if (phase === "ready") return <Text color={theme.text.muted}>{fit(`index up to date · ${files} session${files === 1 ? "" : "s"}`, width)}</Text>;
  return <Text> </Text>;
}

function SearchScreen({ width, height }: ScreenProps) {
  const { search } = useStores();
  const theme = useTheme();
  const typing = useApp((s) => s.searching);
  const sessions = useApp((s) => s.sessions);
  const query = useStore(search, (s) => s.query);
  const hits = useStore(search, (s) => s.hits);
  const cursor = useStore(search, (s) => s.cursor);
  const busy = useStore(search, (s) => s.busy);
  const answered = useStore(search, (s) => s.answered);
  const queryError = useStore(search, (s) => s.queryError);
  const phase = useStore(search, (s) => s.phase);

  useEffect(() => {
    // Every visit brings the index up to date (a warm index only stats files). The help overlay
    // closing is no new visit. The query line took the keys when the screen was switched to (stores.ts).
    if (!search.getState().beginVisit()) return;
    search.getState().startIndexing();
  }, [search]);
  // While the screen is open, sessions that agents write are indexed as they grow.
  const source = useApp((s) => s.listSource());
  useEffect(() => {
    const roots = listedRoots(source);
    if (roots.length === 0) return;
    return watchSessions(roots, () => search.getState().startIndexing(), { debounceMs: 500 });
  }, [source, search]);

  const byPath = useMemo(() => new Map<string, SessionSummary>((sessions ?? []).map((s) => [s.path, s])), [sessions]);
  const bodyHeight = Math.max(2, height - 2);
  const perPage = Math.max(1, Math.floor(bodyHeight / 2));
  useEffect(() => search.getState().setPageSize(perPage), [perPage, search]);

  const count = hits.length >= SEARCH_LIMIT ? `${SEARCH_LIMIT}+` : String(hits.length);
  // Hits of the words taken as prefixes (query.ts searchDb) say so.
  const widened = hits[0]?.widened ? " (words as prefixes)" : "";
  const right = query.trim() === "" ? "" : busy ? "searching…" : answered ? `${count} hit${hits.length === 1 ? "" : "s"}${widened}` : "";
  const caret = useStore(search, (s) => s.caret);
  const room = Math.max(10, width - right.length - 2);
  const queryLine = fit(queryText("search › ", query, typing ? caret : null, room), room, true) + "  " + right;

  let body: React.ReactNode;
  if (query.trim() === "") {
    body = SYNTAX.map((l, i) => (
      <Text key={i} color={theme.text.muted}>
        {fit(l, width)}
      </Text>
    ));
  } else if (queryError && answered === query) {
    body = <Text color={theme.status.error}>{fit(`✗ ${safeText(queryError)}`, width)}</Text>;
  } else if (hits.length === 0) {
    const why = busy || answered !== query ? "searching…" : phase === "indexing" ? "no matches yet (the index is still being built)" : "no matches";
    body = <Text color={theme.text.muted}>{fit("  " + why, width)}</Text>;
  } else {
    const { start, end } = windowRange(cursor, hits.length, perPage);
    const now = Date.now();
    const rows = [];
    for (let i = start; i < end; i++) {
      const h = hits[i];
      const title = hitTitle(h, byPath.get(h.path), Math.max(10, width));
      rows.push(<HitRows key={`${h.path}\u0000${h.entryId}`} hit={h} title={title} selected={i === cursor} width={width} home={HOME} now={now} theme={theme} />);
    }
    body = rows;
  }

  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={typing ? theme.text.accent : theme.text.primary} bold={theme.color}>
        {queryLine}
      </Text>
      <IndexLine width={width} />
      <Box flexDirection="column" height={bodyHeight}>
        {body}
      </Box>
    </Box>
  );
}

/** Runs a search-screen action; false for those left to the shell (quit, help, screens). */
function act(action: Action, ui: Stores): boolean {
  const s = ui.search.getState();
  const st = ui.app.getState();
  switch (action) {
    case "cursor.up":
      s.move("up");
      return true;
    case "cursor.down":
      s.move("down");
      return true;
    case "cursor.pageUp":
      s.move("pageUp");
      return true;
    case "cursor.pageDown":
      s.move("pageDown");
      return true;
    case "cursor.first":
      s.move("first");
      return true;
    case "cursor.last":
      s.move("last");
      return true;
    case "search":
    case "focus":
      st.startSearch();
      return true;
    case "search.leave":
      st.endSearch();
      return true;
    case "search.open": {
      const hit = s.current();
      if (!hit) {
        st.setStatus(s.query.trim() ? "no hit to open" : "type something to search for");
        return true;
      }
      st.endSearch();
      void st.openAt(hit.path, hit.entryId);
      return true;
    }
    case "search.reindex":
      if (s.phase === "indexing") st.setStatus("the index is being updated already");
      else {
        s.startIndexing();
        st.setStatus("updating the index");
      }
      return true;
    case "search.stop":
      if (s.phase === "indexing") {
        s.stopIndexing();
        st.setStatus("indexing stopped: what is indexed so far stays searchable");
      } else if (s.query !== "") {
        s.setQuery("");
        st.startSearch();
      } else st.setScreen("sessions");
      return true;
  }
  return false;
}

export const searchScreen: ScreenDef = {
  id: "search",
  tab: "5",
  title: "search",
  scope: "search",
  queryScope: "search-query",
  list: true,
  Component: SearchScreen,
  ownsInput: (ui) => ui.app.getState().searching,
  takesText: () => true,
  onKey(input, name, ui) {
    const b = findBinding(name, ["search-query"]);
    if (b) {
      act(b.action, ui);
      return;
    }
    // The shared line editor (^u ^w alt+backspace Home/End ^k …, typed text and pastes); Enter is the table's.
    const s = ui.search.getState();
    const { line } = editLine({ value: s.query, cursor: Math.min(s.caret, s.query.length) }, input, name);
    s.setQuery(line.value, line.cursor);
  },
  onAction: (action, ui) => act(action, ui),
};
