import type { Command } from "../command.js";
import { lsCommand } from "./ls.js";
import { treeCommand } from "./tree.js";
import { contextCommand } from "./context.js";
import { showCommand } from "./show.js";
import { labelCommand } from "./label.js";
import { continueCommand } from "./continue.js";
import { forkCommand } from "./fork.js";
import { renameCommand } from "./rename.js";
import { searchCommand } from "./search.js";

/** Agent-session commands: ls, tree, context, show (and the write actions). */
export const sessionCommands: Command[] = [lsCommand, treeCommand, contextCommand, showCommand, labelCommand, continueCommand, forkCommand, renameCommand, searchCommand];
