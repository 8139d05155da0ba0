// Every key binding, as data. The input handler, the footer hints and the `?`
// help overlay all read this one table, so help can never drift from behaviour.
import { AGENT_IDS } from "../core/session/index.js";

/**
 * Every action a key can do. The table below, the dispatcher and every
 * screen's handler take an `Action`, so a typo or an action nobody binds is a
 * compile error rather than a key that silently does nothing.
 */
export const ACTIONS = [
  "screen",
  "help",
  "help.up",
  "help.down",
  "help.pageUp",
  "help.pageDown",
  "help.top",
  "help.bottom",
  "back",
  "quit",
  "cursor.up",
  "cursor.down",
  "cursor.pageUp",
  "cursor.pageDown",
  "cursor.first",
  "cursor.last",
  "search",
  "search.typed",
  "search.keep",
  "search.clear",
  "search.open",
  "search.stop",
  "search.reindex",
  "search.leave",
  "focus",
  "open",
  "sort",
  "scope",
  "agent",
  "host",
  "resume",
  "named",
  "paths",
  "path.copy",
  "delete",
  "delete.yes",
  "delete.no",
  "detail",
  "context",
  "filter.default",
  "filter.no-tools",
  "filter.user-only",
  "filter.labeled-only",
  "filter.all",
  "filter.next",
  "filter.prev",
  "fold",
  "fold.up",
  "fold.down",
  "branch.prev",
  "branch.next",
  "label.prev",
  "label.next",
  "label.set",
  "label.time",
  "leaf",
  "stats.reload",
  "subagent.open",
  "parent.open",
  "mark",
  "compare",
  "compare.up",
  "compare.down",
  "compare.pageUp",
  "compare.pageDown",
  "compare.open",
  "compare.close",
  "continue",
  "fork",
  "rename",
  "undo",
  "export",
  "import",
  "review.promote",
  "review.edit",
  "review.dismiss",
  "review.undo",
  "review.select",
  "review.status",
  "review.type",
  "review.confidence",
  "review.open",
  "review.mode",
  "review.reload",
  "prompt.submit",
  "prompt.cancel",
  "edit.left",
  "edit.right",
  "edit.wordLeft",
  "edit.wordRight",
  "edit.home",
  "edit.end",
  "edit.backspace",
  "edit.deleteWord",
  "edit.deleteWordForward",
  "edit.killStart",
  "edit.killEnd",
  "edit.paste",
  "choose.text",
  "choose.auto",
  "choose.none",
  "choose.cancel",
  "confirm.yes",
  "confirm.no",
  "confirm.up",
  "confirm.down",
  "pick.open",
  "pick.cancel",
  "pane.up",
  "pane.down",
  "pane.pageUp",
  "pane.pageDown",
  "pane.top",
  "pane.bottom",
] as const;

export type Action = (typeof ACTIONS)[number];

/** Where a binding applies. "list" = any list screen (sessions, tree); "pane" = the detail/context pane has focus. */
export type Scope = "global" | "list" | "sessions" | "tree" | "tree-query" | "compare" | "feedback" | "digests" | "search" | "search-query" | "stats" | "pane" | "prompt" | "line" | "choose" | "confirm" | "delete" | "pick" | "help";

export interface Binding {
  action: Action;
  /** Key names as produced by `keyName` ("ctrl+d", "up", "space", "G"). */
  keys: string[];
  help: string;
  scope: Scope;
  /** Short label for the footer; absent: help overlay only. */
  hint?: string;
  /** How the footer writes the keys, when not just the first key. */
  hintKeys?: string;
  /** Works from anywhere: before an open prompt, query line or overlay takes the key. */
  anywhere?: boolean;
  /** Not a key but typed text ("other letters", "paste"): shown in help and docs, never matched. */
  typed?: boolean;
}

