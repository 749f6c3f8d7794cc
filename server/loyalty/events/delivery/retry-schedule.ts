/** Statuses that ask the sender to slow down: the next wait is doubled (or Retry-After, when longer). */
export const slowDownStatuses: ReadonlySet<number> = new Set([429, 502, 504]);

export interface RetryPolicy {
  /** Seconds before each retry; its length is the number of retries after the first attempt. */
  scheduleSeconds: readonly number[];
  /** Random spread added to a wait, as a fraction of it. */
  jitter: number;
}

/** Longest wait a Retry-After can ask for. */
const maxRetryAfterSeconds = 3_600;

/**
 * When to try again after the given failed attempt (1 = the first), or
 * undefined when the schedule is spent. Exponential back-off is the
 * schedule's shape; jitter spreads retries so an endpoint coming back is
 * not hit by every delivery at once.
 */
export function nextRetryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  answer: { status?: number; retryAfterSeconds?: number },
  random: () => number = Math.random,
): number | undefined {
  const base = policy.scheduleSeconds[attempt - 1];
  if (base === undefined) return undefined;
  let seconds = base;
  if (answer.status !== undefined && slowDownStatuses.has(answer.status)) {
    seconds = Math.max(base * 2, Math.min(answer.retryAfterSeconds ?? 0, maxRetryAfterSeconds));
  }
  return Math.round(seconds * 1000 * (1 + policy.jitter * random()));
}

/** Retry-After as seconds (delta form or HTTP date), when the answer carried one. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,7}$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
