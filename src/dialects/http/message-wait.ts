/**
 * The wait a provider's message asks for in words: OpenAI's and Groq's rate-limit messages end
 * with `Please try again in 2.5s` (also `20ms`, `1m30.5s`; platform.openai.com/docs/guides/
 * rate-limits, console.groq.com/docs/rate-limits), the only trace of the reset headers once a
 * body travels alone or is printed.
 */
const TRY_AGAIN_IN = /\btry again in (?:(\d+)m)?(?:(\d+(?:\.\d+)?)(ms|s))?\b/i;

/** The wait `message` asks for, in milliseconds, or `undefined`. */
export function waitInMessage(message: string): number | undefined {
  const wait = TRY_AGAIN_IN.exec(message);
  if (wait === null || (wait[1] === undefined && wait[2] === undefined)) return undefined;
  const minutes = Number(wait[1] ?? 0) * 60_000;
  const rest = Number(wait[2] ?? 0) * (wait[3] === 'ms' ? 1 : 1000);
  return Math.ceil(minutes + rest);
}
