import { createHash, timingSafeEqual } from "node:crypto";

/**
 * Who may read /metrics. With METRICS_TOKEN set, in either mode, only a
 * request whose Authorization is `Bearer <that token>` ("refused" otherwise,
 * 401). Without it, the sandbox serves them to anyone ("open": they hold
 * counts and timings, never a member's or partner's data beyond the
 * partners' identifiers), and live mode serves no metrics at all
 * ("not-served", 404, as at any path the app does not have).
 */
export type MetricsAccess = "open" | "allowed" | "refused" | "not-served";

export function metricsAccess(
  config: { APP_MODE: "sandbox" | "live"; METRICS_TOKEN?: string },
  authorization: string | null,
): MetricsAccess {
  const token = config.METRICS_TOKEN;
  if (token === undefined) return config.APP_MODE === "live" ? "not-served" : "open";
  const presented = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
  return presented !== undefined && sameSecret(presented, token) ? "allowed" : "refused";
}

/** Compared as SHA-256 digests of equal length, in constant time: the time taken tells nothing of the token. */
function sameSecret(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
