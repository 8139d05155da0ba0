// The tree of the open session, with the detail or context pane below it.
import React, { useEffect, useMemo, useRef } from "react";
import { Box, Text } from "ink";
import { TreeRowView } from "../components/tree-row.js";
import { PaneView } from "../components/pane.js";
import { paneHeightFor, paneWrapped, steadyPaneRows, type PaneHold } from "../format/pane-rows.js";
import { SearchLine } from "../components/search-line.js";
import { windowRange } from "../state/list-cursor.js";
import { useApp, useStores } from "../state/use-app.js";
import { useTheme } from "../theme-context.js";
import type { TreeFilter } from "../../core/session/index.js";
import type { ScreenDef, ScreenProps } from "./screen.js";
import { importOpenSession } from "../state/review-open.js";
import { WritePanel, writePanelHeight } from "../components/prompt-write.js";
import { useWriteStep } from "../state/write-store.js";
import { startWrite, writeKey, writeOwnsInput } from "../state/write-actions.js";
import { homedir } from "node:os";
import { basename } from "node:path";
import { oneLine, safeText } from "../../core/session/index.js";
import { labelTimes as readLabelTimes } from "../../core/session/index.js";
import type { Session } from "../../core/session/index.js";
import type { TreeLoad } from "../state/app-state.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import { tildePath } from "../../core/fs/home-path.js";
import { pathTail } from "../format/path-tail.js";
import { headerMoves } from "../format/header-moves.js";
import { labelStamp } from "../format/label-time.js";

// Label times are replayed once per loaded session (a refresh makes a new one).
const times = new WeakMap<Session, Map<string, string>>();
function labelTimesOf(s: Session): Map<string, string> {
  let t = times.get(s);
  if (!t) times.set(s, (t = readLabelTimes(s)));
  return t;
}
import { resumeFromTree } from "../state/resume.js";
import { useStore } from "zustand";
import type { OpenFigures } from "../state/stats-store.js";
import { abandonedOf, totalOf } from "../../core/stats/figures.js";
import { costCell, figureTokens, shortCount } from "../../core/stats/format.js";

/** The header's cost: the session's, and what its abandoned branches cost ("" before the figures are in). */
export function sessionCostText(o: OpenFigures | null): string {
  if (!o) return "";
  const total = totalOf(o.figures);
  if (total.calls === 0) return "";
  const gone = abandonedOf(o.figures);
  return `${costCell(total)}${gone.calls > 0 ? ` · abandoned branches ${costCell(gone)}` : ""}`;
}

/**
 * For a model call's detail: the total of the branch it is on (the active path, or abandoned branch N),
 * in `width` columns. The figures are what one reads it for: on a narrow screen the label gives way
 * first ("branch total (the active path)", "active path total", "active path"), then the count of
 * messages, then the tokens; the cost stays.
 */
export function branchTotalText(o: OpenFigures | null, entryId: string, width = Infinity): string | null {
  if (!o) return null;
  const pos = o.session.topology.posOf(entryId);
  const meta = pos >= 0 ? o.session.entries[pos] : undefined;
  if (!meta || !((meta.type === "message" && meta.role === "assistant") || meta.type === "model_usage")) return null;
  const branch = o.branchOf[pos];
  if (branch < 0) return null;
  const t = totalOf(o.figures, branch);
  const which = branch === 0 ? "active path" : `abandoned branch ${branch}`;
  const labels = [`branch total (${branch === 0 ? "the " : ""}${which})`, `${which} total`, which];
  const cost = costCell(t) || "$0";
  const tokens = `${shortCount(figureTokens(t))} tokens · ${cost}`;
  const figures = [`${t.calls} msg${t.calls === 1 ? "" : "s"} · ${tokens}`, tokens, cost];
  for (const f of figures) for (const l of labels) if (displayWidth(`${l}: ${f}`) <= width) return `${l}: ${f}`;
  return fit(`${which}: ${cost}`, width);
}
import { exportAtCursor } from "../state/export-action.js";
import { openChildSession, openParentSession, openSubagent } from "../state/session-links.js";
import { sessionTitle } from "../../core/session/index.js";
import { compareAtCursor, compareKey, compareOwnsInput, markAtCursor } from "../state/compare-actions.js";
import { CompareView } from "../components/compare-view.js";
import { chooserHeight, SubagentChooser } from "../components/subagent-chooser.js";
import { findBinding } from "../keymap.js";
import type { Stores } from "../state/stores.js";

