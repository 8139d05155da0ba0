// Typed errors with messages a user can act on. The CLI maps `exitCode` to the
// process status; the UI shows `message` in its status line.

export class OmpSessionsError extends Error {
  override name = "OmpSessionsError";
  constructor(
    message: string,
    readonly exitCode: number = 1,
  ) {
    super(message);
  }
}

/** Not a session file, no such file, or no such entry (exit 3). */
export class SessionError extends OmpSessionsError {
  override name = "SessionError";
  constructor(message: string) {
    super(message, 3);
  }
}

/**
 * A dialect's record that makes its whole source unreadable (not this agent's
 * format after all, a database it cannot open): the source is not a session (exit 3).
 */
export class DialectError extends SessionError {
  override name = "DialectError";
}

/** A write refused because the file changed under us or a live agent holds it (exit 4). */
export class WriteRefusedError extends OmpSessionsError {
  override name = "WriteRefusedError";
  constructor(message: string) {
    super(message, 4);
  }
}
