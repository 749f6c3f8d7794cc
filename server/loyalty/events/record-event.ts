import type { EventData, EventType } from "@/lib/contract/webhook-events";
import type { Database } from "@/server/db/connect";
import { webhookEvents } from "./event-tables";

/**
 * Writes a partner event into the outbox. Called with the transaction that
 * makes the change, so the event exists exactly when the change committed.
 * The database queues its deliveries: the trigger `webhook_events_fan_out`
 * (function `loyalty.fan_out_webhook_event`, loyalty migration
 * 0013_fan_out_only_when_subscribed.sql) inserts one `webhook_deliveries` row
 * per enabled endpoint of the partner that takes the event's type, in the
 * same transaction; nothing here writes them.
 */
export async function recordEvent<T extends EventType>(
  tx: Database,
  partnerId: number,
  type: T,
  data: EventData<T>,
  options: { test?: boolean; at?: Date } = {},
): Promise<string> {
  const [row] = await tx
    .insert(webhookEvents)
    .values({ partnerId, type, data, test: options.test ?? false, createdAt: options.at ?? new Date() })
    .returning({ id: webhookEvents.id });
  if (!row) throw new Error("event insert returned no row");
  return row.id;
}
