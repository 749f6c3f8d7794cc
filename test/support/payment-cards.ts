import type { TokeniseRequest } from "@/lib/payments-contract/contract";
import sandbox from "@/sandbox.json";

/** The sandbox's test cards by outcome. */
export const testCards = Object.fromEntries(
  sandbox.paymentTestCards.map((card) => [card.outcome, card.number]),
) as Record<
  | "APPROVED"
  | "DECLINED"
  | "DECLINED_INSUFFICIENT_FUNDS"
  | "PROCESSING_ERROR"
  | "TIMEOUT_UNKNOWN_OUTCOME"
  | "CAPTURE_FAILS",
  string
>;

export const nextYear = new Date().getUTCFullYear() + 1;

export function cardBody(number: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { number, exp_month: 12, exp_year: nextYear, cvc: "123", name: "Jo Tester", ...overrides };
}

/** A card the tokens route accepts. */
export function validCard(number: string): TokeniseRequest {
  return { number, exp_month: 12, exp_year: nextYear, cvc: "123", name: "Jo Tester" };
}
