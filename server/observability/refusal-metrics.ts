import "server-only";
import { counterMetric } from "./metrics";

/**
 * Every limiter that refuses requests, by the name its refusals are counted
 * under: a fixed list, so the label stays bounded (no address, key or
 * username ever becomes a label value).
 */
export type RateLimiterName =
  /** The service: an api_key's requests per second, and per UTC day. */
  | "api-key-rate"
  | "api-key-daily"
  /** The service: a client address's requests to a token service (login pages, grant, secure key, revocation). */
  | "token-service"
  /** The service: developer sign-ins and sign-ups per address (and sign-ups in all), a sandbox's test events and replays. */
  | "developer-sign-in"
  | "developer-sign-up"
  | "webhook-test-events"
  /** The portal: sign-ins started, registrations and staff sign-ins per client address. */
  | "portal-sign-in"
  | "portal-register"
  | "portal-staff-sign-in";

/** Where someone signs in with a password: the service's member login pages, the staff console, the developer console. */
export type SignInSurface = "member" | "staff" | "developer";

/**
 * Why a sign-in with well-formed credentials was refused: the credentials
 * were wrong, the username is locked after too many failures, or the right
 * password belongs to an account that may not sign in (disabled, blocked,
 * expired password). A limiter's refusal is counted as a rate-limit refusal.
 */
export type SignInRefusalReason = "incorrect" | "locked" | "account-refused";

const rateLimitRefusals = () =>
  counterMetric({
    name: "rate_limit_refusals_total",
    help: "Requests a rate limit refused, by limiter.",
    labelNames: ["limiter"] as const,
  });

const signInRefusals = () =>
  counterMetric({
    name: "sign_in_refusals_total",
    help: "Sign-ins refused, by surface (member, staff, developer) and reason.",
    labelNames: ["surface", "reason"] as const,
  });

export function countRateLimitRefusal(limiter: RateLimiterName): void {
  rateLimitRefusals().inc({ limiter });
}

export function countSignInRefusal(surface: SignInSurface, reason: SignInRefusalReason): void {
  signInRefusals().inc({ surface, reason });
}

/** Makes both counters, so a scrape shows them (at zero) before the first refusal. */
export function registerRefusalMetrics(): void {
  rateLimitRefusals();
  signInRefusals();
}