/** A key while the subagent chooser is open: move, open (Enter or a number), close. */
function pickKey(name: string, ui: Stores): void {
  const pick = ui.app.getState().subagentPick;
  if (!pick) return;
  const n = pick.choices.length;
  const num = /^[1-9]$/.test(name) ? Number(name) : 0;
  if (num >= 1 && num <= n) return void openSubagent(ui.app, pick.choices[num - 1], num, n);
  const b = findBinding(name, ["pick"]);
  if (b?.action === "cursor.up") ui.app.setState({ subagentPick: { ...pick, cursor: (pick.cursor - 1 + n) % n } });
  else if (b?.action === "cursor.down") ui.app.setState({ subagentPick: { ...pick, cursor: (pick.cursor + 1) % n } });
  else if (b?.action === "pick.open") void openSubagent(ui.app, pick.choices[pick.cursor], pick.cursor + 1, n);
  else if (b?.action === "pick.cancel") ui.app.setState({ subagentPick: null });
}

function TreeScreen({ width, height }: ScreenProps) {
  const rows = useApp((s) => s.rows);
  const file = useApp((s) => s.session?.file ?? "");
  const name = useApp((s) => (s.session ? sessionTitle(s.session) : null));
  const parent = useApp((s) => (typeof s.session?.header.parentSession === "string" ? s.session.header.parentSession : null));
  const moves = useApp((s) => (s.session ? headerMoves(s.session.header) : ""));
  const labelTimes = useApp((s) => (s.labelTimes && s.session ? labelTimesOf(s.session) : null));
  const cursor = useApp((s) => s.cursor);
  const query = useApp((s) => s.treeQuery);
  const searching = useApp((s) => s.searching);
  const queryCursor = useApp((s) => s.queryCursor);
  const paneOpen = useApp((s) => s.pane !== null);
  const detailId = useApp((s) => (s.pane?.kind === "detail" ? s.pane.id : null));
  const session = useApp((s) => s.session);
  // The session's figures (cost in the header, branch totals by the detail pane): loaded in the stats store.
  const { stats } = useStores();
  const loadedFigures = useStore(stats, (s) => s.open);
  // A big session still being read (tree-slice.ts openFile): its start is on screen.
  const treeLoad = useApp((s) => s.treeLoad);
  const reading = treeLoad !== null && !treeLoad.error;
  useEffect(() => {
    // Reading the figures rereads the whole file: it starts at once (once the tree is read whole) and gives way to keys (input-quiet.ts, stores.ts).
    if (session && !reading) void stats.getState().loadOpen(session);
  }, [session, stats, reading]);
  const figures = loadedFigures && loadedFigures.session === session ? loadedFigures : null;
  // Totals walk every branch's figures: once per figures (or entry shown), not once per key.
  const branchLine = useMemo(() => (detailId !== null ? branchTotalText(figures, detailId, width) : null), [figures, detailId, width]);
  const cost = useMemo(() => sessionCostText(figures), [figures]);
  const setPageSize = useApp((s) => s.setPageSize);
  const comparing = useStore(useStores().compare, (s) => s.view !== null);
  const mark = useStore(useStores().compare, (s) => (s.mark && s.mark.file === file ? s.mark.id : null));
  // A write prompt or preview (L b f R u) takes the pane's place.
  const step = useWriteStep(useStores().write);
  const theme = useTheme();
  const showSearch = searching || query !== "";
  // One header line: the file's path (and name) — copies of a session look alike otherwise.
  const avail = Math.max(2, height - 1 - (showSearch ? 1 : 0));
  // The pane takes the lower part; the tree keeps enough rows to stay useful.
  const picking = useApp((s) => s.subagentPick?.choices.length ?? 0);
  // An open pane takes the rows its content needs, up to its share (the tree gets the rest), or more when the tree is short.
  const paneLines = useApp((s) => s.pane?.lines ?? null);
  const paneError = useApp((s) => (s.pane?.error ? 1 : 0));
  const paneNeed = paneLines === null ? Infinity : 1 + paneError + paneWrapped(paneLines, width).length + (branchLine ? 1 : 0);
  // Moving the cursor never shrinks an open pane (the tree's rows would jump): it keeps the most rows
  // it took until it closes or the screen changes size (steadyPaneRows).
  const paneKind = useApp((s) => s.pane?.kind ?? null);
  const hold = useRef<PaneHold | null>(null);
  let paneRows = 0;
  if (paneKind) {
    const treeCount = rows?.count ?? 0;
    const steady = steadyPaneRows(hold.current, `${paneKind} ${width}x${avail}`, paneHeightFor(avail, paneNeed, treeCount), paneLines === null, paneHeightFor(avail, Infinity, treeCount));
    hold.current = steady.hold;
    paneRows = steady.rows;
  } else hold.current = null;
  const paneHeight = step ? writePanelHeight(step, avail) : picking ? chooserHeight(picking, avail) : paneOpen ? paneRows : 0;
  const listHeight = Math.max(1, avail - paneHeight);
  useEffect(() => setPageSize(listHeight), [listHeight, setPageSize]);
  if (!rows) {
    return (
      <Box width={width} height={height} paddingLeft={2} paddingTop={1}>
        <Text color={theme.text.muted}>No session open — pick one on the sessions screen (1).</Text>
      </Box>
    );
  }
  // The name, the file, the cost, and (a subagent's or a fork's session) where it came from: p goes
  // there. When they do not fit, the file's path gives way first, down to nothing.
  const title = name ? oneLine(name, Math.max(10, Math.floor(width / 3))) : "";
  const from = parent ? `p: parent ${safeText(basename(parent))}` : "";
  const SEP = "  ·  ";
  const others = [title, cost, from, moves].filter(Boolean);
  const room = width - others.reduce((n, part) => n + part.length + SEP.length, 0);
  const where = room >= 10 ? pathTail(safeText(tildePath(file, homedir())), room) : "";
  const header = treeLoad ? loadingHeader(treeLoad) : [title, where, cost, from, moves].filter(Boolean).join(SEP);
  if (comparing) return <CompareView width={width} height={height} />;
  const { start, end } = windowRange(cursor, rows.count, listHeight);
  const drawn = [];
  for (let i = start; i < end; i++) {
    const row = rows.row(i);
    const at = labelTimes && row.label !== undefined ? labelTimes.get(row.id) : undefined;
    drawn.push(<TreeRowView key={row.id} row={row} selected={i === cursor} width={width} theme={theme} labelTime={at === undefined ? undefined : labelStamp(at)} marked={row.id === mark} />);
  }
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.text.muted}>{fit(header, width)}</Text>
      {showSearch ? <SearchLine query={query} active={searching} width={width} matches={rows.count} cursor={queryCursor} /> : null}
      <Box flexDirection="column" height={listHeight}>
        {rows.count === 0 ? <Text color={theme.text.muted}> no entries (try ^a for all, or Esc to clear the search)</Text> : drawn}
      </Box>
      {!step && paneOpen && branchLine ? <Text color={theme.text.muted}>{fit(branchLine, width)}</Text> : null}
      {step ? <WritePanel width={width} height={paneHeight} /> : picking ? <SubagentChooser width={width} height={paneHeight} /> : paneOpen ? <PaneView width={width} height={branchLine ? Math.max(2, paneHeight - 1) : paneHeight} /> : null}
    </Box>
  );
}

