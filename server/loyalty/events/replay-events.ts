import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";

/**
 * Queues one of the partner's events again, with its own id, for every
 * enabled endpoint of the partner that wants its type (also endpoints added
 * since). Undefined when the event is not the partner's. The endpoints are
 * chosen as the trigger `webhook_events_fan_out` chose them when the event
 * was written (loyalty migration 0013_fan_out_only_when_subscribed.sql).
 */
export async function replayEvent(
  db: Database,
  partnerId: number,
  eventId: string,
  now: Date,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [event] = rowsOf<{ type: string }>(
      await tx.execute(
        sql`SELECT type FROM loyalty.webhook_events WHERE id = ${eventId} AND partner_id = ${partnerId}`,
      ),
    );
    if (!event) return undefined;
    const queued = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO loyalty.webhook_deliveries (event_id, endpoint_id, next_attempt_at)
        SELECT ${eventId}, e.id, ${now.toISOString()}::timestamptz
        FROM loyalty.webhook_endpoints e
        WHERE e.partner_id = ${partnerId} AND e.enabled AND ${event.type} = ANY (e.event_types)
        ON CONFLICT (event_id, endpoint_id) DO UPDATE
        SET state = 'pending', attempts = 0, next_attempt_at = EXCLUDED.next_attempt_at,
          lease_token = NULL, locked_until = NULL, updated_at = EXCLUDED.next_attempt_at
        RETURNING id`),
    );
    await noteReplays(tx, queued, now);
    return queued.length;
  });
}

/** One webhook_replays row per delivery queued again, so its next attempts read as a replay's. */
async function noteReplays(db: Pick<Database, "execute">, deliveries: { id: string }[], now: Date): Promise<void> {
  if (deliveries.length === 0) return;
  await db.execute(sql`
    INSERT INTO loyalty.webhook_replays (delivery_id, requested_at)
    SELECT id, ${now.toISOString()}::timestamptz FROM unnest(${`{${deliveries.map((d) => d.id).join(",")}}`}::bigint[]) AS id`);
}

/** Queues again every failed delivery of the partner's events made since `since`; how many. */
export async function replayFailedSince(db: Database, partnerId: number, since: Date, now: Date): Promise<number> {
  const queued = rowsOf<{ id: string }>(
    await db.execute(sql`
      UPDATE loyalty.webhook_deliveries d
      SET state = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}::timestamptz,
        lease_token = NULL, locked_until = NULL, updated_at = ${now.toISOString()}::timestamptz
      FROM loyalty.webhook_events ev, loyalty.webhook_endpoints e
      WHERE ev.id = d.event_id AND e.id = d.endpoint_id AND ev.partner_id = ${partnerId} AND e.enabled
        AND d.state = 'failed' AND ev.created_at >= ${since.toISOString()}::timestamptz
      RETURNING d.id`),
  );
  return queued.length;
}
