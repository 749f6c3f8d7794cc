import "server-only";
import { sql } from "drizzle-orm";
import { requestLogRetentionDays } from "@/lib/contract/request-log";
import type { ChecklistRow, DeliveredAttempt, LoggedCall } from "@/lib/developers/go-live/evaluate-checklist";
import { evaluateChecklist } from "@/lib/developers/go-live/evaluate-checklist";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { builtInReceiverPath } from "@/server/loyalty/events/built-in-receiver";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import { flushRequestLog } from "@/server/loyalty/request-log/request-log-buffer";

/** The newest staging requests the checklist reads: far more than a walk through every flow takes. */
export const checklistRequestWindow = 5_000;
/** The newest answered delivery attempts it reads. */
const checklistAttemptWindow = 500;

type Json = Record<string, string> | null;

function jsonOf(value: unknown): Json {
  if (value === null || value === undefined) return null;
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, string>) : null;
}

/** The partner's staging requests of the retention window, newest first, as the checklist reads them. */
async function loggedCalls(db: Database, partnerId: number, now: Date): Promise<LoggedCall[]> {
  await flushRequestLog();
  const since = new Date(now.getTime() - requestLogRetentionDays * 86_400_000);
  const rows = rowsOf<{
    request_id: string;
    operation: string;
    method: string;
    path: string;
    status: number;
    error_code: string | null;
    scenario: string | null;
    requested_at: string | Date;
    request_headers: unknown;
    response_headers: unknown;
    request_body: unknown;
  }>(
    await db.execute(sql`
      SELECT request_id, operation, method, path, status, error_code, scenario, requested_at, request_headers,
        response_headers, CASE WHEN operation IN ('member-login', 'grant-token') THEN request_body END AS request_body
      FROM loyalty.request_log
      WHERE partner_id = ${partnerId} AND environment = 'staging' AND requested_at >= ${since.toISOString()}::timestamptz
      ORDER BY requested_at DESC, id DESC
      LIMIT ${checklistRequestWindow}`),
  );
  return rows.map((row) => ({
    requestId: row.request_id,
    operation: row.operation,
    method: row.method,
    path: row.path,
    status: Number(row.status),
    errorCode: row.error_code,
    scenario: row.scenario,
    requestedAt: new Date(row.requested_at),
    requestHeaders: jsonOf(row.request_headers),
    responseHeaders: jsonOf(row.response_headers),
    details: jsonOf(row.request_body),
  }));
}

/** The partner's delivery attempts answered 2xx, newest first, each marked with the replay it was made for. */
async function deliveredAttempts(db: Database, partner: Partner): Promise<DeliveredAttempt[]> {
  const rows = rowsOf<{
    event_id: string;
    type: string;
    test: boolean;
    url: string;
    attempted_at: string | Date;
    status_code: number;
    replay: string | number;
  }>(
    await db.execute(sql`
      SELECT ev.id AS event_id, ev.type, ev.test, e.url, a.attempted_at, a.status_code,
        (SELECT count(*) FROM loyalty.webhook_replays r
          WHERE r.delivery_id = d.id AND r.requested_at <= a.attempted_at) AS replay
      FROM loyalty.webhook_attempts a
      JOIN loyalty.webhook_deliveries d ON d.id = a.delivery_id
      JOIN loyalty.webhook_endpoints e ON e.id = d.endpoint_id
      JOIN loyalty.webhook_events ev ON ev.id = d.event_id
      WHERE e.partner_id = ${partner.id} AND a.status_code BETWEEN 200 AND 299
      ORDER BY a.attempted_at DESC, a.id DESC
      LIMIT ${checklistAttemptWindow}`),
  );
  const receiverPath = builtInReceiverPath(partner.partnerIdentifier);
  return rows.map((row) => {
    const replay = Number(row.replay);
    return {
      eventId: row.event_id,
      eventType: row.type,
      test: row.test === true,
      endpointUrl: row.url,
      builtInReceiver: row.url.split("?")[0]!.endsWith(receiverPath),
      attemptedAt: new Date(row.attempted_at),
      statusCode: Number(row.status_code),
      ...(replay > 0 ? { replay } : {}),
    };
  });
}

/**
 * The partner's go-live checklist, read from its own staging request log and webhook deliveries: nothing is
 * recorded for it, so it can be neither ticked by hand nor out of step with what the partner's code did.
 */
export async function loadGoLiveChecklist(
  db: Database,
  partner: Partner,
  now: Date = new Date(),
): Promise<ChecklistRow[]> {
  const [calls, attempts] = await Promise.all([loggedCalls(db, partner.id, now), deliveredAttempts(db, partner)]);
  return evaluateChecklist(calls, attempts);
}
