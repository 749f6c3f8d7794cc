import "server-only";
import { env } from "@/server/config/env";

/** A limit on one of the portal's public forms: at most `limit` hits per client in each fixed window. */
export interface RateLimitRule {
  scope: "sign-in" | "register" | "staff-sign-in";
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends (at least 1). */
  retryAfterSeconds: number;
}

/** The limits of the sign-in start, of registration and of the staff sign-in, from the environment. */
export function rateLimitRules(): { signIn: RateLimitRule; register: RateLimitRule; staffSignIn: RateLimitRule } {
  const config = env();
  return {
    signIn: {
      scope: "sign-in",
      limit: config.PORTAL_SIGN_IN_LIMIT,
      windowSeconds: config.PORTAL_SIGN_IN_WINDOW_SECONDS,
    },
    register: {
      scope: "register",
      limit: config.PORTAL_REGISTER_LIMIT,
      windowSeconds: config.PORTAL_REGISTER_WINDOW_SECONDS,
    },
    staffSignIn: {
      scope: "staff-sign-in",
      limit: config.STAFF_SIGN_IN_LIMIT,
      windowSeconds: config.STAFF_SIGN_IN_WINDOW_SECONDS,
    },
  };
}

/** The start of the window holding `now`; windows are aligned on the epoch, so every instance agrees. */
export function windowStartOf(rule: RateLimitRule, now: Date): Date {
  const size = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/** Seconds from `now` until the window that began at `windowStart` ends, at least 1. */
export function secondsLeftInWindow(rule: RateLimitRule, windowStart: Date, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - now.getTime()) / 1000));
}