const mb = (bytes: number): string => (bytes / (1 << 20)).toFixed(bytes < 10 << 20 ? 1 : 0);

/** The header while a big session's rest is read: how far, and what is not known yet. */
export function loadingHeader(load: TreeLoad): string {
  const where = `${mb(load.read)} of ${mb(load.total)} MB`;
  if (load.error) return `reading stopped at ${where}: ${safeText(load.error)}`;
  return `reading… ${where} · the name, the leaf, the active path and the cost show once it is read`;
}

/** Actions that need the whole session (its leaf, its later lines): they wait while the rest is read. */
const NEEDS_WHOLE = new Set<string>(["leaf", "resume", "export", "import", "mark", "compare", "label.set", "continue", "fork", "rename", "undo"]);

export const treeScreen: ScreenDef = {
  id: "tree",
  tab: "2",
  title: "tree",
  scope: "tree",
  queryScope: "tree-query",
  list: true,
  Component: TreeScreen,
  available: (st) => (st.session ? null : "no session open yet: pick one and press Enter"),
  // A write step, the subagent chooser or the comparison, when open, takes every key.
  ownsInput: (ui) => writeOwnsInput(ui) || ui.app.getState().subagentPick !== null || compareOwnsInput(ui),
  onKey(input, name, ui) {
    if (writeOwnsInput(ui)) writeKey(input, name, ui);
    else if (ui.app.getState().subagentPick) pickKey(name, ui);
    else compareKey(input, name, ui);
  },
  takesText: (ui) => ui.write.getState().step?.kind === "text",
  onAction(action, ui) {
    const load = ui.app.getState().treeLoad;
    if (load && NEEDS_WHOLE.has(action)) {
      ui.app.getState().setStatus(load.error ? "this session was not read whole: open it again" : `still reading this session (${mb(load.read)} of ${mb(load.total)} MB): try again once it is read`);
      return true;
    }
    if (startWrite(action, ui)) return true;
    const st = ui.app.getState();
    if (action.startsWith("filter.")) {
      const f = action.slice(7);
      if (f === "next") st.cycleFilter(1);
      else if (f === "prev") st.cycleFilter(-1);
      else st.setFilter(f as TreeFilter);
      return true;
    }
    switch (action) {
      case "detail":
        if (st.pane?.kind === "detail") st.closePane();
        else void st.openPane("detail");
        return true;
      case "context":
        if (st.pane?.kind === "context") st.closePane();
        else void st.openPane("context");
        return true;
      case "fold":
        st.fold();
        return true;
      case "fold.up":
        st.foldOrUp();
        return true;
      case "fold.down":
        st.unfoldOrDown();
        return true;
      case "label.time":
        st.toggleLabelTimes();
        return true;
      case "branch.prev":
        st.jumpBranch(-1);
        return true;
      case "branch.next":
        st.jumpBranch(1);
        return true;
      case "label.prev":
        st.jumpLabel(-1);
        return true;
      case "label.next":
        st.jumpLabel(1);
        return true;
      case "leaf":
        st.gotoLeaf();
        return true;
      case "import":
        void importOpenSession(ui);
        return true;
      case "resume":
        resumeFromTree(ui);
        return true;
      case "export":
        void exportAtCursor(ui.app);
        return true;
      case "subagent.open":
        void openChildSession(ui.app);
        return true;
      case "parent.open":
        void openParentSession(ui.app);
        return true;
      case "mark":
        markAtCursor(ui);
        return true;
      case "compare":
        void compareAtCursor(ui);
        return true;
    }
    return false;
  },
  info(st) {
    if (!st.rows || !st.session) return "";
    const live = st.session.warnings.length ? ` · ${st.session.warnings.length} warnings` : "";
    const sofar = st.treeLoad ? " so far" : "";
    return `${st.rows.count ? st.cursor + 1 : 0}/${st.rows.count}${sofar} · ${st.session.entries.length} entries${sofar} · filter ${st.filter}${live}`;
  },
};