export const BINDINGS: readonly Binding[] = [
  { action: "screen", keys: ["1", "2", "3", "4", "5", "6"], help: "screens: 1 sessions · 2 tree · 3 feedback · 4 digests · 5 search · 6 stats (on the session list: while its search is empty)", scope: "global" },
  { action: "help", keys: ["?"], help: "this help", scope: "global", hint: "help" },
  { action: "back", keys: ["escape"], help: "clear the search, then close the pane, then go back", scope: "global", hint: "back" },
  { action: "quit", keys: ["q"], help: "quit (on the session list, in a prompt or a search line, q is typed: Esc or ^c there)", scope: "global", hint: "quit" },
  { action: "quit", keys: ["ctrl+c"], help: "quit from anywhere, even with a prompt or a search line open (nothing is written)", scope: "global", anywhere: true },

  { action: "cursor.up", keys: ["up", "k"], help: "previous row (wraps)", scope: "list" },
  { action: "cursor.down", keys: ["down", "j"], help: "next row (wraps)", scope: "list", hint: "move", hintKeys: "↑↓" },
  { action: "cursor.pageUp", keys: ["pageup", "left"], help: "page up", scope: "list" },
  { action: "cursor.pageDown", keys: ["pagedown", "right"], help: "page down", scope: "list" },
  { action: "cursor.first", keys: ["g", "home"], help: "first row", scope: "list" },
  { action: "cursor.last", keys: ["G", "end"], help: "last row", scope: "list" },
  { action: "search", keys: ["/"], help: "search this list (every word must match)", scope: "list", hint: "search" },
  { action: "focus", keys: ["tab"], help: "move focus between the list and the pane", scope: "list" },

  // The session list, as pi's /resume: every printable key is typed into its search (a digit or ? with the search
  // still empty switches screens or opens help), so its commands are Enter, Tab, Esc and ctrl keys.
  { action: "open", keys: ["enter"], help: "open the session under the cursor", scope: "sessions", hint: "open" },
  { action: "cursor.up", keys: ["up"], help: "previous session (wraps)", scope: "sessions" },
  { action: "cursor.down", keys: ["down"], help: "next session (wraps)", scope: "sessions", hint: "move", hintKeys: "↑↓" },
  { action: "cursor.pageUp", keys: ["pageup"], help: "page up", scope: "sessions" },
  { action: "cursor.pageDown", keys: ["pagedown"], help: "page down", scope: "sessions" },
  { action: "search.typed", keys: ["letters"], help: "every printable key searches (every word must match; a digit or ? with the search empty: screens, help)", scope: "sessions", hint: "search", hintKeys: "type", typed: true },
  { action: "search.clear", keys: ["escape"], help: "clear the search; with none, quit (as pi's /resume)", scope: "sessions", hint: "clear/quit" },
  { action: "resume", keys: ["ctrl+r"], help: "resume the session in its agent, in the session's cwd (pi, omp; claude, codex, gemini, opencode by session id)", scope: "sessions", hint: "resume" },
  { action: "scope", keys: ["tab"], help: "this project / all projects (pi's Tab)", scope: "sessions", hint: "all/project" },
  { action: "sort", keys: ["ctrl+s"], help: "sort: threaded (forks under their parent) · recent · project · size (pi's ^s)", scope: "sessions", hint: "sort" },
  { action: "host", keys: ["ctrl+o"], help: "host filter: every machine, then each machine listed in turn (archived sessions of other machines: omp-sessions keep --add-source)", scope: "sessions" },
  { action: "agent", keys: ["ctrl+g"], help: `agent filter: every agent, then each agent listed in turn (${AGENT_IDS.join(" · ")})`, scope: "sessions", hint: "agent" },
  { action: "named", keys: ["ctrl+n"], help: "named sessions only / all sessions (pi's ^n)", scope: "sessions" },
  { action: "paths", keys: ["ctrl+p"], help: "show each session's file path / hide it (pi's ^p)", scope: "sessions", hint: "paths" },
  { action: "path.copy", keys: ["ctrl+y"], help: "put the file path on the status line to select (printed again on exit)", scope: "sessions" },
  { action: "delete", keys: ["ctrl+d"], help: "move the session file to the trash (asks first; needs a trash command: trash, gio trash, trash-put)", scope: "sessions" },

  { action: "detail", keys: ["enter"], help: "show the entry in full", scope: "tree", hint: "detail" },
  { action: "context", keys: ["c"], help: "context view: what the model sees at this entry", scope: "tree", hint: "context" },
  { action: "filter.default", keys: ["ctrl+d"], help: "filter: default", scope: "tree" },
  { action: "filter.no-tools", keys: ["ctrl+t"], help: "filter: no tools", scope: "tree" },
  { action: "filter.user-only", keys: ["ctrl+u"], help: "filter: user only", scope: "tree" },
  { action: "filter.labeled-only", keys: ["ctrl+l"], help: "filter: labeled only", scope: "tree" },
  { action: "filter.all", keys: ["ctrl+a"], help: "filter: all", scope: "tree" },
  { action: "filter.next", keys: ["ctrl+o"], help: "next filter", scope: "tree", hint: "filter" },
  // ctrl+shift+o is pi's, but most terminals (and tmux) send it as ctrl+o: O is the key every terminal sends.
  { action: "filter.prev", keys: ["O", "ctrl+shift+o"], help: "previous filter", scope: "tree" },
  { action: "fold", keys: ["space", "z"], help: "fold / unfold the branch under the cursor", scope: "tree", hint: "fold" },
  { action: "branch.prev", keys: ["["], help: "previous branch point", scope: "tree" },
  { action: "branch.next", keys: ["]"], help: "next branch point", scope: "tree", hint: "branch" },
  { action: "label.prev", keys: ["{"], help: "previous labeled entry", scope: "tree" },
  { action: "label.next", keys: ["}"], help: "next labeled entry", scope: "tree" },
  { action: "leaf", keys: ["."], help: "go to the current leaf", scope: "tree", hint: "leaf" },
  { action: "label.set", keys: ["L"], help: "set or clear the label of the entry (prompt prefilled; empty clears)", scope: "tree", hint: "label" },
  { action: "continue", keys: ["b"], help: "continue from here (branch summary: type one, auto, or none)", scope: "tree" },
  { action: "fork", keys: ["f"], help: "fork the path to this entry into a new session", scope: "tree" },
  { action: "rename", keys: ["R"], help: "rename the session", scope: "tree" },
  { action: "resume", keys: ["r"], help: "resume the agent at this entry (not the leaf: continue from here first, then resume)", scope: "tree", hint: "resume" },
  { action: "undo", keys: ["u"], help: "undo: walks back through this run's writes, newest first (label, move, rename: appends the inverse); else the file's last label or move", scope: "tree" },
  { action: "export", keys: ["E"], help: "export the path to this entry as one HTML page (into the current directory; the status line says where)", scope: "tree" },
  { action: "import", keys: ["I"], help: "capture this session into the hub (import-session), then show its feedback", scope: "tree", hint: "capture" },
  { action: "fold.up", keys: ["ctrl+left", "alt+left"], help: "fold the branch, or jump to the start of the segment above (pi)", scope: "tree" },
  { action: "fold.down", keys: ["ctrl+right", "alt+right"], help: "unfold the branch, or jump to the next segment start (pi)", scope: "tree" },
  { action: "label.time", keys: ["T"], help: "show / hide when each label was set", scope: "tree" },
  { action: "path.copy", keys: ["y"], help: "put the session's file path on the status line to select (printed again on exit)", scope: "tree" },
  { action: "subagent.open", keys: ["o"], help: "open the subagent session this call started (Claude Code Agent/Task calls)", scope: "tree" },
  { action: "parent.open", keys: ["p"], help: "open the parent session (a subagent's spawner, a fork's source) at the entry this one came from", scope: "tree" },

  { action: "mark", keys: ["m"], help: "mark this entry for a compare (m on the marked entry unmarks it)", scope: "tree", hint: "mark" },
  { action: "compare", keys: ["="], help: "compare the marked entry with this one: two branches, a fork and its source, or two sessions", scope: "tree", hint: "compare" },

  // The compare view (m, then =).
  { action: "compare.up", keys: ["up", "k"], help: "previous message (both sides, A then B)", scope: "compare" },
  { action: "compare.down", keys: ["down", "j"], help: "next message", scope: "compare", hint: "move", hintKeys: "↑↓" },
  { action: "compare.pageUp", keys: ["pageup", "left"], help: "ten messages up (an opened message: scroll it up)", scope: "compare" },
  { action: "compare.pageDown", keys: ["pagedown", "right"], help: "ten messages down (an opened message: scroll it down)", scope: "compare" },
  { action: "compare.open", keys: ["enter"], help: "open the message in full (Enter again folds it)", scope: "compare", hint: "open" },
  { action: "compare.close", keys: ["escape", "="], help: "close the message, then the compare view", scope: "compare", hint: "close", hintKeys: "Esc" },

  // The tree's search line.
  { action: "search.keep", keys: ["enter"], help: "keep the search and go back to the tree's keys", scope: "tree-query", hint: "keep" },
  { action: "cursor.up", keys: ["up"], help: "previous match (wraps)", scope: "tree-query" },
  { action: "cursor.down", keys: ["down"], help: "next match (wraps)", scope: "tree-query", hint: "move", hintKeys: "↑↓" },
  { action: "search.clear", keys: ["escape"], help: "clear the search", scope: "tree-query", hint: "clear" },

  { action: "review.promote", keys: ["p"], help: 'promote to a topic (picker; "new topic" at the end)', scope: "feedback", hint: "promote" },
  { action: "review.edit", keys: ["e"], help: "edit the distilled lesson", scope: "feedback", hint: "edit" },
  { action: "review.dismiss", keys: ["x"], help: "dismiss (optional reason)", scope: "feedback", hint: "dismiss" },
  { action: "review.undo", keys: ["u"], help: "undo the last dismissal", scope: "feedback" },
  { action: "review.select", keys: ["space"], help: "select for a bulk promote / dismiss", scope: "feedback", hint: "select" },
  { action: "review.status", keys: ["s"], help: "cycle status filter: new · promoted · dismissed · all", scope: "feedback", hint: "status" },
  { action: "review.type", keys: ["t"], help: "cycle type filter: any · correction · preference · approval · decision · manual", scope: "feedback" },
  { action: "review.confidence", keys: ["c"], help: "cycle confidence filter: any · medium+ · high", scope: "feedback" },
  { action: "review.open", keys: ["o"], help: "open the agent session on the tree at that turn (any agent: its transcript, or the file with its session id)", scope: "feedback", hint: "open" },
  { action: "review.mode", keys: ["M"], help: "cycle capture mode: off (asks first) · capture-only · balanced · aggressive", scope: "feedback", hint: "mode" },
  { action: "review.reload", keys: ["r"], help: "re-read the capture store", scope: "feedback" },

  { action: "review.promote", keys: ["p"], help: "promote the session's digest to a topic", scope: "digests", hint: "promote" },
  { action: "review.open", keys: ["o"], help: "open the agent session on the tree (any agent: its transcript, or the file with its session id)", scope: "digests", hint: "open" },
  { action: "review.mode", keys: ["M"], help: "cycle capture mode: off (asks first) · capture-only · balanced · aggressive", scope: "digests", hint: "mode" },
  { action: "review.reload", keys: ["r"], help: "re-read the capture store", scope: "digests" },

  { action: "stats.reload", keys: ["r"], help: "read the figures again (sessions that changed since)", scope: "stats", hint: "reload" },
  { action: "pane.up", keys: ["up", "k"], help: "scroll up", scope: "stats" },
  { action: "pane.down", keys: ["down", "j"], help: "scroll down", scope: "stats", hint: "scroll", hintKeys: "↑↓" },
  { action: "pane.pageUp", keys: ["pageup", "left"], help: "page up", scope: "stats" },
  { action: "pane.pageDown", keys: ["pagedown", "right", "space"], help: "page down", scope: "stats" },
  { action: "pane.top", keys: ["g", "home"], help: "top", scope: "stats" },
  { action: "pane.bottom", keys: ["G", "end"], help: "bottom", scope: "stats" },

  { action: "search.open", keys: ["enter"], help: "open the session's tree at this entry", scope: "search", hint: "open" },
  { action: "search.stop", keys: ["escape"], help: "stop indexing, else clear the query, else go back", scope: "search", hint: "stop/back" },
  { action: "search.reindex", keys: ["r"], help: "update the index now (resumes a stopped build)", scope: "search", hint: "reindex" },

  { action: "search.open", keys: ["enter"], help: "open the session's tree at this entry", scope: "search-query", hint: "open" },
  { action: "cursor.up", keys: ["up"], help: "previous hit (wraps)", scope: "search-query" },
  { action: "cursor.down", keys: ["down"], help: "next hit (wraps)", scope: "search-query", hint: "move", hintKeys: "↑↓" },
  { action: "cursor.pageUp", keys: ["pageup"], help: "page up", scope: "search-query" },
  { action: "cursor.pageDown", keys: ["pagedown"], help: "page down", scope: "search-query" },
  { action: "search.stop", keys: ["escape"], help: "stop indexing, else clear the query, else go back", scope: "search-query", hint: "stop/back" },
  { action: "search.leave", keys: ["tab"], help: "leave the query line (then j/k, digits, ? and q work)", scope: "search-query", hint: "keys" },
  { action: "search.reindex", keys: ["ctrl+r"], help: "update the index now (resumes a stopped build)", scope: "search-query" },

  // The tree's write prompts (L b f R u): every write shows what it appends and waits for a yes.
  { action: "prompt.submit", keys: ["enter"], help: "accept the text and preview the change", scope: "prompt", hint: "preview" },
  { action: "prompt.cancel", keys: ["escape"], help: "cancel the prompt (nothing is written)", scope: "prompt", hint: "cancel" },

  // Every text line (the tree's label, name and summary prompts, the review screens' lesson, reason and topic name).
  { action: "edit.left", keys: ["left"], help: "caret one character left", scope: "line" },
  { action: "edit.right", keys: ["right"], help: "caret one character right", scope: "line" },
  { action: "edit.wordLeft", keys: ["alt+b", "ctrl+left", "alt+left"], help: "caret one word left", scope: "line" },
  { action: "edit.wordRight", keys: ["alt+f", "ctrl+right", "alt+right"], help: "caret one word right", scope: "line" },
  { action: "edit.home", keys: ["home", "ctrl+a"], help: "caret to the start", scope: "line" },
  { action: "edit.end", keys: ["end", "ctrl+e"], help: "caret to the end", scope: "line" },
  { action: "edit.backspace", keys: ["backspace"], help: "delete the character before the caret", scope: "line" },
  { action: "edit.deleteWord", keys: ["ctrl+w", "alt+backspace"], help: "delete the word before the caret", scope: "line" },
  { action: "edit.deleteWordForward", keys: ["alt+d"], help: "delete the word after the caret", scope: "line" },
  { action: "edit.killStart", keys: ["ctrl+u"], help: "delete everything before the caret", scope: "line" },
  { action: "edit.killEnd", keys: ["ctrl+k"], help: "delete everything from the caret on", scope: "line" },
  { action: "edit.paste", keys: ["paste"], help: "pasted text is inserted at the caret (control characters dropped; a pasted line end submits)", scope: "line", typed: true },
  { action: "choose.text", keys: ["t"], help: "type a summary of the branch being left", scope: "choose", hint: "type" },
  { action: "choose.auto", keys: ["a"], help: "generate a summary (shown before writing)", scope: "choose", hint: "auto" },
  { action: "choose.none", keys: ["n"], help: "no summary: only the position moves", scope: "choose", hint: "none" },
  { action: "choose.cancel", keys: ["escape"], help: "cancel the move (nothing is written)", scope: "choose", hint: "cancel" },
  { action: "confirm.yes", keys: ["enter", "y"], help: "yes: write what the preview shows (after a fork: open it)", scope: "confirm", hint: "yes", hintKeys: "Enter/y" },
  { action: "confirm.no", keys: ["escape", "n"], help: "no: cancel, the file stays byte for byte as it was", scope: "confirm", hint: "no", hintKeys: "Esc/n" },
  { action: "confirm.up", keys: ["up", "k"], help: "scroll the preview up", scope: "confirm" },
  { action: "confirm.down", keys: ["down", "j"], help: "scroll the preview down", scope: "confirm", hint: "scroll", hintKeys: "↑↓" },

  // The tree's subagent chooser (o on a call that started several subagents).
  { action: "cursor.up", keys: ["up", "k"], help: "previous subagent", scope: "pick" },
  { action: "cursor.down", keys: ["down", "j", "o"], help: "next subagent (o cycles)", scope: "pick", hint: "choose", hintKeys: "↑↓/o" },
  { action: "pick.open", keys: ["enter"], help: "open the subagent chosen (or type its number)", scope: "pick", hint: "open" },
  { action: "pick.cancel", keys: ["escape"], help: "close the chooser", scope: "pick", hint: "cancel" },

  // The session list's delete, waiting for its answer.
  { action: "delete.yes", keys: ["enter", "y"], help: "yes: move the session file to the trash", scope: "delete", hint: "trash it", hintKeys: "Enter/y" },
  { action: "delete.no", keys: ["escape", "n"], help: "no: keep it", scope: "delete", hint: "keep it", hintKeys: "Esc/n" },

  { action: "help.up", keys: ["up", "k"], help: "scroll the help up", scope: "help" },
  { action: "help.down", keys: ["down", "j"], help: "scroll the help down", scope: "help", hint: "scroll", hintKeys: "↑↓" },
  { action: "help.pageUp", keys: ["pageup", "left"], help: "help page up", scope: "help" },
  { action: "help.pageDown", keys: ["pagedown", "right", "space"], help: "help page down", scope: "help" },
  { action: "help.top", keys: ["g", "home"], help: "top of the help", scope: "help" },
  { action: "help.bottom", keys: ["G", "end"], help: "end of the help", scope: "help" },

  { action: "pane.up", keys: ["up", "k"], help: "scroll the pane up", scope: "pane" },
  { action: "pane.down", keys: ["down", "j"], help: "scroll the pane down", scope: "pane", hint: "scroll", hintKeys: "↑↓" },
  { action: "pane.pageUp", keys: ["pageup", "left"], help: "pane page up", scope: "pane" },
  { action: "pane.pageDown", keys: ["pagedown", "right", "space"], help: "pane page down", scope: "pane" },
  { action: "pane.top", keys: ["g", "home"], help: "top of the pane", scope: "pane" },
  { action: "pane.bottom", keys: ["G", "end"], help: "bottom of the pane", scope: "pane" },
  { action: "focus", keys: ["tab"], help: "back to the list", scope: "pane", hint: "focus list" },
];

