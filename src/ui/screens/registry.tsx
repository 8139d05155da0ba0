// The screens, in tab order. Adding one: a file in this folder and a row here.
import { sessionsScreen } from "./sessions-screen.js";
import { treeScreen } from "./tree-screen.js";
import { feedbackScreen } from "./feedback-screen.js";
import { digestsScreen } from "./digests-screen.js";
import { searchScreen } from "./search-screen.js";
import { statsScreen } from "./stats-screen.js";
import type { ScreenDef } from "./screen.js";

export const SCREENS: readonly ScreenDef[] = [sessionsScreen, treeScreen, feedbackScreen, digestsScreen, searchScreen, statsScreen];

export function screenById(id: string): ScreenDef {
  return SCREENS.find((s) => s.id === id) ?? SCREENS[0];
}
