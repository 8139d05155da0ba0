// `3 feedback`: the review queue. Candidates newest first (windowed: only the
// rows that fit are built), filters and fuzzy search, a preview pane with the
// lesson, the redacted words and the session around them; promote, edit,
// dismiss, undo and bulk selection through the capture core.
import React, { useEffect, useMemo } from "react";
import { Box, Text } from "ink";
import { useStore } from "zustand";
import { safeText } from "../../core/session/index.js";
import { reviewCounts } from "../../core/capture/feedback-list.js";
import { effectiveLesson } from "../../core/capture/review.js";
import { fitWidth as fit } from "../format/width.js";
import { feedbackHeader, feedbackPreview, feedbackRow } from "../format/feedback-lines.js";
import type { Line } from "../format/lines.js";
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
import { confidenceLabel, STATUS_LABEL } from "../state/review-view.js";
import { candidateContext, openCandidateSession } from "../state/review-open.js";
import { useTheme } from "../theme-context.js";
import { listAction, onKey, ownsInput, takesText } from "./review-keys.js";
import type { ScreenDef, ScreenProps } from "./screen.js";

/** How long the cursor rests on a candidate before its session file is read. */
const CONTEXT_DELAY_MS = 120;

function FeedbackScreen({ width, height }: ScreenProps) {
  const { review, reviewOptions } = useStores();
  const theme = useTheme();
  const view = useStore(review, (s) => s.view);
  const cursor = useStore(review, (s) => s.cursor);
  const status = useStore(review, (s) => s.status);
  const candidates = useStore(review, (s) => s.candidates);
  const filters = useStore(review, (s) => s.filters);
  const query = useStore(review, (s) => s.query);
  const searching = useStore(review, (s) => s.searching === "feedback");
  const selected = useStore(review, (s) => s.selected);
  const prompt = useStore(review, (s) => s.prompt);
  const pane = useStore(review, (s) => s.pane.feedback);
  const context = useStore(review, (s) => s.context);
  const root = useStore(review, (s) => s.root);
  const loaded = useStore(review, (s) => s.loaded);

  // What hooks write while the screen is open shows up by itself (before the
  // load below, so a write in between counts as a change).
  useLiveCapture(review, "feedback");
  // Read on arrival: the first visit reads the capture store, coming back shows what hooks wrote meanwhile.
  useEffect(() => review.getState().load(), [review]);
  const counts = useMemo(() => reviewCounts(candidates, status), [candidates, status]);
  const current = view[cursor];
  const currentId = (current?.id as string | undefined) ?? null;

  // The session around the candidate: read once the cursor rests.
  useEffect(() => {
    if (!current || !root) return;
    const id = current.id as string;
    if (review.getState().context?.id === id) return;
    const timer = setTimeout(() => {
      candidateContext(root, current, reviewOptions.sessions).then(
        (ctx) => {
          const lines: Line[] = ctx ? ctx.lines : [{ text: "this session is not on this machine (no transcript, no file with its id)", tone: "muted" }];
          if (review.getState().current()?.id === id) review.getState().setContext({ id, lines });
        },
        (err: Error) => review.getState().setContext({ id, lines: [{ text: `session file: ${err.message}`, tone: "error" }] }),
      );
    }, CONTEXT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [currentId, root]);

  const showSearch = searching || query !== "";
  const avail = Math.max(4, height - 3 - (showSearch ? 1 : 0));
  // Each candidate's session by its title as the list shows it (its id when the list does not hold it).
  const sessions = useApp((s) => s.sessions);
  const titleOf = (c: Record<string, unknown>, max: number): string | undefined => {
    const row = listedSession(sessions, c.harness, c.native_session_id);
    return row && listTitle(row, max);
  };
  let preview: Line[] = [];
  if (current) {
    preview = feedbackPreview(current, status, titleOf(current, width - 4));
    preview.push(...(context && context.id === current.id ? context.lines : [{ text: "reading the session…", tone: "muted" as const }]));
  }
  // The preview's share is 45%; a short queue lends it the rows it does not use.
  const paneHeight = prompt
    ? Math.min(Math.max(4, Math.floor(avail * 0.5)), prompt.kind === "topic" ? prompt.topics.length + 3 : 4)
    : paneHeightFor(avail, current ? 1 + paneWrapped(preview, width).length : 0, Math.max(1, view.length), 0.45, false);
  const listHeight = Math.max(1, avail - paneHeight);
  useEffect(() => review.getState().setPageSize(listHeight), [listHeight, review]);

  const filterLine = [
    `status ${STATUS_LABEL[filters.status]}`,
    `type ${filters.type ?? "any"}`,
    `confidence ${confidenceLabel(filters.minConfidence)}`,
    ...(filters.session ? [`session ${filters.session} (Esc clears)`] : []),
    ...(selected.size ? [`${selected.size} selected`] : []),
    `${view.length ? cursor + 1 : 0}/${view.length}`,
  ].join(" · ");

  const now = Date.now();
  const { start, end } = windowRange(cursor, view.length, listHeight);
  const rows = [];
  for (let i = start; i < end; i++) {
    const c = view[i];
    const id = c.id as string;
    const isCursor = i === cursor;
    rows.push(
      <Text key={id} wrap="truncate" bold={isCursor && theme.color}>
        <Text color={theme.text.accent}>{isCursor ? "› " : "  "}</Text>
        <Text color={theme.label}>{selected.has(id) ? "◉ " : "  "}</Text>
        {feedbackRow(c, status, width - 4, now, titleOf(c, width))}
      </Text>,
    );
  }

  let empty = "";
  if (!loaded) empty = "reading the capture store…";
  else if (candidates.length === 0) empty = "No feedback candidates yet: corrections and preferences your agents hear land here (omp-sessions hook), or press I on a session's tree.";
  else if (view.length === 0) empty = query ? "no candidate matches the search" : `no ${filters.status === "all" ? "" : STATUS_LABEL[filters.status] + " "}candidates with these filters (s: status · t: type · c: confidence)`;

  return (
    <Box flexDirection="column" width={width} height={height}>
      <CaptureLine review={review} width={width} extra={[`${counts.pending} new · ${counts.promoted} promoted · ${counts.dismissed} dismissed`, `${counts.pending} new · ${counts.promoted} prom · ${counts.dismissed} dism`]} />
      <Text color={theme.text.muted}>{fit(safeText(filterLine), width)}</Text>
      {showSearch ? <SearchLine query={query} active={searching} width={width} matches={view.length} /> : null}
      <Text color={theme.text.muted} bold={theme.color}>
        {fit("    " + feedbackHeader(width - 4), width)}
      </Text>
      <ReviewList empty={empty} rows={rows} width={width} height={listHeight} />
      {prompt ? (
        <ReviewPrompt prompt={prompt} review={review} width={width} height={paneHeight} />
      ) : current ? (
        <LinesPane title={`${current.id as string}`} lines={preview} scroll={pane.scroll} focused={pane.focus} width={width} height={paneHeight} />
      ) : null}
    </Box>
  );
}

export const feedbackScreen: ScreenDef = {
  id: "feedback",
  tab: "3",
  title: "feedback",
  scope: "feedback",
  list: true,
  Component: FeedbackScreen,
  ownsInput: ownsInput("feedback"),
  onKey: onKey("feedback"),
  takesText: takesText("feedback"),
  onAction(action, ui) {
    if (listAction("feedback", action, ui)) return true;
    const app = ui.app;
    const r = ui.review.getState();
    const c = r.current();
    switch (action) {
      case "review.status":
        r.cycleStatus();
        return true;
      case "review.type":
        r.cycleType();
        return true;
      case "review.confidence":
        r.cycleConfidence();
        return true;
      case "review.select":
        r.toggleSelect();
        return true;
      case "review.promote":
        r.askTopic("feedback");
        return true;
      case "review.edit":
        if (!c) return true;
        if ((c.id as string) in r.status.promoted) app.getState().setStatus("already promoted: the note keeps the lesson it was promoted with", "error");
        else r.openPrompt({ kind: "lesson", id: c.id as string, initial: effectiveLesson(r.status, c) });
        return true;
      case "review.dismiss": {
        const ids = r.targets().filter((id) => !(id in r.status.promoted));
        if (ids.length === 0) app.getState().setStatus(c ? "promoted candidates cannot be dismissed" : "nothing to dismiss", "error");
        else r.openPrompt({ kind: "reason", ids });
        return true;
      }
      case "review.undo":
        r.undoDismiss();
        return true;
      case "review.open":
        if (c) void openCandidateSession(ui, c);
        return true;
    }
    return false;
  },
};
