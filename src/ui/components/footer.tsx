// The status line (what happened, errors) and the keys that work right now,
// both read from the key table through the scopes in force.
import React from "react";
import { Box, Text } from "ink";
import { footerHints, type Scope } from "../keymap.js";
import { useApp } from "../state/use-app.js";
import { isWriteAction } from "../state/write-actions.js";
import { readOnlyReason, type Session } from "../../core/session/index.js";
import { useTheme } from "../theme-context.js";
import { safeText } from "../../core/session/index.js";
import { displayWidth, fitWidth as fit } from "../format/width.js";
import { wrapLines } from "../format/lines.js";
import type { Status } from "../state/app-state.js";
import { screenById } from "../screens/registry.js";
import type { Action } from "../keymap.js";

/**
 * As many whole hints as fit the width, in order: a hint is dropped, never cut
 * mid-word. When some are dropped, `last` (the help key's hint, which lists
 * them all) ends the line in their place.
 */
export function fitHints(hints: string[], width: number, last?: string): string {
  const join = (room: number, from: string[]): [string, boolean] => {
    let out = "";
    for (const h of from) {
      const next = out ? `${out} · ${h}` : h;
      if (displayWidth(next) > room) return [out, false];
      out = next;
    }
    return [out, true];
  };
  const [all, whole] = join(width, hints);
  if (whole || last === undefined) return all;
  const tail = ` · ${last}`;
  const [some] = join(
    width - displayWidth(tail),
    hints.filter((h) => h !== last),
  );
  return some ? some + tail : displayWidth(last) <= width ? last : all;
}

// Whether a session is read-only is asked once per session (a refresh makes a new one), not on each
// key: the selector runs on every change of the app store, and the answer resolves the cache dir's path.
const readOnlyOf = new WeakMap<Session, boolean>();
function isReadOnly(s: Session): boolean {
  let r = readOnlyOf.get(s);
  if (r === undefined) readOnlyOf.set(s, (r = readOnlyReason(s) !== null));
  return r;
}

/** At most this many rows for a status message; past them its last row is cut. */
export const STATUS_ROWS_MAX = 4;

/**
 * The status message as drawn at this width: one row when it fits, else
 * wrapped (at spaces, or after a path's "/") to as many rows as it needs, up
 * to STATUS_ROWS_MAX, its continuation under the text after "✗ ": a message
 * is read whole at any width (the reason after a refusal, an export's path)
 * instead of cut. The app gives the rows past the first from the screen.
 */
export function statusRows(status: Status | null, width: number): string[] {
  const text = status ? (status.kind === "error" ? "✗ " : "") + safeText(status.text) : "";
  if (!text || displayWidth(text) <= width) return [text];
  const rows = wrapLines([{ text, hang: status?.kind === "error" ? 2 : 0 }], width).map((l) => l.text);
  if (rows.length <= STATUS_ROWS_MAX) return rows;
  const kept = rows.slice(0, STATUS_ROWS_MAX - 1);
  const rest = rows.slice(STATUS_ROWS_MAX - 1).map((r, i) => (i === 0 ? r : r.trimStart()));
  return [...kept, fit(rest.join(" "), width)];
}

export function Footer({ width, scopes, info }: { width: number; scopes: Scope[]; info: string }) {
  const status = useApp((s) => s.status);
  // On a session in a format we only read, the write keys refuse at once: their hints would only mislead.
  const readOnly = useApp((s) => s.screen === "tree" && s.session !== null && isReadOnly(s.session));
  // On the session list q is typed into the search: Esc and ^c leave there.
  const typed = useApp((s) => !s.help && screenById(s.screen).typeToSearch === true);
  const theme = useTheme();
  const leaveOut = (a: Action): boolean => (readOnly && isWriteAction(a)) || (typed && a === "quit");
  // Every screen's search line has its keys in the table (its query scope), so they show from there.
  const shown = footerHints(scopes, leaveOut);
  const help = shown.find((h) => h.action === "help");
  const hints = fitHints(
    shown.map((h) => `${h.keys} ${h.hint}`),
    width,
    help && `${help.keys} ${help.hint}`,
  );
  const rows = statusRows(status, width);
  const hintLine = (
    <Text color={theme.text.muted} wrap="truncate">
      {fit(hints, width)}
    </Text>
  );
  const tone = status?.kind === "error" ? theme.status.error : theme.text.primary;
  if (rows.length > 1)
    return (
      <Box flexDirection="column" width={width}>
        {rows.map((r, i) => (
          <Text key={i} color={tone} wrap="truncate">
            {r}
          </Text>
        ))}
        {hintLine}
      </Box>
    );
  const left = rows[0];
  // A status message wins over the screen's info when both do not fit: the info gives way (a message lasts one key).
  const infoRoom = Math.max(0, width - 1 - (left ? displayWidth(left) : 0));
  const right = fit(safeText(info), infoRoom);
  const room = Math.max(0, width - displayWidth(right) - 1);
  return (
    <Box flexDirection="column" width={width}>
      <Box width={width} height={1} overflow="hidden">
        <Text color={tone} wrap="truncate">
          {fit(left, room, true)}
        </Text>
        <Text color={theme.text.muted} wrap="truncate">
          {" "}
          {right}
        </Text>
      </Box>
      {hintLine}
    </Box>
  );
}
