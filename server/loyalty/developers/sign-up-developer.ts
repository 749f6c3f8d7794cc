import { eq } from "drizzle-orm";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { developerAccounts } from "./developer-tables";
import { isUniqueViolation } from "@/server/db/unique-violation";
import { consumeRateLimit } from "@/server/loyalty/rate-limits/consume-rate-limit";
import { countRateLimitRefusal } from "@/server/observability/refusal-metrics";
import { rateLimitKey, siteNetworkKey } from "@/server/http/client-address";
import { hashSecret, PasswordHashBusy } from "@/server/security/password-hash";
import { consoleBusyMessage } from "@/server/security/hash-queue";
import { createDeveloperSession } from "./developer-sessions";
import { preparePersonaHashes, provisionSandboxPartner } from "./provision-sandbox-partner";
import { newSandboxCredentials, type SandboxCredentials } from "./sandbox-credentials";

/** A wait in words: minutes under two hours, else hours (rounded up). */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

export const signUpMessages = {
  taken: "An account with this email already exists. Sign in instead.",
  tooMany: "Too many sign-ups from your network in the last hour. Try again later.",
  full: (seconds: number) =>
    `The sandbox has made as many new sandboxes as it can for now. Try again in ${waitText(seconds)}.`,
  busy: consoleBusyMessage,
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
  given: { email: string; password: string; address: string | undefined; now: Date },
): Promise<DeveloperSignUp> {
  // Live mode holds no sandbox account (README, "Two modes"): a sign-up would make a partner and persona copies with the published password.
  if (env().APP_MODE === "live") return { outcome: "refused", message: signUpMessages.live };
  // Emails are one account whatever their case (the forms' schema lowers them too).
  const input = { ...given, email: given.email.trim().toLowerCase() };
  const refusal = await signUpLimitRefusal(db, input.address, input.now, () => emailTaken(db, input.email));
  if (refusal) return refusal;

  const credentials = newSandboxCredentials();
  let hashes: [string, string, string, unknown];
  try {
    hashes = await Promise.all([
      hashSecret(input.password, "console"),
      hashSecret(credentials.clientSecret, "console"),
      hashSecret(credentials.partnerSecret, "console"),
      preparePersonaHashes(),
    ]);
  } catch (error) {
    if (error instanceof PasswordHashBusy)
      return { outcome: "refused", message: signUpMessages.busy(error.retryAfterSeconds) };
    throw error;
  }
  const [passwordHash, clientSecret, partnerSecret] = hashes;
  try {
    const accountId = await db.transaction(async (tx) => {
      const partner = await provisionSandboxPartner(tx, credentials, { clientSecret, partnerSecret }, input.now);
      const [account] = await tx
        .insert(developerAccounts)
        .values({ email: input.email, passwordHash, partnerId: partner.id, createdAt: input.now })
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

async function emailTaken(db: Database, email: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: developerAccounts.id })
    .from(developerAccounts)
    .where(eq(developerAccounts.email, email))
    .limit(1);
  return existing !== undefined;
}

/**
 * The sign-up limits, counted in the database before any work
 * (docs/decisions.md, "Sign-in and sign-up under a flood"): per IPv4 address
 * or IPv6 /64, then per IPv6 /48, then, for an email not yet taken, the
 * global caps per hour and per day. A refusal at one limit counts at none
 * of those after it, so one network's flood spends only its own allowance
 * and never the global one.
 */
async function signUpLimitRefusal(
  db: Database,
  address: string | undefined,
  now: Date,
  taken: () => Promise<boolean>,
): Promise<DeveloperSignUp | undefined> {
  const config = env();
  const count = (bucket: string, limit: number, windowSeconds: number) =>
    consumeRateLimit(db, `developer-sign-up:${bucket}`.slice(0, 100), limit, windowSeconds, now);
  // A limit's refusal is counted on /metrics; an email already taken is no limit.
  const limited = (message: string): DeveloperSignUp => {
    countRateLimitRefusal("developer-sign-up");
    return { outcome: "refused", message };
  };
  const perAddress = await count(rateLimitKey(address), config.DEVELOPER_SIGN_UPS_PER_ADDRESS_PER_HOUR, 3_600);
  if (!perAddress.allowed) return limited(signUpMessages.tooMany);
  const site = siteNetworkKey(address);
  if (site) {
    const perSite = await count(site, config.DEVELOPER_SIGN_UPS_PER_NETWORK_PER_HOUR, 3_600);
    if (!perSite.allowed) return limited(signUpMessages.tooMany);
  }
  if (await taken()) return { outcome: "refused", field: "email", message: signUpMessages.taken };
  const hourly = await count("all:hour", config.DEVELOPER_SIGN_UPS_PER_HOUR, 3_600);
  if (!hourly.allowed) return limited(signUpMessages.full(hourly.resetSeconds));
  const daily = await count("all:day", config.DEVELOPER_SIGN_UPS_PER_DAY, 86_400);
  if (!daily.allowed) return limited(signUpMessages.full(daily.resetSeconds));
  return undefined;
}
