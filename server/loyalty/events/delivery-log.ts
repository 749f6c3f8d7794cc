import { sql } from "drizzle-orm";
import type { EventType } from "@/lib/contract/webhook-events";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import type { WebhookDeliveryState } from "./event-tables";

export interface LoggedAttempt {
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  /** Made after a replay was asked for: the replay's number (1 for the first), absent for the original run. */
  replay?: number;
}

export interface LoggedDelivery {
  id: string;
  endpointId: number;
  endpointUrl: string;
  state: WebhookDeliveryState;
  nextAttemptAt: Date;
  attempts: LoggedAttempt[];
  /** When a replay of this delivery was asked for, oldest first. */
  replays: Date[];
}

export interface LoggedEvent {
  id: string;
  type: EventType;
  test: boolean;
  createdAt: Date;
  data: unknown;
  deliveries: LoggedDelivery[];
}

export const eventLogPageSize = 20;

/**
 * The partner's events, newest first, each with its deliveries and their
 * attempts; `before` (an event's time and id) gives the page after it.
 */
export async function listEventLog(
  db: Database,
  partnerId: number,
  options: { before?: { createdAt: Date; id: string }; limit?: number } = {},
): Promise<{ events: LoggedEvent[]; next?: { createdAt: Date; id: string } }> {
  const limit = options.limit ?? eventLogPageSize;
  const before = options.before
    ? sql`AND (created_at, id) < (${options.before.createdAt.toISOString()}::timestamptz, ${options.before.id})`
    : sql``;
  const events = rowsOf<{ id: string; type: string; test: boolean; created_at: string | Date; data: unknown }>(
    await db.execute(sql`
      SELECT id, type, test, created_at, data FROM loyalty.webhook_events
      WHERE partner_id = ${partnerId} ${before}
      ORDER BY created_at DESC, id DESC
      LIMIT ${limit + 1}`),
  );
  const page = events.slice(0, limit);
  if (page.length === 0) return { events: [] };
  const ids = sql.join(
    page.map((event) => sql`${event.id}`),
    sql`, `,
  );
  const deliveries = rowsOf<{
    id: string | number;
    event_id: string;
    endpoint_id: number;
    url: string;
    state: WebhookDeliveryState;
    next_attempt_at: string | Date;
  }>(
    await db.execute(sql`
      SELECT d.id, d.event_id, d.endpoint_id, e.url, d.state, d.next_attempt_at
      FROM loyalty.webhook_deliveries d JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.event_id IN (${ids}) AND e.partner_id = ${partnerId}
      ORDER BY d.id`),
  );
  const attempts =
    deliveries.length === 0
      ? []
      : rowsOf<{
          delivery_id: string | number;
          attempted_at: string | Date;
          status_code: number | null;
          latency_ms: number;
          response_excerpt: string | null;
        }>(
          await db.execute(sql`
            SELECT delivery_id, attempted_at, status_code, latency_ms, response_excerpt
            FROM loyalty.webhook_attempts
            WHERE delivery_id IN (${sql.join(
              deliveries.map((row) => sql`${String(row.id)}::bigint`),
              sql`, `,
            )})
            ORDER BY attempted_at, id`),
        );
  const replays =
    deliveries.length === 0
      ? []
      : rowsOf<{ delivery_id: string | number; requested_at: string | Date }>(
          await db.execute(sql`
            SELECT delivery_id, requested_at FROM loyalty.webhook_replays
            WHERE delivery_id IN (${sql.join(
              deliveries.map((row) => sql`${String(row.id)}::bigint`),
              sql`, `,
            )})
            ORDER BY requested_at, id`),
        );
  const replaysOf = new Map<string, Date[]>();
  for (const row of replays) {
    const list = replaysOf.get(String(row.delivery_id)) ?? [];
    list.push(new Date(row.requested_at));
    replaysOf.set(String(row.delivery_id), list);
  }
  const attemptsOf = new Map<string, LoggedAttempt[]>();
  for (const row of attempts) {
    const list = attemptsOf.get(String(row.delivery_id)) ?? [];
    const attemptedAt = new Date(row.attempted_at);
    const replay = (replaysOf.get(String(row.delivery_id)) ?? []).filter((at) => at <= attemptedAt).length;
    list.push({
      ...(replay > 0 ? { replay } : {}),
      attemptedAt,
      statusCode: row.status_code === null ? null : Number(row.status_code),
      latencyMs: Number(row.latency_ms),
      responseExcerpt: row.response_excerpt,
    });
    attemptsOf.set(String(row.delivery_id), list);
  }
  const deliveriesOf = new Map<string, LoggedDelivery[]>();
  for (const row of deliveries) {
    const list = deliveriesOf.get(row.event_id) ?? [];
    list.push({
      id: String(row.id),
      endpointId: Number(row.endpoint_id),
      endpointUrl: row.url,
      state: row.state,
      nextAttemptAt: new Date(row.next_attempt_at),
      attempts: attemptsOf.get(String(row.id)) ?? [],
      replays: replaysOf.get(String(row.id)) ?? [],
    });
    deliveriesOf.set(row.event_id, list);
  }
  const last = page[page.length - 1];
  return {
    events: page.map((event) => ({
      id: event.id,
      type: event.type as EventType,
      test: event.test,
      createdAt: new Date(event.created_at),
      data: typeof event.data === "string" ? JSON.parse(event.data) : event.data,
      deliveries: deliveriesOf.get(event.id) ?? [],
    })),
    next: events.length > limit && last ? { createdAt: new Date(last.created_at), id: last.id } : undefined,
  };
}
