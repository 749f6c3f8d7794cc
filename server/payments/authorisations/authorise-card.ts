import "server-only";
import type { z } from "zod";
import type { authorisationRequestSchema } from "@/lib/payments-contract/contract";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { findPayableToken } from "../cards/payable-token";
import { testCardBehaviour } from "../cards/test-cards";
import type { Database } from "../db/payments-database";
import { authorisations, type AuthorisationRow } from "../db/schema";
import { PaymentsError } from "../payments-error";
import { randomId } from "../random-id";
import { requestHash } from "../request-hash";
import { findAuthorisationByIdempotencyKey, type AuthorisationRecord } from "./find-authorisation";

export type AuthorisationDetails = z.output<typeof authorisationRequestSchema>;

/** How long a hold lasts when it is neither captured nor voided (as card networks release one after days). */
export const authorisationLifetimeMs = 7 * 24 * 3_600_000;

export interface AuthorisationResult extends AuthorisationRecord {
  replayed: boolean;
  /** The timeout card: held for real, answered after the merchant has given up. */
  answersLate: boolean;
}

/**
 * Holds an amount on a token's card under an idempotency key, written once
 * with its outcome. As with charges, the unique key decides a race between
 * two requests with one key, and a token pays (is charged or authorised) once.
 */
export async function authoriseCard(
  db: Database,
  request: AuthorisationDetails,
  idempotencyKey: string,
  now = new Date(),
): Promise<AuthorisationResult> {
  const hash = requestHash(request);
  const earlier = await findAuthorisationByIdempotencyKey(db, idempotencyKey);
  if (earlier && earlier.authorisation.idempotencyKey === idempotencyKey) return replay(earlier, hash);
  if (earlier) throw new PaymentsError("idempotency_key_reused");

  const token = await findPayableToken(db, request.token, { now, unusedBy: "charges" });
  const behaviour = testCardBehaviour(token.testOutcome);

  const row: AuthorisationRow = {
    id: randomId("auth"),
    idempotencyKey,
    requestHash: hash,
    tokenId: token.id,
    amount: request.amount,
    currency: request.currency,
    description: request.description,
    merchantReference: request.merchant_reference,
    status: behaviour.authorisation,
    failureCode: behaviour.failureCode,
    cardBrand: token.brand,
    cardLast4: token.last4,
    createdAt: now,
    expiresAt: new Date(now.getTime() + authorisationLifetimeMs),
  };
  try {
    await db.insert(authorisations).values(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findAuthorisationByIdempotencyKey(db, idempotencyKey);
    if (winner && winner.authorisation.idempotencyKey === idempotencyKey) return replay(winner, hash);
    throw new PaymentsError("token_already_used", { param: "token" });
  }
  return { authorisation: row, captures: [], void: undefined, replayed: false, answersLate: behaviour.answersLate };
}

function replay(earlier: AuthorisationRecord, hash: string): AuthorisationResult {
  if (earlier.authorisation.requestHash !== hash) throw new PaymentsError("idempotency_key_reused");
  return { ...earlier, replayed: true, answersLate: false };
}
