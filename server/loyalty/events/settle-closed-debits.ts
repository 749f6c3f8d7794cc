import { eq, sql } from "drizzle-orm";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { readSandboxClock } from "@/server/loyalty/sandbox-clock/read-sandbox-clock";
import { debitSettlementMarks } from "./event-tables";

/** Held by each settlement pass's transaction, so passes on every instance take turns and never write twice. */
export const settlementLockId = 7_304_210_003;

/** Debits settled per partner per pass at most; the next pass goes on from the mark. */
const batchPerPartner = 500;

export interface SettlementOptions {
  /** Settle this partner only (the clock's move settles its own sandbox at once). */
  partnerId?: number;
}

interface SubscribedPartner {
  id: number;
  developer_sandbox: boolean;
  reversal_window_hours: number;
  since: Date | string;
}

/**
 * Writes `points.debit_settled` for every debit whose reversal window has
 * ended without a reversal, for the partners with an enabled endpoint that
 * takes the event, in the order the windows ended (each event dated at that
 * moment, by the partner's clock: a developer sandbox's own). Only debits
 * made since the partner's first such endpoint was added, and within the
 * events' retention, are settled, so subscribing never floods an endpoint
 * with its history.
 *
 * Each partner's progress is a mark, the last (date_made, id) looked at;
 * the journal only grows and a debit's window ends a day after it
 * committed, so nothing ever lands behind the mark. One transaction under an
 * advisory lock writes the events and moves the mark: a crash loses and
 * doubles nothing, and instances sharing the database never both settle one
 * debit. The deliveries are queued by the events' fan-out trigger.
 */
export async function settleClosedDebits(db: Database, now: Date, options: SettlementOptions = {}): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${settlementLockId})`);
    const only = options.partnerId === undefined ? sql`` : sql`AND e.partner_id = ${options.partnerId}`;
    const subscribed = rowsOf<SubscribedPartner>(
      await tx.execute(sql`
        SELECT p.id, p.developer_sandbox, p.reversal_window_hours, s.since
        FROM (
          SELECT e.partner_id, min(e.created_at) AS since FROM loyalty.webhook_endpoints e
          WHERE e.enabled AND 'points.debit_settled' = ANY (e.event_types) ${only}
          GROUP BY e.partner_id
        ) s
        JOIN loyalty.partners p ON p.id = s.partner_id`),
    );
    const retentionMs = env().WEBHOOK_EVENT_RETENTION_DAYS * 86_400_000;
    let emitted = 0;
    for (const partner of subscribed) {
      const clock = await readSandboxClock(tx, { id: partner.id, developerSandbox: partner.developer_sandbox });
      const windowMs = partner.reversal_window_hours * 3_600_000;
      const endedBefore = new Date(now.getTime() + clock.offsetMs - windowMs).toISOString();
      // Never further back than events are kept: an endpoint turned on again after months gets no stale backlog.
      const keptFrom = now.getTime() + clock.offsetMs - windowMs - retentionMs;
      const since = new Date(Math.max(new Date(partner.since).getTime(), keptFrom)).toISOString();
      // The mark stays in SQL: the journal's times have microseconds, which a JavaScript Date would cut.
      const [row] = rowsOf<{ emitted: string }>(
        await tx.execute(sql`
          WITH mark AS (
            SELECT through_date_made, through_transaction_id FROM loyalty.debit_settlement_marks
            WHERE partner_id = ${partner.id} AND through_date_made >= ${since}::timestamptz
          ),
          candidate AS (
            SELECT t.id, t.account_id, t.identifier, t.points_delta, t.external_transaction_identifier, t.date_made,
              t.agent_id, t.date_made + ${windowMs} * interval '1 millisecond' AS settled_at,
              EXISTS (SELECT 1 FROM loyalty.transactions r WHERE r.reversed_transaction_id = t.id) AS reversed
            FROM loyalty.transactions t
            WHERE t.partner_id = ${partner.id} AND t.kind = 'DEBIT'
              AND t.date_made >= ${since}::timestamptz AND t.date_made <= ${endedBefore}::timestamptz
              AND (NOT EXISTS (SELECT 1 FROM mark)
                OR (t.date_made, t.id) > (SELECT through_date_made, through_transaction_id FROM mark))
            ORDER BY t.date_made, t.id
            LIMIT ${batchPerPartner}
          ),
          event AS (
            INSERT INTO loyalty.webhook_events (partner_id, type, data, created_at)
            SELECT ${partner.id}, 'points.debit_settled',
              jsonb_build_object(
                'programmeIdentifier', p.identifier,
                'membershipNumber', m.membership_number,
                'transaction', jsonb_build_object(
                  'identifier', c.identifier,
                  'points', abs(c.points_delta)::text,
                  'externalTransactionIdentifier', c.external_transaction_identifier,
                  'dateMade', to_char(c.date_made AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'agentId', c.agent_id
                ),
                'settledAt', to_char(c.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
              ),
              c.settled_at
            FROM candidate c
            JOIN loyalty.accounts a ON a.id = c.account_id
            JOIN loyalty.members m ON m.id = a.member_id
            JOIN loyalty.programmes p ON p.id = a.programme_id
            WHERE NOT c.reversed
            ORDER BY c.date_made, c.id
            RETURNING 1
          ),
          last AS (SELECT date_made, id FROM candidate ORDER BY date_made DESC, id DESC LIMIT 1),
          -- A data-modifying CTE runs whether or not the final SELECT reads it.
          mark_moved AS (
            INSERT INTO loyalty.debit_settlement_marks (partner_id, through_date_made, through_transaction_id, updated_at)
            SELECT ${partner.id}, last.date_made, last.id, now() FROM last
            ON CONFLICT (partner_id) DO UPDATE SET through_date_made = excluded.through_date_made,
              through_transaction_id = excluded.through_transaction_id, updated_at = excluded.updated_at
          )
          SELECT (SELECT count(*) FROM event)::text AS emitted`),
      );
      emitted += Number(row?.emitted ?? 0);
    }
    return emitted;
  });
}

/** Forgets a partner's settlement mark: its journal was deleted (a sandbox reset), so settling starts afresh. */
export async function forgetSettlementMark(tx: Database, partnerId: number): Promise<void> {
  await tx.delete(debitSettlementMarks).where(eq(debitSettlementMarks.partnerId, partnerId));
}
