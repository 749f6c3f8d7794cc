import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import type { ClaimedDelivery } from "./claim-deliveries";
import type { PostOutcome } from "./post-webhook";
import { nextRetryDelayMs, parseRetryAfter, type RetryPolicy } from "./retry-schedule";

export type AttemptResult = "delivered" | "retry" | "failed" | "endpoint-disabled" | "lease-lost";

/**
 * Stores one attempt and what follows from it, in one transaction and only
 * while the claim still holds its lease (a worker whose lease ended records
 * nothing: another has the delivery). A 2xx delivers; 410 Gone fails the
 * delivery and turns the endpoint off; anything else waits the schedule's
 * next step (longer after 429, 502, 504) or fails once it is spent.
 */
export async function recordAttempt(
  db: Database,
  claim: ClaimedDelivery,
  outcome: PostOutcome,
  attemptedAt: Date,
  policy: RetryPolicy,
  random: () => number = Math.random,
): Promise<AttemptResult> {
  const status = outcome.status;
  const ok = status !== undefined && status >= 200 && status < 300;
  const gone = status === 410;
  const now = new Date(attemptedAt.getTime() + outcome.latencyMs);
  const delay =
    ok || gone
      ? undefined
      : nextRetryDelayMs(
          policy,
          claim.attempt,
          { status, retryAfterSeconds: parseRetryAfter(outcome.retryAfter, now) },
          random,
        );
  const result: Exclude<AttemptResult, "lease-lost"> = ok
    ? "delivered"
    : gone
      ? "endpoint-disabled"
      : delay === undefined
        ? "failed"
        : "retry";
  const state = result === "delivered" ? "delivered" : result === "retry" ? "pending" : "failed";
  const nextAttemptAt = delay === undefined ? now : new Date(now.getTime() + delay);

  return db.transaction(async (tx) => {
    const updated = rowsOf<{ endpoint_id: number }>(
      await tx.execute(sql`
        UPDATE loyalty.webhook_deliveries
        SET state = ${state}, next_attempt_at = ${nextAttemptAt.toISOString()}::timestamptz,
          lease_token = NULL, locked_until = NULL, updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${claim.deliveryId.toString()}::bigint AND lease_token = ${claim.leaseToken}::uuid
        RETURNING endpoint_id`),
    );
    const [row] = updated;
    if (!row) return "lease-lost";
    await tx.execute(sql`
      INSERT INTO loyalty.webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, response_excerpt)
      VALUES (${claim.deliveryId.toString()}::bigint, ${attemptedAt.toISOString()}::timestamptz, ${status ?? null},
        ${outcome.latencyMs}, ${outcome.excerpt.slice(0, 500)})`);
    if (gone) {
      await tx.execute(sql`
        UPDATE loyalty.webhook_endpoints
        SET enabled = false, disabled_reason = 'It answered 410 Gone, which asks for no more events.',
          updated_at = ${now.toISOString()}::timestamptz
        WHERE id = ${row.endpoint_id}`);
    }
    return result;
  });
}
