// `4 digests`: captured sessions newest first (harness, session title, project,
// last seen, trigger, topics, promoted notes) and the selected session's digest as
// readable text; `p` promotes the digest to a topic, `o` opens the agent
// session when it is an omp/pi file here. The digest files are read off the
// render path (state/digest-files.ts): a loading line shows until they are in.
import React, { useEffect, useMemo } from "react";
import { Box, Text } from "ink";
import { useStore } from "zustand";
import { fitWidth as fit } from "../format/width.js";
import { digestHeader, digestLines, digestLoadingLines, digestRow, parseDigest } from "../format/digest-lines.js";
import { windowRange } from "../state/list-cursor.js";
import { SearchLine } from "../components/search-line.js";
import { LinesPane } from "../components/lines-pane.js";
import { paneHeightFor, paneWrapped } from "../format/pane-rows.js";
import { CaptureLine } from "../components/capture-line.js";
import { ReviewList } from "../components/review-list.js";
import { ReviewPrompt } from "../components/review-prompt.js";
import { useApp, useStores } from "../state/use-app.js";
import { listedSession, listTitle } from "../format/list-title.js";
import { useLiveCapture } from "../state/live-capture.js";
import { openDigestSession } from "../state/review-open.js";
import { useTheme } from "../theme-context.js";
import { listAction, onKey, ownsInput, takesText } from "./review-keys.js";
import type { ScreenDef, ScreenProps } from "./screen.js";
import type { State } from "../../core/capture/state.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const digestPath = (st: State): string => str(st.last_digest_path);

function DigestsScreen({ width, height }: ScreenProps) {
  const { review, digestFiles } = useStores();
  const theme = useTheme();
  const digests = useStore(review, (s) => s.digests);
  const view = useStore(review, (s) => s.digestView);
  const cursor = useStore(review, (s) => s.digestCursor);
  const query = useStore(review, (s) => s.digestQuery);
  const searching = useStore(review, (s) => s.searching === "digests");
  const prompt = useStore(review, (s) => s.prompt);
  const pane = useStore(review, (s) => s.pane.digests);
  const loaded = useStore(review, (s) => s.loaded);
  const texts = useStore(digestFiles, (s) => s.texts);
  // What hooks write while the screen is open shows up by itself (before the
  // load below, so a write in between counts as a change).
  useLiveCapture(review, "digests");
  // Read on arrival: the first visit reads the capture store, coming back shows what hooks wrote meanwhile.
  useEffect(() => review.getState().load(), [review]);
  // Triggers come from the digests' frontmatter, parsed once per file text.
  const triggers = useMemo(() => new Map<string, string>(), [texts]);
  const triggerOf = (st: State): string => {
    const p = digestPath(st);
    if (!p) return "(none)";
    const text = texts.get(p);
    if (text === undefined) return "…";
    let t = triggers.get(p);
    if (t === undefined) {
      t = (text !== null && str(parseDigest(text).fields.capture_trigger)) || "?";
      triggers.set(p, t);
    }
    return t;
  };

  const current = view[cursor];
  const currentPath = current ? digestPath(current.state) : "";
  const text = currentPath ? texts.get(currentPath) : null;
  // Its session by the title the list shows (format/list-title.ts), above the id.
  const sessions = useApp((s) => s.sessions);
  const titleOf = (st: State, max: number): string | undefined => {
    const row = listedSession(sessions, st.harness, st.native_session_id);
    return row && listTitle(row, max);
  };
  const title = current && titleOf(current.state, width - 2);
  const lines = useMemo(() => (!current ? [] : text === undefined ? digestLoadingLines(current.state, title) : digestLines(current.state, text, title)), [current, text, title]);

  const showSearch = searching || query !== "";
  const avail = Math.max(4, height - 2 - (showSearch ? 1 : 0));
  const paneHeight = prompt
    ? Math.min(Math.max(4, Math.floor(avail * 0.5)), prompt.kind === "topic" ? prompt.topics.length + 3 : 4)
    : paneHeightFor(avail, current ? 1 + paneWrapped(lines, width).length : 0, Math.max(1, view.length), 0.55, false);
  const listHeight = Math.max(1, avail - paneHeight);
  useEffect(() => review.getState().setPageSize(listHeight), [listHeight, review]);

  const now = Date.now();
  const { start, end } = windowRange(cursor, view.length, listHeight);
  // The files of the rows on screen (the cursor's among them), read after this frame; a reload (new `digests`) reads them again.
  const shown = view.slice(start, end).map((d) => digestPath(d.state));
  const shownKey = shown.join("\n");
  useEffect(() => digestFiles.getState().want(shownKey.split("\n"), digests), [shownKey, digests, digestFiles]);
  const rows = [];
  for (let i = start; i < end; i++) {
    const d = view[i];
    const isCursor = i === cursor;
    rows.push(
      <Text key={d.path} wrap="truncate" bold={isCursor && theme.color}>
        <Text color={theme.text.accent}>{isCursor ? "› " : "  "}</Text>
        {digestRow(d.state, triggerOf(d.state), width - 2, now, titleOf(d.state, width))}
      </Text>,
    );
  }
  const empty = !loaded ? "reading the capture store…" : digests.length === 0 ? "No captured sessions yet (hooks write them; I on a session's tree imports one)." : view.length === 0 ? "no session matches the search" : "";

  return (
    <Box flexDirection="column" width={width} height={height}>
      <CaptureLine review={review} width={width} extra={[`${view.length ? cursor + 1 : 0}/${view.length} digests`]} />
      {showSearch ? <SearchLine query={query} active={searching} width={width} matches={view.length} /> : null}
      <Text color={theme.text.muted} bold={theme.color}>
        {fit("  " + digestHeader(width - 2), width)}
      </Text>
      <ReviewList empty={empty} rows={rows} width={width} height={listHeight} />
      {prompt ? (
        <ReviewPrompt prompt={prompt} review={review} width={width} height={paneHeight} />
      ) : current ? (
        <LinesPane title={`digest ${str(current.state.llm_wiki_session_id)}`} lines={lines} scroll={pane.scroll} focused={pane.focus} width={width} height={paneHeight} />
      ) : null}
    </Box>
  );
}

export const digestsScreen: ScreenDef = {
  id: "digests",
  tab: "4",
  title: "digests",
  scope: "digests",
  list: true,
  Component: DigestsScreen,
  ownsInput: ownsInput("digests"),
  onKey: onKey("digests"),
  takesText: takesText("digests"),
  onAction(action, ui) {
    if (listAction("digests", action, ui)) return true;
    const r = ui.review.getState();
    const d = r.currentDigest();
    switch (action) {
      case "review.promote":
        r.askTopic("digests");
        return true;
      case "review.open": {
        if (d) void openDigestSession(ui, d.state);
        return true;
      }
    }
    return false;
  },
};
