import type { CommandEntry } from "../command.js";

/** Agent-session commands: ls, tree, context, show, the write actions, export, search. Loaded on use, so one command never pays for the others. */
export const sessionCommands: CommandEntry[] = [
  { name: "ls", summary: "list sessions, newest activity first (this project's, --all, or --cwd DIR)", load: async () => (await import("./ls.js")).lsCommand },
  { name: "tree", summary: "print a session's tree (text like the browser's, or --json)", load: async () => (await import("./tree.js")).treeCommand },
  { name: "context", summary: "what the model sees at the leaf (or at --leaf ID)", load: async () => (await import("./context.js")).contextCommand },
  { name: "show", summary: "print one entry in full", load: async () => (await import("./show.js")).showCommand },
  { name: "label", summary: "set (or, without TEXT, clear) the label of an entry", load: async () => (await import("./label.js")).labelCommand },
  { name: "continue", summary: "move the agent's position to an entry (appends a branch summary)", load: async () => (await import("./continue.js")).continueCommand },
  { name: "fork", summary: "write a new session holding the path to an entry; prints its path", load: async () => (await import("./fork.js")).forkCommand },
  { name: "rename", summary: "rename a session, in the file's dialect", load: async () => (await import("./rename.js")).renameCommand },
  { name: "resume", summary: "start the session's agent on it again, in the session's cwd (--print: only print the command)", load: async () => (await import("./resume.js")).resumeCommandCli },
  { name: "export", summary: "write the path to an entry as Markdown, a self-contained HTML page or a session JSONL", load: async () => (await import("./export.js")).exportCommand },
  { name: "stats", summary: "tokens and cost by session, model, project, day or branch (table or --json)", load: async () => (await import("./stats.js")).statsCommand },
  { name: "compare", summary: "compare two branches or two sessions from their common point (messages, files, commands, cost)", load: async () => (await import("./compare.js")).compareCommand },
  { name: "keep", summary: "keep every session: mirror every agent's session files into an archive (opt-in; --enable, --status, --now)", load: async () => (await import("./keep.js")).keepCommand },
  { name: "doctor", summary: "list the session shapes this version does not recognise, per agent and version (for a bug report)", load: async () => (await import("./doctor.js")).doctorCommand },
  { name: "search", summary: "search the text of every session (ranked; phrases, prefixes, cwd:/role:/label: filters)", load: async () => (await import("./search.js")).searchCommand },
];
