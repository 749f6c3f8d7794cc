/** The fixed window of `windowSeconds` holding `now`, aligned on the Unix epoch (so a day is a UTC day). */
export function fixedWindow(now: Date, windowSeconds: number): { start: Date; end: Date } {
  const length = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / length) * length;
  return { start: new Date(start), end: new Date(start + length) };
}

/** Whole seconds from `now` to `until`, at least 1: a `Retry-After` or `t=` value. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
