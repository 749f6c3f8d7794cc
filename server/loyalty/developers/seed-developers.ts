import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { developerAccounts } from "./developer-tables";
import { sandbox } from "@/server/loyalty/sandbox/sandbox-file";
import { hashSecret } from "@/server/security/password-hash";

/**
 * The developer accounts of sandbox.json (the Demo Partner's), added to a
 * database that lacks them: on first start after the sandbox seed, and on a
 * database seeded before the developer console existed. Emails already
 * present are left alone (a concurrent start inserts nothing twice).
 */
export async function ensureDevelopersSeeded(db: Database, now = new Date()): Promise<void> {
  const wanted = sandbox.developers.map((developer) => ({ ...developer, email: developer.email.toLowerCase() }));
  if (wanted.length === 0) return;
  const present = await db
    .select({ email: developerAccounts.email })
    .from(developerAccounts)
    .where(
      inArray(
        developerAccounts.email,
        wanted.map((developer) => developer.email),
      ),
    );
  const missing = wanted.filter((developer) => !present.some((row) => row.email === developer.email));
  for (const developer of missing) {
    const [partner] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.partnerIdentifier, developer.partner))
      .limit(1);
    if (!partner) throw new Error(`sandbox.json names an unknown partner for developer ${developer.email}`);
    await db
      .insert(developerAccounts)
      .values({
        email: developer.email,
        passwordHash: await hashSecret(developer.password, "internal"),
        partnerId: partner.id,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
}
