/** What went wrong, as `--json` reports it: `{ "error": { "code", "message" } }` on stderr. */
export type CliErrorCode =
  /** Bad arguments: an unknown command or option, a missing or invalid value. */
  | 'USAGE'
  /** Nothing to read: no argument, and stdin is a terminal. */
  | 'NO_INPUT'
  /** The input is empty or only whitespace. */
  | 'EMPTY_INPUT'
  /** The input is larger than the CLI reads. */
  | 'INPUT_TOO_LARGE'
  /** A file that cannot be read (missing, a directory, no permission), or stdin failed. */
  | 'UNREADABLE_INPUT'
  /** The input looks like JSON but does not parse. */
  | 'INVALID_JSON'
  /** The input was read, and there is no error in it. */
  | 'NO_ERROR_FOUND';

/** A problem with what the CLI was given: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code: CliErrorCode;
  /** The command's usage text, printed before the message (not with `--json`). */
  readonly usage: string | undefined;

  constructor(message: string, code: CliErrorCode = 'USAGE', usage?: string) {
    super(message);
    this.code = code;
    this.usage = usage;
  }
}