/** Turns Ink's (input, key) into one key name, or "" for keys we never bind. */
export function keyName(
  input: string,
  key: {
    upArrow?: boolean;
    downArrow?: boolean;
    leftArrow?: boolean;
    rightArrow?: boolean;
    pageUp?: boolean;
    pageDown?: boolean;
    home?: boolean;
    end?: boolean;
    return?: boolean;
    escape?: boolean;
    tab?: boolean;
    backspace?: boolean;
    delete?: boolean;
    ctrl?: boolean;
    shift?: boolean;
    meta?: boolean;
  },
): string {
  if (key.upArrow) return "up";
  if (key.downArrow) return "down";
  // ctrl/alt+arrows are their own keys (word moves, pi's fold-or-jump); plain ones page.
  if (key.leftArrow) return key.ctrl ? "ctrl+left" : key.meta ? "alt+left" : "left";
  if (key.rightArrow) return key.ctrl ? "ctrl+right" : key.meta ? "alt+right" : "right";
  if (key.pageUp) return "pageup";
  if (key.pageDown) return "pagedown";
  if (key.home) return "home";
  if (key.end) return "end";
  if (key.return) return "enter";
  if (key.escape) return "escape";
  if (key.tab) return key.shift ? "shift+tab" : "tab";
  if (key.backspace || key.delete) return key.meta ? "alt+backspace" : "backspace";
  if (key.ctrl && input.length === 1) return `ctrl+${key.shift ? "shift+" : ""}${input.toLowerCase()}`;
  if (input === " ") return "space";
  // alt+letter arrives as ESC + letter (Ink strips the ESC and sets meta).
  if (key.meta) return input.length === 1 ? `alt+${input}` : "";
  return input.length === 1 ? input : "";
}

