import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { maxClockOffsetMs, maxClockStepMs } from "@/lib/developers/sandbox-clock-schema";
import type { ClockedPartner } from "./read-sandbox-clock";
import { settleClosedDebits } from "@/server/loyalty/events/settle-closed-debits";
import { clockWithOffset, type SandboxClock } from "./sandbox-clock";

interface OffsetRow {
  offset_ms: string;
}

export type AdvanceClockOutcome =
  | { outcome: "advanced"; clock: SandboxClock; from: Date; to: Date }
  | { outcome: "not-a-developer-sandbox" }
  | { outcome: "too-far"; offsetMs: number };

/**
 * Moves a developer sandbox's clock forward by `byMs` (never back: only a
 * reset returns it to real time), in one transaction with what the move
 * brings due: webhook retries the partner's endpoints were waiting for come
 * as much earlier in real time, so a retry meant for the sandbox's
 * "in 6 hours" is made once the clock has moved 6 hours. Each moves by the
 * same amount (a time already past is simply due), so they stay in the order
 * the sandbox expected them and the worker posts them in that order. The update adds to
 * the stored offset in the database, so two instances moving one clock at
 * once both count. Debits whose reversal window the move passes are settled
 * in the same transaction (points.debit_settled, in the order the windows
 * ended), as the real-time pass of the delivery worker settles everyone's.
 */
export async function advanceSandboxClock(
  db: Database,
  partner: ClockedPartner,
  byMs: number,
): Promise<AdvanceClockOutcome> {
  if (!partner.developerSandbox) return { outcome: "not-a-developer-sandbox" };
  if (!Number.isSafeInteger(byMs) || byMs <= 0 || byMs > maxClockStepMs) throw new Error("a clock moves forward only");
  return db.transaction(async (tx) => {
    const moved = await tx.execute(sql`
      INSERT INTO loyalty.sandbox_clocks (partner_id, offset_ms, advanced_at)
      VALUES (${partner.id}, ${byMs}, now())
      ON CONFLICT (partner_id) DO UPDATE
        SET offset_ms = loyalty.sandbox_clocks.offset_ms + ${byMs}, advanced_at = now()
        WHERE loyalty.sandbox_clocks.offset_ms + ${byMs} <= ${maxClockOffsetMs}
      RETURNING offset_ms::text AS offset_ms`);
    const [row] = rowsOf<OffsetRow>(moved);
    if (!row) {
      const [current] = rowsOf<OffsetRow>(
        await tx.execute(
          sql`SELECT offset_ms::text AS offset_ms FROM loyalty.sandbox_clocks WHERE partner_id = ${partner.id}`,
        ),
      );
      return { outcome: "too-far", offsetMs: Number(current?.offset_ms ?? 0) };
    }
    await tx.execute(sql`
      UPDATE loyalty.webhook_deliveries d
      SET next_attempt_at = d.next_attempt_at - ${byMs} * interval '1 millisecond', updated_at = now()
      FROM loyalty.webhook_endpoints e
      WHERE e.id = d.endpoint_id AND e.partner_id = ${partner.id}
        AND d.state = 'pending' AND d.next_attempt_at > now()`);
    const clock = clockWithOffset(Number(row.offset_ms));
    const to = clock.now();
    // The debits whose reversal window the move passed become final now, in the move's own transaction.
    await settleClosedDebits(tx, new Date(to.getTime() - clock.offsetMs), { partnerId: partner.id });
    return { outcome: "advanced", clock, from: new Date(to.getTime() - byMs), to };
  });
}
