/**
 * What the CLI encodes with: no unexpected-error line on stderr. The CLI is the one explaining
 * the error, in its report; a line per protocol about the same error would only be noise.
 */
export const QUIET = Object.freeze({
  onError(): void {
    // The report says it all.
  },
});