/** The binding a key has wherever the keyboard is (ctrl+c), or undefined. */
export function anywhereBinding(name: string): Binding | undefined {
  return name ? BINDINGS.find((b) => b.anywhere && b.keys.includes(name)) : undefined;
}

/** The binding for a key in the first scope (in priority order) that binds it. */
export function findBinding(name: string, scopes: readonly Scope[]): Binding | undefined {
  if (!name) return undefined;
  for (const scope of scopes) {
    const b = BINDINGS.find((x) => x.scope === scope && !x.typed && x.keys.includes(name));
    if (b) return b;
  }
  return undefined;
}

const KEY_GLYPHS: Record<string, string> = {
  up: "↑",
  down: "↓",
  left: "←",
  right: "→",
  pageup: "PgUp",
  pagedown: "PgDn",
  home: "Home",
  end: "End",
  enter: "Enter",
  escape: "Esc",
  tab: "Tab",
  space: "Space",
};

/** How a key is written in hints and help ("ctrl+d" → "^d"). */
export function keyLabel(name: string): string {
  if (KEY_GLYPHS[name]) return KEY_GLYPHS[name];
  if (name.startsWith("ctrl+shift+")) return `^⇧${name.slice(11)}`;
  if (name.startsWith("ctrl+")) return `^${keyLabel(name.slice(5))}`;
  if (name.startsWith("alt+")) return `alt+${keyLabel(name.slice(4))}`;
  return name;
}

