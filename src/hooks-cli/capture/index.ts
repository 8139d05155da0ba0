import type { Command } from "../command.js";

/** Capture-store commands (enable, disable, status, captured, feedback …). Filled in by the capture work. */
export const captureCommands: Command[] = [];
