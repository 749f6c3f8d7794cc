import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners, type Partner } from "@/server/loyalty/partners/partner-tables";
import { developerAccounts, developerLoginThrottles } from "./developer-tables";
import { deleteSandboxMembers } from "./reset-developer-sandbox";

/**
 * Deletes a developer sandbox and everything its developer owned, inside the
 * caller's transaction: the member copies with their accounts, journal,
 * idempotency keys and membership changes (the reset's own path,
 * deleteSandboxMembers), the developer's failed sign-ins, then the partner,
 * whose deletion takes the rest with it (api keys, OAuth clients with their
 * redirect URIs, codes and tokens, programmes joined, idempotency keys,
 * request log, developer accounts and sessions, webhook endpoints, events,
 * deliveries, attempts and receipts). Refuses any partner that is not a
 * developer's own sandbox: the Demo Partner and the seeded partners stay.
 */
export async function deleteDeveloperSandbox(tx: Database, partner: Partner): Promise<void> {
  if (!partner.developerSandbox) throw new Error("only a developer's own sandbox is deleted");
  await deleteSandboxMembers(tx, partner);
  const emails = tx
    .select({ email: developerAccounts.email })
    .from(developerAccounts)
    .where(eq(developerAccounts.partnerId, partner.id));
  await tx.delete(developerLoginThrottles).where(inArray(developerLoginThrottles.email, emails));
  await tx.delete(partners).where(eq(partners.id, partner.id));
}
