import "server-only";
import type { z } from "zod";
import type { chargeRequestSchema } from "@/lib/payments-contract/contract";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { findPayableToken } from "../cards/payable-token";
import { chargeBehaviour } from "../cards/test-cards";
import type { Database } from "../db/payments-database";
import { charges, type ChargeRow } from "../db/schema";
import { PaymentsError } from "../payments-error";
import { randomId } from "../random-id";
import { requestHash } from "../request-hash";
import { findChargeByIdempotencyKey, type ChargeRecord } from "./find-charge";

export type ChargeDetails = z.output<typeof chargeRequestSchema>;

export interface ChargeResult extends ChargeRecord {
  /** The key was seen before with this same request: its first outcome, unchanged. */
  replayed: boolean;
  /** The card stands for a processor that answers after the merchant has given up. */
  answersLate: boolean;
}

/**
 * Charges a token once under an idempotency key. The charge is written
 * with its outcome in one statement; the unique idempotency key decides a
 * race between two requests with the same key (the second replays the
 * first), and the unique token makes every token pay at most once.
 */
export async function chargeToken(
  db: Database,
  request: ChargeDetails,
  idempotencyKey: string,
  now = new Date(),
): Promise<ChargeResult> {
  const hash = requestHash(request);
  const earlier = await findChargeByIdempotencyKey(db, idempotencyKey);
  if (earlier) return replay(earlier, hash);

  const token = await findPayableToken(db, request.token, { now, unusedBy: "authorisations" });
  const behaviour = chargeBehaviour(token.testOutcome);

  const row: ChargeRow = {
    id: randomId("ch"),
    idempotencyKey,
    requestHash: hash,
    tokenId: token.id,
    amount: request.amount,
    currency: request.currency,
    description: request.description,
    merchantReference: request.merchant_reference,
    status: behaviour.status,
    failureCode: behaviour.failureCode,
    cardBrand: token.brand,
    cardLast4: token.last4,
    createdAt: now,
  };
  try {
    await db.insert(charges).values(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Either the same key won a race (replay it) or the token has paid already.
    const winner = await findChargeByIdempotencyKey(db, idempotencyKey);
    if (winner) return replay(winner, hash);
    throw new PaymentsError("token_already_used", { param: "token" });
  }
  return { charge: row, refund: undefined, replayed: false, answersLate: behaviour.answersLate };
}

function replay(earlier: ChargeRecord, hash: string): ChargeResult {
  if (earlier.charge.requestHash !== hash) throw new PaymentsError("idempotency_key_reused");
  return { ...earlier, replayed: true, answersLate: false };
}
