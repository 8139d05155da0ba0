// Words for a POSIX shell: what the resume line and the installed hook
// commands are made of, quoted only where a shell would split or expand them;
// and for Windows' cmd, the resume line's there.
const PLAIN = /^[A-Za-z0-9_/.,:=@%+-]+$/;

/** One word as a POSIX shell reads it back. */
export function shellWord(s: string): string {
  return PLAIN.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

const CMD_PLAIN = /^[A-Za-z0-9_\\/.,:=@+-]+$/;

/**
 * One word as Windows' cmd passes it on: in double quotes when it holds a
 * space or a character cmd acts on. A Windows path holds no `"`; `%NAME%`
 * is still expanded inside quotes (cmd has no quoting that stops it).
 */
export function cmdWord(s: string): string {
  return CMD_PLAIN.test(s) ? s : `"${s.replace(/"/g, '""')}"`;
}