/** Footer hints for the scopes in force, in table order, without duplicates. */
export function footerHints(scopes: readonly Scope[], leaveOut?: (action: Action) => boolean): { action: Action; keys: string; hint: string }[] {
  const out: { action: Action; keys: string; hint: string }[] = [];
  const seenKeys = new Set<string>();
  for (const scope of scopes) {
    for (const b of BINDINGS) {
      if (b.scope !== scope || !b.hint || leaveOut?.(b.action)) continue;
      if (b.keys.some((k) => seenKeys.has(k))) continue;
      b.keys.forEach((k) => seenKeys.add(k));
      out.push({ action: b.action, keys: b.hintKeys ?? keyLabel(b.keys[0]), hint: b.hint });
    }
  }
  return out;
}

/** The table's own keys, so overrides can be undone (tests, a reload). */
const DEFAULT_KEYS = BINDINGS.map((b) => b.keys.slice());

/** A binding's id in keybindings.json: its scope and action ("tree.fold", "list.cursor.down"). */
export const bindingId = (b: Binding): string => `${b.scope}.${b.action}`;

/** The bindings a user may rebind (ctrl+c always quits; typed text is not a key). */
export function rebindable(): Binding[] {
  return BINDINGS.filter((b) => !b.anywhere && !b.typed);
}

