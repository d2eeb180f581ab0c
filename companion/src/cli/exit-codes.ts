/** What a script reads from the exit status (the README's "Command line" lists them). */
export const EXIT = {
  /** Everything landed or was already there (a dry run: planned without a failure; a check: every zone ready). */
  ok: 0,
  /** The run finished, and some records failed (a check: some zone is not ready). */
  failed: 1,
  /** The command line or the credentials are wrong; nothing was done. */
  usage: 2,
  /** The target or the source could not be reached. */
  unreachable: 3,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Stops a command with a message for the person at the terminal and the exit code a script reads. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(EXIT.usage, message);
