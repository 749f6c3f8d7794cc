import { eq } from "drizzle-orm";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { developerAccounts } from "@/server/db/schema";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { consumeRateLimit } from "@/server/loyalty/rate-limits/consume-rate-limit";
import { countRateLimitRefusal } from "@/server/observability/refusal-metrics";
import { hashSecret } from "@/server/security/password-hash";
import { createDeveloperSession } from "./developer-sessions";
import { preparePersonaHashes, provisionSandboxPartner } from "./provision-sandbox-partner";
import { newSandboxCredentials, type SandboxCredentials } from "./sandbox-credentials";

/** Sign-ups per connecting address and hour: enough for a team trying the sandbox, not for a script filling it. */
export const signUpsPerAddressPerHour = 20;

export const signUpMessages = {
  taken: "An account with this email already exists. Sign in instead.",
  tooMany: "Too many sign-ups from your network in the last hour. Try again later.",
  live: "This deployment runs in live mode: it offers no sandbox, so no developer account can be made here.",
} as const;

export type DeveloperSignUp =
  | { outcome: "refused"; field?: "email"; message: string }
  | { outcome: "signed-up"; sessionId: string; expiresAt: Date; credentials: SandboxCredentials };

/**
 * A developer account and its sandbox partner, made together in one
 * transaction (a failure leaves neither), and a session. Every argon2 hash
 * (the password, the two client secrets; the personas' hashes are reused)
 * is computed before the transaction, which holds no slow work.
 */
export async function signUpDeveloper(
  db: Database,
  given: { email: string; password: string; address: string; now: Date },
): Promise<DeveloperSignUp> {
  // Live mode holds no sandbox account (README, "Two modes"): a sign-up would make a partner and persona copies with the published password.
  if (env().APP_MODE === "live") return { outcome: "refused", message: signUpMessages.live };
  // Emails are one account whatever their case (the forms' schema lowers them too).
  const input = { ...given, email: given.email.trim().toLowerCase() };
  const limit = await consumeRateLimit(
    db,
    `developer-sign-up:${input.address}`.slice(0, 100),
    signUpsPerAddressPerHour,
    3_600,
    input.now,
  );
  if (!limit.allowed) {
    countRateLimitRefusal("developer-sign-up");
    return { outcome: "refused", message: signUpMessages.tooMany };
  }
  const [existing] = await db
    .select({ id: developerAccounts.id })
    .from(developerAccounts)
    .where(eq(developerAccounts.email, input.email))
    .limit(1);
  if (existing) return { outcome: "refused", field: "email", message: signUpMessages.taken };

  const credentials = newSandboxCredentials();
  const [passwordHash, clientSecret, partnerSecret] = await Promise.all([
    hashSecret(input.password),
    hashSecret(credentials.clientSecret),
    hashSecret(credentials.partnerSecret),
    preparePersonaHashes(),
  ]);
  try {
    const accountId = await db.transaction(async (tx) => {
      const partner = await provisionSandboxPartner(
        tx,
        credentials,
        { clientSecret: clientSecret!, partnerSecret: partnerSecret! },
        input.now,
      );
      const [account] = await tx
        .insert(developerAccounts)
        .values({ email: input.email, passwordHash: passwordHash!, partnerId: partner.id, createdAt: input.now })
        .returning({ id: developerAccounts.id });
      return account!.id;
    });
    const session = await createDeveloperSession(db, accountId, input.now);
    return { outcome: "signed-up", ...session, credentials };
  } catch (error) {
    // Two sign-ups with one email at once: the database lets one through.
    if (isUniqueViolation(error)) return { outcome: "refused", field: "email", message: signUpMessages.taken };
    throw error;
  }
}
