// Key handling shared by the feedback and digests screens: their own search
// line and prompts take keystrokes (ownsInput/onKey); list moves, Tab and Esc
// act on the review store rather than the session browser's list.
import type { Action } from "../keymap.js";
import type { Stores } from "../state/stores.js";
import type { ReviewScreen } from "../state/review-store.js";

export function ownsInput(screen: ReviewScreen) {
  return (ui: Stores): boolean => {
    const r = ui.review.getState();
    return r.prompt !== null || r.searching === screen;
  };
}

/** A text prompt (lesson, reason, topic name) or the search line: a paste goes there whole. */
export function takesText(screen: ReviewScreen) {
  return (ui: Stores): boolean => {
    const r = ui.review.getState();
    const kind = r.prompt?.kind;
    return kind ? kind === "lesson" || kind === "reason" || kind === "new-topic" : r.searching === screen;
  };
}

export function onKey(screen: ReviewScreen) {
  return (input: string, name: string, ui: Stores): void => {
    const r = ui.review.getState();
    if (r.prompt) {
      if (name === "escape") {
        r.closePrompt();
        ui.app.getState().setStatus("cancelled");
      } else r.typePrompt(input, name);
      return;
    }
    const q = screen === "feedback" ? r.query : r.digestQuery;
    if (name === "escape") r.clearSearch(screen);
    else if (name === "enter") r.endSearch();
    else if (name === "backspace") r.typeSearch(q.slice(0, -1));
    else if (name === "up" || name === "down") r.move(screen, name);
    else if (name === "space") r.typeSearch(q + " ");
    // One printable key, or a pasted run; alt+key (name "", one char) is not text.
    else if (name.length === 1 || (name === "" && input.length > 1)) r.typeSearch(q + (name || input).replace(/[\u0000-\u001f\u007f]/g, ""));
  };
}

/** Moving, searching, Tab and Esc on a review screen; false for actions it leaves to the screen or the shell. */
export function listAction(screen: ReviewScreen, action: Action, ui: Stores): boolean {
  const r = ui.review.getState();
  const focused = r.pane[screen].focus;
  const page = Math.max(1, r.pageSize - 1);
  const moves: Partial<Record<Action, [Parameters<typeof r.move>[1], number | "top" | "bottom"]>> = {
    "cursor.up": ["up", -1],
    "cursor.down": ["down", 1],
    "cursor.pageUp": ["pageUp", -page],
    "cursor.pageDown": ["pageDown", page],
    "cursor.first": ["first", "top"],
    "cursor.last": ["last", "bottom"],
    "pane.up": ["up", -1],
    "pane.down": ["down", 1],
    "pane.pageUp": ["pageUp", -page],
    "pane.pageDown": ["pageDown", page],
    "pane.top": ["first", "top"],
    "pane.bottom": ["last", "bottom"],
  };
  const m = moves[action];
  if (m) {
    if (focused || action.startsWith("pane.")) r.scrollPane(screen, m[1]);
    else r.move(screen, m[0]);
    return true;
  }
  switch (action) {
    case "search":
      r.startSearch(screen);
      return true;
    case "focus":
      r.toggleFocus(screen);
      return true;
    case "review.reload":
      r.load();
      ui.app.getState().setStatus("re-read the capture store");
      return true;
    case "review.mode":
      r.cycleMode();
      return true;
    case "back": {
      const a = ui.app.getState();
      if (a.help) return false;
      if (screen === "feedback" ? r.query : r.digestQuery) r.clearSearch(screen);
      else if (screen === "feedback" && r.selected.size > 0) r.clearSelection();
      else if (screen === "feedback" && r.filters.session) r.setFilters({ session: null });
      else if (focused) r.toggleFocus(screen);
      else a.setScreen("sessions");
      return true;
    }
  }
  return false;
}
