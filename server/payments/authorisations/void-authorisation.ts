import "server-only";
import { eq } from "drizzle-orm";
import { isUniqueViolation } from "@/server/db/unique-violation";
import type { Database } from "../db/payments-database";
import { authorisations, voids, type VoidRow } from "../db/schema";
import { PaymentsError } from "../payments-error";
import { randomId } from "../random-id";
import { requestHash } from "../request-hash";
import { authorisationStatus } from "./authorisation-view";
import { findAuthorisationById, type AuthorisationRecord } from "./find-authorisation";

export interface VoidResult {
  record: AuthorisationRecord;
  replayed: boolean;
}

/**
 * Releases a hold that was not captured, once (a lapsed hold may be voided
 * too: the merchant's books then say why it ended). Locked like a capture,
 * so the two never both succeed.
 */
export async function voidAuthorisation(
  db: Database,
  authorisationId: string,
  idempotencyKey: string,
  now = new Date(),
): Promise<VoidResult> {
  const hash = requestHash({ authorisation: authorisationId });
  const earlier = await findVoidByKey(db, idempotencyKey);
  if (earlier) return replay(db, earlier, hash);

  try {
    await db.transaction(async (tx) => {
      const [held] = await tx
        .select({ id: authorisations.id })
        .from(authorisations)
        .where(eq(authorisations.id, authorisationId))
        .for("update");
      if (!held) throw new PaymentsError("authorisation_not_found");
      const record = (await findAuthorisationById(tx as unknown as Database, authorisationId))!;
      const status = authorisationStatus(record, now);
      if (status === "captured") throw new PaymentsError("authorisation_already_captured");
      if (status === "declined" || status === "failed") throw new PaymentsError("authorisation_not_capturable");
      if (record.void) {
        // Voided already under another key: the same end, said again.
        if (record.void.idempotencyKey !== idempotencyKey) return;
      }
      const row: VoidRow = { id: randomId("void"), authorisationId, idempotencyKey, requestHash: hash, createdAt: now };
      await tx.insert(voids).values(row);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findVoidByKey(db, idempotencyKey);
    if (winner) return replay(db, winner, hash);
  }
  const record = (await findAuthorisationById(db, authorisationId))!;
  return { record, replayed: false };
}

async function findVoidByKey(db: Database, idempotencyKey: string): Promise<VoidRow | undefined> {
  const [found] = await db.select().from(voids).where(eq(voids.idempotencyKey, idempotencyKey)).limit(1);
  return found;
}

async function replay(db: Database, row: VoidRow, hash: string): Promise<VoidResult> {
  if (row.requestHash !== hash) throw new PaymentsError("idempotency_key_reused");
  return { record: (await findAuthorisationById(db, row.authorisationId))!, replayed: true };
}
