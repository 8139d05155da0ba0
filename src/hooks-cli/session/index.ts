import type { Command } from "../command.js";
import { lsCommand } from "./ls.js";
import { treeCommand } from "./tree.js";
import { contextCommand } from "./context.js";
import { showCommand } from "./show.js";

/** Agent-session commands: ls, tree, context, show (and the write actions). */
export const sessionCommands: Command[] = [lsCommand, treeCommand, contextCommand, showCommand];
