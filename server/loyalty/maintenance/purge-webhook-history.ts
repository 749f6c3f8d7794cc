import { sql } from "drizzle-orm";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";

/** Attempts deleted per statement: short statements, however large the backlog. */
const attemptsPerDelete = 5_000;
/** Events deleted per statement; each takes its deliveries (up to one per endpoint) and their last attempts with it. */
const eventsPerDelete = 500;

export interface WebhookRetention {
  eventDays: number;
  attemptDays: number;
}

export function webhookRetention(): WebhookRetention {
  const config = env();
  return { eventDays: config.WEBHOOK_EVENT_RETENTION_DAYS, attemptDays: config.WEBHOOK_ATTEMPT_RETENTION_DAYS };
}

export interface PurgedWebhookHistory {
  webhookAttempts: number;
  webhookEvents: number;
}

/**
 * Deletes the partner events' history past its retention: attempts older
 * than WEBHOOK_ATTEMPT_RETENTION_DAYS (whatever their delivery: the retry
 * schedule counts on the delivery's own column, not on these rows), then
 * events older than WEBHOOK_EVENT_RETENTION_DAYS none of whose deliveries
 * is still pending, with their deliveries. An event still being delivered
 * stays until it is delivered or fails. In slices, so a large backlog never
 * makes one long transaction; safe on several instances at once.
 */
export async function purgeWebhookHistory(
  db: Database,
  now: Date = new Date(),
  retention: WebhookRetention = webhookRetention(),
): Promise<PurgedWebhookHistory> {
  const attemptCutoff = new Date(now.getTime() - retention.attemptDays * 86_400_000).toISOString();
  const eventCutoff = new Date(now.getTime() - retention.eventDays * 86_400_000).toISOString();
  const purged: PurgedWebhookHistory = { webhookAttempts: 0, webhookEvents: 0 };
  for (;;) {
    const deleted = rowsOf<{ id: string }>(
      await db.execute(sql`
        DELETE FROM loyalty.webhook_attempts WHERE id IN (
          SELECT id FROM loyalty.webhook_attempts WHERE attempted_at < ${attemptCutoff}::timestamptz
          LIMIT ${attemptsPerDelete})
        RETURNING id`),
    ).length;
    purged.webhookAttempts += deleted;
    if (deleted < attemptsPerDelete) break;
  }
  for (;;) {
    const deleted = rowsOf<{ id: string }>(
      await db.execute(sql`
        DELETE FROM loyalty.webhook_events WHERE id IN (
          SELECT ev.id FROM loyalty.webhook_events ev
          WHERE ev.created_at < ${eventCutoff}::timestamptz
            AND NOT EXISTS (
              SELECT 1 FROM loyalty.webhook_deliveries d WHERE d.event_id = ev.id AND d.state = 'pending')
          LIMIT ${eventsPerDelete})
        RETURNING id`),
    ).length;
    purged.webhookEvents += deleted;
    if (deleted < eventsPerDelete) break;
  }
  return purged;
}
