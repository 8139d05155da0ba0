// `6 stats`: tokens and cost of every session the browser lists (and of the
// warm-up-only transcripts it leaves out, as `stats` counts them) — totals, a
// bar chart of cost and of tokens per day over the last 30 days, the top
// models and projects. Figures load in the stats store (cached ones at once,
// the rest read in the background with progress); drawing reads nothing.
import React, { useEffect, useMemo } from "react";
import { Box, Text } from "ink";
import { useStore } from "zustand";
import { useApp, useStores } from "../state/use-app.js";
import { statsLines } from "../format/stats-lines.js";
import { toneColor } from "../components/lines-pane.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import { safeText, type SessionSummary } from "../../core/session/index.js";
import { useTheme } from "../theme-context.js";
import type { ScreenDef, ScreenProps } from "./screen.js";
import type { Action } from "../keymap.js";
import { totalOf } from "../../core/stats/figures.js";

/** The files the screen counts: the listed sessions, and the warm-up-only transcripts the list leaves out (billed: `stats` counts them too). */
const statsFiles = (sessions: readonly SessionSummary[], warmups: readonly string[]): string[] => [...sessions.filter((s) => s.valid).map((s) => s.path), ...warmups];

/**
 * The screen's first line once the figures are in: how many sessions have usage of those listed, the time zone the
 * days are in and, when the lines do not all fit, which are shown. Said in fewer words as the width shrinks (the
 * keys' hint goes first, then the words around the figures), so that at 60 columns every figure is still read.
 */
export function statsHead(withUsage: number, listed: number, zone: string, shown: { from: number; to: number; of: number } | null, width: number): string {
  const sessions = `${withUsage} session${withUsage === 1 ? "" : "s"} with usage, of ${listed} listed`;
  const tiers = [
    [sessions, `days in ${zone}`, shown && `lines ${shown.from}–${shown.to} of ${shown.of} (j/k, PgDn)`],
    [sessions, `days in ${zone}`, shown && `lines ${shown.from}–${shown.to} of ${shown.of}`],
    [`${withUsage} with usage, of ${listed} listed`, `days in ${zone}`, shown && `lines ${shown.from}–${shown.to} of ${shown.of}`],
    [`${withUsage} with usage of ${listed}`, zone, shown && `lines ${shown.from}–${shown.to}/${shown.of}`],
  ].map((parts) => parts.filter(Boolean).join(" · "));
  return fit(tiers.find((t) => displayWidth(t) <= width) ?? tiers[tiers.length - 1], width);
}

function StatsScreen({ width, height }: ScreenProps) {
  const { stats } = useStores();
  const theme = useTheme();
  const sessions = useApp((s) => s.sessions);
  const phase = useStore(stats, (s) => s.phase);
  const progress = useStore(stats, (s) => s.progress);
  const figures = useStore(stats, (s) => s.figures);
  const error = useStore(stats, (s) => s.error);
  const warmups = useApp((s) => s.warmups);
  const files = useMemo(() => statsFiles(sessions ?? [], warmups), [sessions, warmups]);
  // (Re)load when the list of sessions changed since the figures were made.
  useEffect(() => {
    if (sessions === null) return;
    const have = stats.getState().files;
    if (have.length === files.length && have.every((f, i) => f === files[i]) && stats.getState().phase !== "idle") return;
    void stats.getState().load(files);
  }, [files, sessions, stats]);
  const lines = useMemo(() => statsLines(figures, { width: width - 2, now: Date.now() }), [figures, width]);
  const withUsage = useMemo(() => figures.filter((f) => totalOf(f).calls > 0).length, [figures]);
  const room = Math.max(1, height - 1 - (error ? 1 : 0));
  const asked = useStore(stats, (s) => s.scroll);
  // Clamped here, where the number of lines is known; PgUp/PgDn page by what is on screen.
  const scroll = Math.min(asked, Math.max(0, lines.length - room));
  useEffect(() => {
    if (asked !== scroll) stats.setState({ scroll });
  }, [asked, scroll, stats]);
  const setPageSize = useApp((s) => s.setPageSize);
  useEffect(() => setPageSize(room), [room, setPageSize]);
  const shown = lines.length > room ? { from: scroll + 1, to: Math.min(lines.length, scroll + room), of: lines.length } : null;

  const head =
    phase === "loading" ? (progress ? `reading sessions for their usage… ${progress.done}/${progress.total}` : "reading the figures…") : statsHead(withUsage, files.length, Intl.DateTimeFormat().resolvedOptions().timeZone, shown, width);
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.text.muted}>{fit(head, width)}</Text>
      {error ? <Text color={theme.status.error}>{fit(`✗ ${safeText(error)}`, width)}</Text> : null}
      {phase === "loading" && figures.length === 0 ? null : (
        <Box flexDirection="column" paddingLeft={1}>
          {lines.slice(scroll, scroll + room).map((l, i) => (
            <Text key={i} color={toneColor(l.tone, theme)} wrap="truncate">
              {l.text || " "}
            </Text>
          ))}
        </Box>
      )}
    </Box>
  );
}

export const statsScreen: ScreenDef = {
  id: "stats",
  tab: "6",
  title: "stats",
  scope: "stats",
  Component: StatsScreen,
  onAction(action, ui) {
    const page = Math.max(1, ui.app.getState().pageSize - 1);
    const scroll: Partial<Record<Action, number | "top" | "bottom">> = { "pane.up": -1, "pane.down": 1, "pane.pageUp": -page, "pane.pageDown": page, "pane.top": "top", "pane.bottom": "bottom" };
    const by = scroll[action];
    if (by !== undefined) {
      ui.stats.getState().scrollBy(by);
      return true;
    }
    if (action !== "stats.reload") return false;
    const st = ui.app.getState();
    void ui.stats.getState().load(statsFiles(st.sessions ?? [], st.warmups));
    return true;
  },
  info(st) {
    return `${st.sessions?.length ?? 0} sessions`;
  },
};