/**
 * Gives bindings the user's keys. A key taken this way leaves the other
 * bindings of the same scope, so the user's choice wins there. Keys must be
 * names `keyName` produces (see normalizeKeyName).
 */
export function applyKeyOverrides(overrides: ReadonlyMap<string, string[]>): void {
  for (const b of rebindable()) {
    const keys = overrides.get(bindingId(b));
    if (!keys) continue;
    for (const other of BINDINGS) {
      if (other !== b && other.scope === b.scope && !other.typed) other.keys = other.keys.filter((k) => !keys.includes(k));
    }
    b.keys = keys.slice();
  }
}

export function resetKeyOverrides(): void {
  BINDINGS.forEach((b, i) => {
    b.keys = DEFAULT_KEYS[i].slice();
  });
}

const NAMED_KEYS = new Set(["up", "down", "left", "right", "pageup", "pagedown", "home", "end", "enter", "escape", "tab", "shift+tab", "backspace", "space"]);
const ALIASES: Record<string, string> = { esc: "escape", return: "enter", pgup: "pageup", pgdn: "pagedown", del: "backspace", delete: "backspace" };

/** A key as written in keybindings.json ("shift+t", "Ctrl+N", "esc", "alt+b") as keyName writes it, or null. */
export function normalizeKeyName(raw: string): string | null {
  const s = raw.trim();
  if ([...s].length === 1) return s === " " ? "space" : s;
  const parts = s.split("+");
  const last = parts.pop()!;
  const mods = new Set(parts.map((p) => p.toLowerCase()).map((p) => (p === "meta" || p === "option" ? "alt" : p)));
  const base = [...last].length === 1 ? last : (ALIASES[last.toLowerCase()] ?? last.toLowerCase());
  if ([...mods].some((m) => m !== "ctrl" && m !== "alt" && m !== "shift")) return null;
  if (mods.size === 0) return NAMED_KEYS.has(base) ? base : null;
  const single = [...base].length === 1;
  if (mods.has("ctrl") && mods.has("alt")) return null;
  if (mods.has("ctrl")) {
    if (base === "left" || base === "right") return mods.has("shift") ? null : `ctrl+${base}`;
    if (!single) return null;
    return `ctrl+${mods.has("shift") ? "shift+" : ""}${base.toLowerCase()}`;
  }
  if (mods.has("alt")) {
    if (mods.has("shift") && single) return `alt+${base.toUpperCase()}`;
    if (mods.has("shift")) return null;
    return single || base === "left" || base === "right" || base === "backspace" ? `alt+${base}` : null;
  }
  // shift alone: a capital letter, or shift+tab.
  if (single) return base.toUpperCase();
  return base === "tab" ? "shift+tab" : null;
}
