// Capture-side failures with the exit status the CLI maps them to: the same
// base as every other expected failure of the core (`exitCode` is what callers read).
import { OmpSessionsError } from "../errors.js";

export class CaptureError extends OmpSessionsError {
  override name = "CaptureError";
}

/** Invalid configuration (exit 2): the llm-wiki config, wikis.json. */
export class CaptureConfigError extends CaptureError {
  override name = "CaptureConfigError";
  constructor(message: string) {
    super(message, 2);
  }
}

/** No such session, candidate, digest or topic directory (exit 3). */
export class CaptureNotFoundError extends CaptureError {
  override name = "CaptureNotFoundError";
  constructor(message: string) {
    super(message, 3);
  }
}

/** Refused: the note exists without --force, or the candidate is already promoted (exit 4). */
export class CaptureRefusedError extends CaptureError {
  override name = "CaptureRefusedError";
  constructor(message: string) {
    super(message, 4);
  }
}
