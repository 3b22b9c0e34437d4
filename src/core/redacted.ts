/** The replacement for anything redacted. */
export const REDACTED = '[REDACTED]';
