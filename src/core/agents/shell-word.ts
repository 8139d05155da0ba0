// Words for a POSIX shell: what the resume line and the installed hook
// commands are made of, quoted only where a shell would split or expand them.
const PLAIN = /^[A-Za-z0-9_/.,:=@%+-]+$/;

/** One word as a POSIX shell reads it back. */
export function shellWord(s: string): string {
  return PLAIN.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
