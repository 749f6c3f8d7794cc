import "server-only";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { captureRequestSchema } from "@/lib/payments-contract/contract";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { testCardBehaviour } from "../cards/test-cards";
import type { Database } from "../db/payments-database";
import { authorisations, captures, cardTokens, charges, type CaptureRow } from "../db/schema";
import { PaymentsError } from "../payments-error";
import { randomId } from "../random-id";
import { requestHash } from "../request-hash";
import { authorisationStatus } from "./authorisation-view";
import { findAuthorisationById, type AuthorisationRecord } from "./find-authorisation";

export type CaptureDetails = z.output<typeof captureRequestSchema>;

export interface CaptureResult {
  record: AuthorisationRecord;
  capture: CaptureRow;
  replayed: boolean;
}

/**
 * Takes a held amount (all of it, or less), once. The authorisation's row is
 * locked for the check and the insert, so a capture and a void racing on it
 * are decided one after the other; the database allows one successful
 * capture per authorisation. A failed capture (the CAPTURE_FAILS card) is
 * stored too, so its key replays the failure.
 */
export async function captureAuthorisation(
  db: Database,
  authorisationId: string,
  request: CaptureDetails,
  idempotencyKey: string,
  now = new Date(),
): Promise<CaptureResult> {
  const hash = requestHash({ authorisation: authorisationId, ...request });
  const earlier = await findCaptureByKey(db, idempotencyKey);
  if (earlier) return replay(db, earlier, hash);

  try {
    return await db.transaction(async (tx): Promise<CaptureResult> => {
      const [held] = await tx
        .select({ id: authorisations.id, tokenId: authorisations.tokenId })
        .from(authorisations)
        .where(eq(authorisations.id, authorisationId))
        .for("update");
      if (!held) throw new PaymentsError("authorisation_not_found");
      const record = (await findAuthorisationById(tx as unknown as Database, authorisationId))!;
      const amount = request.amount ?? record.authorisation.amount;
      refuseUnlessHeld(record, now);
      if (amount > record.authorisation.amount)
        throw new PaymentsError("capture_amount_too_large", { param: "amount" });
      const [token] = await tx
        .select({ outcome: cardTokens.testOutcome })
        .from(cardTokens)
        .where(eq(cardTokens.id, held.tokenId));
      const fails = token !== undefined && testCardBehaviour(token.outcome).capturesFail;
      const id = randomId("cap");
      const chargeId = fails ? null : randomId("ch");
      if (chargeId) {
        const held = record.authorisation;
        // The capture's own random id keys its charge: no merchant's key can be the same.
        await tx.insert(charges).values({
          id: chargeId,
          idempotencyKey: id,
          requestHash: hash,
          tokenId: held.tokenId,
          amount,
          currency: held.currency,
          description: held.description,
          merchantReference: held.merchantReference,
          status: "captured",
          failureCode: null,
          cardBrand: held.cardBrand,
          cardLast4: held.cardLast4,
          createdAt: now,
        });
      }
      const row: CaptureRow = {
        id,
        authorisationId,
        idempotencyKey,
        requestHash: hash,
        amount,
        status: fails ? "failed" : "succeeded",
        failureCode: fails ? "capture_failed" : null,
        chargeId,
        createdAt: now,
      };
      await tx.insert(captures).values(row);
      // The row's lock is still held: nothing else has captured or voided it since it was read, so the
      // authorisation as it now stands is the one read with this capture first (newest first).
      return { record: { ...record, captures: [row, ...record.captures] }, capture: row, replayed: false };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findCaptureByKey(db, idempotencyKey);
    if (winner) return replay(db, winner, hash);
    throw new PaymentsError("authorisation_already_captured");
  }
}

/** Why nothing can be taken (or released) from this authorisation now; nothing when it is held. */
export function refuseUnlessHeld(record: AuthorisationRecord, now: Date): void {
  const status = authorisationStatus(record, now);
  if (status === "captured") throw new PaymentsError("authorisation_already_captured");
  if (status === "voided") throw new PaymentsError("authorisation_voided");
  if (status === "expired") throw new PaymentsError("authorisation_expired");
  if (status !== "authorised") throw new PaymentsError("authorisation_not_capturable");
}

async function findCaptureByKey(db: Database, idempotencyKey: string): Promise<CaptureRow | undefined> {
  const [found] = await db.select().from(captures).where(eq(captures.idempotencyKey, idempotencyKey)).limit(1);
  return found;
}

async function replay(db: Database, capture: CaptureRow, hash: string): Promise<CaptureResult> {
  if (capture.requestHash !== hash) throw new PaymentsError("idempotency_key_reused");
  const record = (await findAuthorisationById(db, capture.authorisationId))!;
  return { record, capture, replayed: true };
}
