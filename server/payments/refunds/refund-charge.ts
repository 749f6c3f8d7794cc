import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Refund, refundRequestSchema } from "@/lib/payments-contract/contract";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { findChargeById } from "../charges/find-charge";
import type { Database } from "../db/payments-database";
import { refunds, type RefundRow } from "../db/schema";
import { PaymentsError } from "../payments-error";
import { randomId } from "../random-id";
import { requestHash } from "../request-hash";

export type RefundDetails = z.output<typeof refundRequestSchema>;

export interface RefundResult {
  refund: Refund;
  replayed: boolean;
}

/**
 * Refunds a captured charge in full, once. The refund is a row of its own
 * (the charge is never edited); the database allows one refund per charge,
 * so two refunds racing under different keys cannot both succeed, and the
 * same key replays the first answer.
 */
export async function refundCharge(
  db: Database,
  chargeId: string,
  request: RefundDetails,
  idempotencyKey: string,
  now = new Date(),
): Promise<RefundResult> {
  const hash = requestHash({ charge: chargeId, ...request });
  const earlier = await findRefundByIdempotencyKey(db, idempotencyKey);
  if (earlier) return replay(earlier, hash);

  const found = await findChargeById(db, chargeId);
  if (!found) throw new PaymentsError("charge_not_found");
  if (found.charge.status !== "captured") throw new PaymentsError("charge_not_refundable");
  if (found.refund) {
    // A request with this same key may have refunded it since the lookup above.
    if (found.refund.idempotencyKey === idempotencyKey) return replay(found.refund, hash);
    throw new PaymentsError("charge_already_refunded");
  }

  const row: RefundRow = {
    id: randomId("re"),
    chargeId,
    idempotencyKey,
    requestHash: hash,
    amount: found.charge.amount,
    currency: found.charge.currency,
    reason: request.reason ?? null,
    createdAt: now,
  };
  try {
    await db.insert(refunds).values(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findRefundByIdempotencyKey(db, idempotencyKey);
    if (winner) return replay(winner, hash);
    throw new PaymentsError("charge_already_refunded");
  }
  return { refund: refundView(row), replayed: false };
}

async function findRefundByIdempotencyKey(db: Database, idempotencyKey: string): Promise<RefundRow | undefined> {
  const [found] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey)).limit(1);
  return found;
}

function replay(earlier: RefundRow, hash: string): RefundResult {
  if (earlier.requestHash !== hash) throw new PaymentsError("idempotency_key_reused");
  return { refund: refundView(earlier), replayed: true };
}

export function refundView(row: RefundRow): Refund {
  return {
    object: "refund",
    id: row.id,
    charge: row.chargeId,
    status: "succeeded",
    amount: row.amount,
    currency: row.currency as Refund["currency"],
    reason: (row.reason ?? null) as Refund["reason"],
    created: row.createdAt.toISOString(),
  };
}
