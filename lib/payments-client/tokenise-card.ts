import {
  cardTokenSchema,
  type CardToken,
  type PaymentsErrorObject,
  type TokeniseRequest,
} from "@/lib/payments-contract/contract";
import { endpoint, exchange } from "./http";

/** Where the browser finds the sandbox when the page gives no other address: this same app. */
export const defaultBrowserBaseUrl = "/payments-sandbox";

export interface TokeniseOptions {
  /** The processor's base URL as the browser reaches it (default `/payments-sandbox`). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export type TokeniseOutcome =
  /** The card is now a single-use token; keep `token`, `brand` and `last4` only. */
  | { kind: "tokenised"; token: CardToken }
  /** The sandbox refused the card (`error.param` names the field to blame) or the key. */
  | { kind: "refused"; error: PaymentsErrorObject }
  /** No usable answer (network, timeout, an answer outside the contract): try again. */
  | { kind: "unavailable"; message: string };

/**
 * Tokenises a card from the browser with the publishable key, so the full
 * number goes straight to the processor and never to the portal's server.
 * Browser-safe: it holds no secret.
 */
export async function tokeniseCard(
  publishableKey: string,
  card: TokeniseRequest,
  options: TokeniseOptions = {},
): Promise<TokeniseOutcome> {
  const answer = await exchange({
    url: endpoint(options.baseUrl ?? defaultBrowserBaseUrl, "/tokens"),
    method: "POST",
    key: publishableKey,
    body: card,
    timeoutMs: options.timeoutMs ?? 15_000,
    fetch: options.fetch,
  });
  if (answer.kind === "no-answer") {
    return { kind: "unavailable", message: "The card could not be checked: the payment service did not answer." };
  }
  if (answer.status === 201) {
    const token = cardTokenSchema.safeParse(answer.json);
    if (token.success) return { kind: "tokenised", token: token.data };
  } else if (answer.error && answer.status < 500) {
    return { kind: "refused", error: answer.error };
  }
  return { kind: "unavailable", message: "The card could not be checked: the payment service is not available." };
}
