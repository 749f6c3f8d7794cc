/** One rate-limit policy applied to one request: the draft IETF RateLimit fields' `q`, `w`, `r`, `t`. */
export interface RateLimitDecision {
  allowed: boolean;
  /** The policy's name in the RateLimit fields, e.g. `rate` or `daily`. */
  policy: string;
  limit: number;
  windowSeconds: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

/**
 * `RateLimit-Policy` (every policy) and `RateLimit` (the one nearest to its
 * limit) as draft-ietf-httpapi-ratelimit-headers defines them, with
 * `Retry-After` (RFC 9110) when the request is refused.
 */
export function rateLimitHeaders(decisions: readonly RateLimitDecision[]): Record<string, string> {
  if (decisions.length === 0) return {};
  const refused = decisions.find((decision) => !decision.allowed);
  const nearest =
    refused ?? decisions.reduce((closest, decision) => (decision.remaining < closest.remaining ? decision : closest));
  return {
    "RateLimit-Policy": decisions
      .map((decision) => `"${decision.policy}";q=${decision.limit};w=${decision.windowSeconds}`)
      .join(", "),
    RateLimit: `"${nearest.policy}";r=${Math.max(0, nearest.remaining)};t=${nearest.resetSeconds}`,
    ...(refused ? { "Retry-After": String(refused.resetSeconds) } : {}),
  };
}
