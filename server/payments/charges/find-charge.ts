import "server-only";
import { eq } from "drizzle-orm";
import type { Database } from "../db/payments-database";
import { charges, refunds, type ChargeRow, type RefundRow } from "../db/schema";

export interface ChargeRecord {
  charge: ChargeRow;
  refund: RefundRow | undefined;
}

async function findChargeWhere(db: Database, condition: ReturnType<typeof eq>): Promise<ChargeRecord | undefined> {
  const [found] = await db
    .select({ charge: charges, refund: refunds })
    .from(charges)
    .leftJoin(refunds, eq(refunds.chargeId, charges.id))
    .where(condition)
    .limit(1);
  return found ? { charge: found.charge, refund: found.refund ?? undefined } : undefined;
}

/** The charge made under an idempotency key, whatever its status: the truth after an unknown outcome. */
export function findChargeByIdempotencyKey(db: Database, idempotencyKey: string): Promise<ChargeRecord | undefined> {
  return findChargeWhere(db, eq(charges.idempotencyKey, idempotencyKey));
}

export function findChargeById(db: Database, chargeId: string): Promise<ChargeRecord | undefined> {
  return findChargeWhere(db, eq(charges.id, chargeId));
}
