import type { Database } from "@/server/db/connect";
import { authenticateOAuthClient, type OAuthClientWithPartner } from "@/server/loyalty/oauth/find-oauth-client";
import { parseBasicCredentials } from "./basic-credentials";
import { OAuthError } from "./oauth-error";

/**
 * The client named by `Authorization: Basic`, with a matching secret.
 * Missing, blank, malformed or wrong credentials all give invalid_client
 * (401): the answer does not tell which part was wrong.
 */
export async function authenticateBasicClient(
  db: Database,
  authorization: string | null,
): Promise<OAuthClientWithPartner> {
  const credentials = parseBasicCredentials(authorization);
  if (!credentials) throw new OAuthError("invalid_client", "client authentication missing or malformed");
  const client = await authenticateOAuthClient(db, credentials.clientId, credentials.secret);
  if (!client) throw new OAuthError("invalid_client", "client authentication failed");
  return client;
}
