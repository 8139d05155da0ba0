import type { Command } from "../command.js";

/** Agent-session commands: ls, tree, context, show (and the write actions). */
export const sessionCommands: Command[] = [];
