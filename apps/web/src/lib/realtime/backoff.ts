/** The first reconnection waits about this long… */
export const RECONNECT_BASE_MS = 500;
/** …each failure doubles it, up to this ceiling. */
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnection attempt `attempt` (0 for the first): exponential from
 * 0.5 s to 30 s, with "equal jitter" (somewhere between half and all of the step), so a clinic's
 * worth of tabs that lost the server together do not all knock again in the same instant.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}
