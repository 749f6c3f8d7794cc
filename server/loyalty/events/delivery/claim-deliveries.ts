import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";

export interface ClaimedDelivery {
  deliveryId: bigint;
  leaseToken: string;
  /** This attempt's number since the delivery was (re)queued: 1 for the first. */
  attempt: number;
  eventId: string;
  eventType: string;
  eventData: unknown;
  eventTest: boolean;
  eventCreatedAt: Date;
  url: string;
  secrets: string[];
}

/**
 * Claims due deliveries in one short transaction: `FOR UPDATE SKIP LOCKED`
 * so instances on one PostgreSQL never wait for or take each other's rows,
 * then a lease (token and time) that outlives the transaction and the
 * attempt's count, so a worker killed mid-post leaves a delivery that
 * another pass takes again once the lease ends (at-least-once). The post
 * itself happens after the commit.
 */
export async function claimDeliveries(
  db: Database,
  now: Date,
  options: { leaseMs: number; batch: number },
): Promise<ClaimedDelivery[]> {
  const lockedUntil = new Date(now.getTime() + options.leaseMs);
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      WITH due AS (
        SELECT d.id FROM loyalty.webhook_deliveries d
        JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.state = 'pending' AND d.next_attempt_at <= ${now.toISOString()}::timestamptz
          AND (d.locked_until IS NULL OR d.locked_until < ${now.toISOString()}::timestamptz)
          AND e.enabled
        ORDER BY d.next_attempt_at
        LIMIT ${options.batch}
        FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE loyalty.webhook_deliveries d
      SET lease_token = gen_random_uuid(), locked_until = ${lockedUntil.toISOString()}::timestamptz,
        attempts = d.attempts + 1, updated_at = ${now.toISOString()}::timestamptz
      FROM due
      WHERE d.id = due.id
      RETURNING d.id, d.lease_token, d.attempts, d.event_id, d.endpoint_id`);
    const claimed = rowsOf<{
      id: string | number | bigint;
      lease_token: string;
      attempts: number;
      event_id: string;
      endpoint_id: number;
    }>(result);
    if (claimed.length === 0) return [];
    const details = rowsOf<{
      delivery_id: string | number | bigint;
      type: string;
      data: unknown;
      test: boolean;
      created_at: string | Date;
      url: string;
      secret: string;
      previous_secret: string | null;
      previous_secret_expires_at: string | Date | null;
    }>(
      await tx.execute(sql`
        SELECT d.id AS delivery_id, ev.type, ev.data, ev.test, ev.created_at, e.url, e.secret,
          e.previous_secret, e.previous_secret_expires_at
        FROM loyalty.webhook_deliveries d
        JOIN loyalty.webhook_events ev ON ev.id = d.event_id
        JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id IN (${sql.join(
          claimed.map((row) => sql`${String(row.id)}::bigint`),
          sql`, `,
        )})`),
    );
    const byId = new Map(details.map((row) => [String(row.delivery_id), row]));
    return claimed.flatMap((row) => {
      const detail = byId.get(String(row.id));
      if (!detail) return [];
      const previousValid =
        detail.previous_secret !== null &&
        detail.previous_secret_expires_at !== null &&
        new Date(detail.previous_secret_expires_at) > now;
      return [
        {
          deliveryId: BigInt(row.id),
          leaseToken: row.lease_token,
          attempt: Number(row.attempts),
          eventId: row.event_id,
          eventType: detail.type,
          eventData: typeof detail.data === "string" ? JSON.parse(detail.data) : detail.data,
          eventTest: detail.test,
          eventCreatedAt: new Date(detail.created_at),
          url: detail.url,
          secrets: previousValid ? [detail.secret, detail.previous_secret as string] : [detail.secret],
        },
      ];
    });
  });
}
