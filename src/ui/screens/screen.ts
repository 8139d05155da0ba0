// What a screen provides to the app shell.
import type { FC } from "react";
import type { Action, Scope } from "../keymap.js";
import type { AppState } from "../state/store.js";
import type { Stores } from "../state/stores.js";
import type { ScreenId } from "./ids.js";

export interface ScreenProps {
  width: number;
  height: number;
}

export interface ScreenDef {
  id: ScreenId;
  /** The key that switches to it (also its tab number). */
  tab: string;
  title: string;
  /** Its own bindings' scope in the key table. */
  scope?: Scope;
  /** While its query line takes keystrokes (`searching`), only this scope's bindings apply (and show in the footer). */
  queryScope?: Scope;
  /** A printable key that is no command starts its search (pi's /resume). */
  typeToSearch?: boolean;
  /** It draws a cursor list, so the "list" bindings (move, search, …) apply. */
  list?: boolean;
  Component: FC<ScreenProps>;
  /** While true, every key goes to `onKey` (the screen's search line or prompt), not the key table. */
  ownsInput?(ui: Stores): boolean;
  onKey?(input: string, name: string, ui: Stores): void;
  /** While it owns the keys: they go to a text line (a prompt, a query line), so a paste goes there whole. */
  takesText?(ui: Stores): boolean;
  /** Handles an action from the key table; return false to let the shell try. */
  onAction?(action: Action, ui: Stores): boolean;
  /** Right-hand side of the status line. */
  info?(state: AppState): string;
  /** Can be switched to right now (e.g. the tree needs an open session). */
  available?(state: AppState): string | null;
}
