// Claude Code's `#` shortcut saves a line the user typed into its memory file
// (CLAUDE.md) and records the turn as `<user-memory-input>NOTE</user-memory-input>`;
// its own transcript view draws it as `# NOTE`. The reader titles it so and
// capture takes it for a standing rule: both read it here.
const MEMORY_NOTE = /^\s*<user-memory-input>([\s\S]*?)<\/user-memory-input>\s*$/;

/** The note a turn saved to Claude Code's memory (trimmed), or null when the whole turn is not one or the note is empty. */
export function memoryNote(text: string): string | null {
  const m = MEMORY_NOTE.exec(text);
  const note = m ? m[1].trim() : "";
  return note ? note : null;
}
