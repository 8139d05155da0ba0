// How Claude Code was started, as it says itself: each transcript line's
// `entrypoint` and, in the environment it gives its hooks,
// CLAUDE_CODE_ENTRYPOINT (checked in Claude Code 2.1.332: a hook of
// `claude -p` sees `sdk-cli`, of the terminal `cli`). `cli` is the terminal,
// `claude-vscode` an IDE, `claude-desktop` the desktop app, `sdk-ts`/`sdk-py`
// a program through the Agent SDK (real ones relay what their user typed),
// and `sdk-cli` print mode: what scripts and plugins run (a memory plugin's
// observer), one prompt handed to it and no terminal. Such a headless run's
// prompts are the program's, never a person's feedback. One rule for the
// reader (a session's header, what import-session reads) and the live hook.

/** The run was headless: Claude Code's print mode (`claude -p`). */
export const isHeadlessEntrypoint = (entrypoint: string | null | undefined): boolean => entrypoint === "sdk-cli";
