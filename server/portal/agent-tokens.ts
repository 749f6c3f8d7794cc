import "server-only";
import { createClientTokenProvider, type ClientTokenSource } from "@/lib/loyalty-client/client-token-provider";
import { memberLoginClient, tokenService } from "@/server/portal/auth/token-service";

/** What the portal's offline channels do: read accounts and memberships, update memberships, reverse debits. */
export const offlineChannelScopes = [
  "retrieve_account",
  "retrieve_membership",
  "write",
  "reverse_transaction",
] as const;

let provider: ClientTokenSource | undefined;

/**
 * The partner's client token for agent calls (the checkout's recovery worker,
 * the staff console): A2 client_credentials with the partner's own client,
 * reused until shortly before it expires.
 */
export function partnerClientTokens(): ClientTokenSource {
  provider ??= createClientTokenProvider({
    tokenClient: tokenService(),
    client: memberLoginClient(),
    scopes: offlineChannelScopes,
  });
  return provider;
}
