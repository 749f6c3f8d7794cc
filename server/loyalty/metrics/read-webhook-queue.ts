import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";

/**
 * The pending deliveries, in one query: being posted now (leased), due and
 * waiting for a free post, scheduled for a later retry, and held by an
 * endpoint that is turned off (they go out if it is turned on again); and
 * when the longest-waiting due delivery fell due.
 */
export interface WebhookQueue {
  inFlight: number;
  due: number;
  scheduled: number;
  paused: number;
  /** When the oldest due delivery fell due; undefined when none waits. */
  oldestDueAt: Date | undefined;
}

export async function readWebhookQueue(db: Database, now: Date): Promise<WebhookQueue> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const leased = sql`d.locked_until IS NOT NULL AND d.locked_until >= ${at}`;
  const due = sql`e.enabled AND NOT (${leased}) AND d.next_attempt_at <= ${at}`;
  const [row] = rowsOf<{
    in_flight: number | string;
    due: number | string;
    scheduled: number | string;
    paused: number | string;
    oldest_due_at: string | Date | null;
  }>(
    await db.execute(sql`
      SELECT
        count(*) FILTER (WHERE e.enabled AND ${leased}) AS in_flight,
        count(*) FILTER (WHERE ${due}) AS due,
        count(*) FILTER (WHERE e.enabled AND NOT (${leased}) AND d.next_attempt_at > ${at}) AS scheduled,
        count(*) FILTER (WHERE NOT e.enabled) AS paused,
        min(d.next_attempt_at) FILTER (WHERE ${due}) AS oldest_due_at
      FROM loyalty.webhook_deliveries d
      JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.state = 'pending'`),
  );
  return {
    inFlight: Number(row?.in_flight ?? 0),
    due: Number(row?.due ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    paused: Number(row?.paused ?? 0),
    oldestDueAt: row?.oldest_due_at ? new Date(row.oldest_due_at) : undefined,
  };
}
