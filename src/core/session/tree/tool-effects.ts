// What a tool call did to the world, by its name and arguments: files read,
// files changed, commands run. Every agent's calls reach us in pi's shape
// (a toolCall block with a name and arguments), so one table covers pi and
// omp (read/edit/write/bash), Claude Code (Read/Edit/Write/MultiEdit/Bash),
// Codex (apply_patch, shell, exec_command), Gemini (read_file, replace,
// run_shell_command) and OpenCode (read/edit/write/bash with filePath).
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export interface ToolEffects {
  read: string[];
  changed: string[];
  commands: string[];
}

const READ_TOOLS: ReadonlySet<string> = new Set(["read", "read_file", "readfile", "read_many_files", "view", "cat", "notebookread"]);
const WRITE_TOOLS: ReadonlySet<string> = new Set(["write", "edit", "write_file", "edit_file", "multiedit", "multi_edit", "replace", "create", "notebookedit"]);
const PATCH_TOOLS: ReadonlySet<string> = new Set(["apply_patch", "applypatch", "patch"]);
const SHELL_TOOLS: ReadonlySet<string> = new Set(["bash", "shell", "sh", "exec", "run", "terminal", "run_shell_command", "shell_command", "exec_command", "local_shell"]);

/** The file paths a file tool's arguments name. */
export function toolPaths(args: Obj): string[] {
  for (const k of ["path", "file_path", "filePath", "absolute_path", "notebook_path", "file", "target_file"]) if (typeof args[k] === "string" && args[k]) return [args[k] as string];
  if (Array.isArray(args.paths)) return args.paths.filter((p): p is string => typeof p === "string");
  return [];
}

/** The files a patch in Codex's format (`*** Update File: x`) adds, updates, deletes or moves to. */
export function patchPaths(patch: string): string[] {
  const out: string[] = [];
  for (const m of patch.matchAll(/^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm)) out.push(m[1].trim());
  return out;
}

/** A shell call's command line: a string, or an argv array (`["bash", "-lc", "…"]` gives the script). */
function commandOf(args: Obj): string {
  const c = args.command ?? args.cmd;
  if (typeof c === "string") return c;
  if (!Array.isArray(c) || !c.every((x) => typeof x === "string")) return "";
  const argv = c as string[];
  if (argv.length === 3 && /(^|\/)(ba|z)?sh$/.test(argv[0]) && /^-l?c$/.test(argv[1])) return argv[2];
  return argv.join(" ");
}

/** What one tool call read, changed or ran. */
export function toolEffects(name: string, args: unknown): ToolEffects {
  const n = name.toLowerCase();
  const a = isObj(args) ? args : {};
  const fx: ToolEffects = { read: [], changed: [], commands: [] };
  if (READ_TOOLS.has(n)) fx.read = toolPaths(a);
  else if (WRITE_TOOLS.has(n)) fx.changed = toolPaths(a);
  else if (PATCH_TOOLS.has(n)) {
    const text = typeof a.input === "string" ? a.input : typeof a.patch === "string" ? a.patch : typeof a.patchText === "string" ? a.patchText : "";
    fx.changed = patchPaths(text);
  } else if (SHELL_TOOLS.has(n)) {
    const cmd = commandOf(a);
    // Codex edits files through its shell tool too: `apply_patch <<'EOF' *** Begin Patch …`.
    if (cmd.includes("*** Begin Patch")) fx.changed = patchPaths(cmd);
    else if (cmd) fx.commands = [cmd];
  }
  return fx;
}
