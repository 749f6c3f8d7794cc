import type { z } from "zod";
import type { Database } from "@/server/db/connect";
import type { OAuthClient } from "@/server/loyalty/oauth/client-tables";
import { findOAuthClient, type OAuthClientWithPartner } from "@/server/loyalty/oauth/find-oauth-client";

/**
 * The client a login page was opened for: well formed, registered, of the
 * page's kind, and of an active partner. Undefined otherwise, and the page
 * then says so without redirecting anywhere.
 */
export async function findLoginClient(
  db: Database,
  clientId: unknown,
  format: z.ZodType<string>,
  kind: OAuthClient["kind"],
): Promise<OAuthClientWithPartner | undefined> {
  const parsed = format.safeParse(clientId);
  if (!parsed.success) return undefined;
  const found = await findOAuthClient(db, parsed.data);
  return found && found.client.kind === kind && found.partner.status === "ACTIVE" ? found : undefined;
}
