import "server-only";
import { cardBrandOf, expiryProblem } from "@/lib/payments-contract/card-rules";
import type { CardToken, tokeniseRequestSchema } from "@/lib/payments-contract/contract";
import type { z } from "zod";
import type { Database } from "../db/payments-database";
import { cardTokens, type CardTokenRow } from "../db/schema";
import { PaymentsError } from "../payments-error";
import { randomId } from "../random-id";
import { cardFingerprint } from "./card-fingerprint";
import { testCardOutcome } from "./test-cards";

/** A token pays once, and only within this time: a token that leaks later is worthless. */
export const tokenLifetimeMs = 15 * 60_000;

export type CardDetails = z.output<typeof tokeniseRequestSchema>;

/**
 * Turns a card into a single-use token. Only brand, last four digits, a
 * keyed fingerprint, the expiry and the test card's behaviour are kept; the
 * number, the security code and the name go no further than this function.
 */
export async function tokeniseCard(db: Database, card: CardDetails, now = new Date()): Promise<CardToken> {
  const problem = expiryProblem(card.exp_month, card.exp_year, now);
  if (problem === "expired") throw new PaymentsError("expired_card", { param: "exp_month" });
  if (problem === "too_far") throw new PaymentsError("invalid_expiry_year", { param: "exp_year" });
  const outcome = testCardOutcome(card.number);
  if (!outcome) throw new PaymentsError("test_card_required", { param: "number" });

  const row: CardTokenRow = {
    id: randomId("tok"),
    brand: cardBrandOf(card.number),
    last4: card.number.slice(-4),
    fingerprint: cardFingerprint(card.number),
    expMonth: card.exp_month,
    expYear: card.exp_year,
    testOutcome: outcome,
    createdAt: now,
    expiresAt: new Date(now.getTime() + tokenLifetimeMs),
  };
  await db.insert(cardTokens).values(row);
  return {
    object: "token",
    token: row.id,
    brand: cardBrandOf(card.number),
    last4: row.last4,
    exp_month: row.expMonth,
    exp_year: row.expYear,
    expires_at: row.expiresAt.toISOString(),
  };
}
