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

/** Held by each claim's transaction, so claims on every instance take turns and count each other's leases. */
export const claimLockId = 7_304_210_002;

export interface ClaimOptions {
  leaseMs: number;
  /** The most deliveries this claim takes (the claimant's free posts). */
  batch: number;
  /** Deliveries of one partner leased at once, across every instance. */
  partnerInFlight: number;
  /** Deliveries to one endpoint leased at once, across every instance. */
  endpointInFlight: number;
}

/**
 * Claims due deliveries fairly, in one short transaction. Fair: the due
 * deliveries are taken round-robin, first across a partner's endpoints, then
 * across partners, the least busy partner first (a partner's deliveries
 * leased now count against its turn), and no partner or endpoint ever holds
 * more leases than its cap, so one slow endpoint, or one partner's ten,
 * holds a bounded share of the posts while everyone else's go on. The caps
 * count leases in the database (`locked_until` still ahead), and claims take
 * turns on an advisory lock, so they hold across instances exactly.
 * `FOR UPDATE SKIP LOCKED` skips rows another transaction is changing (a
 * replay, an attempt being recorded); the lease (token and time) outlives
 * the transaction and counts the attempt, so a worker killed mid-post
 * leaves a delivery that a later claim takes again once the lease ends
 * (at-least-once). The post itself happens after the commit.
 */
export async function claimDeliveries(db: Database, now: Date, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  const lockedUntil = new Date(now.getTime() + options.leaseMs);
  const at = sql`${now.toISOString()}::timestamptz`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${claimLockId})`);
    const result = await tx.execute(sql`
      WITH leased AS (
        SELECT d.endpoint_id, e.partner_id FROM loyalty.webhook_deliveries d
        JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.state = 'pending' AND d.locked_until >= ${at}
      ),
      endpoint_load AS (SELECT endpoint_id, count(*) AS leases FROM leased GROUP BY endpoint_id),
      partner_load AS (SELECT partner_id, count(*) AS leases FROM leased GROUP BY partner_id),
      due AS (
        SELECT d.id, d.endpoint_id, e.partner_id, d.next_attempt_at,
          row_number() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id) AS endpoint_turn
        FROM loyalty.webhook_deliveries d
        JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.state = 'pending' AND d.next_attempt_at <= ${at}
          AND (d.locked_until IS NULL OR d.locked_until < ${at})
          AND e.enabled
      ),
      within_endpoint_caps AS (
        SELECT due.id, due.next_attempt_at, coalesce(partner_load.leases, 0) AS partner_leases,
          row_number() OVER (
            PARTITION BY due.partner_id ORDER BY due.endpoint_turn, due.next_attempt_at, due.id
          ) AS partner_turn
        FROM due
        LEFT JOIN endpoint_load ON endpoint_load.endpoint_id = due.endpoint_id
        LEFT JOIN partner_load ON partner_load.partner_id = due.partner_id
        WHERE due.endpoint_turn + coalesce(endpoint_load.leases, 0) <= ${options.endpointInFlight}
      ),
      chosen AS (
        SELECT id FROM within_endpoint_caps
        WHERE partner_turn + partner_leases <= ${options.partnerInFlight}
        ORDER BY partner_turn + partner_leases, next_attempt_at, id
        LIMIT ${options.batch}
      ),
      locked AS (
        SELECT d.id FROM loyalty.webhook_deliveries d
        WHERE d.id IN (SELECT id FROM chosen) AND d.state = 'pending'
          AND (d.locked_until IS NULL OR d.locked_until < ${at})
        FOR UPDATE OF d SKIP LOCKED
      )
      UPDATE loyalty.webhook_deliveries d
      SET lease_token = gen_random_uuid(), locked_until = ${lockedUntil.toISOString()}::timestamptz,
        attempts = d.attempts + 1, updated_at = ${at}
      FROM locked
      WHERE d.id = locked.id
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
