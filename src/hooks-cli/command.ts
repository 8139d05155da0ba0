// The shape every non-interactive command shares, so `cli.ts` can list them in
// `--help` and dispatch without knowing what each one does.
export interface Command {
  name: string;
  /** One line for the command list in `omp-sessions --help`. */
  summary: string;
  /** Full usage text printed by `omp-sessions NAME --help`. */
  usage: string;
  /** Returns the process exit status (0 done, 1 failure, 2 usage, 3 not found, 4 refused). */
  run(argv: string[]): Promise<number>;
}

/** A command as the dispatcher lists it; its code loads only when it runs. */
export interface CommandEntry {
  name: string;
  /** Must equal the loaded command's summary (a test checks it). */
  summary: string;
  load(): Promise<Command>;
}

/** A usage error: the CLI prints the message and the command's usage, exit 2. */
export class UsageError extends Error {
  override name = "UsageError";
}
