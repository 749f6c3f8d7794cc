import { sandboxTimeHeader } from "@/lib/contract/sandbox-time";

/**
 * The time a partner's rules read. Real time for every live key and for
 * every partner that is not a developer's sandbox; a developer sandbox's
 * clock runs `offsetMs` ahead of it (read-sandbox-clock.ts). Time keeps
 * flowing on a moved clock, so a token's hour still lasts an hour.
 */
export interface SandboxClock {
  /** Milliseconds ahead of real time (0: real time). */
  readonly offsetMs: number;
  /** Whether the clock was moved: answers made on it carry `X-Sandbox-Time`. */
  readonly moved: boolean;
  now(): Date;
}

/** `realNow` for tests; by default the global `Date.now` of the moment asked (fake timers move it). */
export function clockWithOffset(offsetMs: number, realNow?: () => number): SandboxClock {
  return { offsetMs, moved: offsetMs > 0, now: () => new Date((realNow ? realNow() : Date.now()) + offsetMs) };
}

/** The clock of the Demo Partner, of every live key and of every real partner. */
export const realClock: SandboxClock = clockWithOffset(0);

/** The header's value: the sandbox's time to the millisecond, in UTC (ISO 8601). */
export function sandboxTimeHeaders(clock: SandboxClock, at: Date = clock.now()): Record<string, string> {
  return clock.moved ? { [sandboxTimeHeader]: at.toISOString() } : {};
}
