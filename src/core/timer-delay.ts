/**
 * The longest delay `setTimeout` honours: 2^31 − 1 ms (about 24.8 days). Node fires a longer one
 * after 1 ms (with a `TimeoutOverflowWarning`) and browsers overflow the same way, so every
 * delay the library hands to a timer goes through {@link timerDelay} first.
 * @internal
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * `ms` made safe for `setTimeout`: at least 0, at most {@link MAX_TIMER_MS}, `NaN` as 0. A timer
 * clamped this way fires early, never late; callers that wait for longer check their deadline
 * again when it fires.
 * @internal
 */
export function timerDelay(ms: number): number {
  if (!(ms > 0)) return 0;
  return ms > MAX_TIMER_MS ? MAX_TIMER_MS : ms;
}
