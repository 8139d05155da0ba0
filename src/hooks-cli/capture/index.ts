import type { Command } from "../command.js";
import { captureCommand, capturedCommand, digestCommand, rehydrateCommand, reindexCommand } from "./capture.js";
import { feedbackCommand } from "./feedback.js";
import { hookCommand } from "./hook-command.js";
import { importSessionCommand } from "./import-session.js";
import { promoteCommand } from "./promote.js";
import { disableCommand, enableCommand, statusCommand } from "./settings.js";

/** Capture-store commands (hook, enable, disable, status, captured, feedback …). */
export const captureCommands: Command[] = [
  hookCommand,
  enableCommand,
  disableCommand,
  statusCommand,
  captureCommand,
  capturedCommand,
  digestCommand,
  rehydrateCommand,
  promoteCommand,
  feedbackCommand,
  importSessionCommand,
  reindexCommand,
];
