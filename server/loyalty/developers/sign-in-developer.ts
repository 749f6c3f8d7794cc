import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { env } from "@/server/config/env";
import type { Database } from "@/server/db/connect";
import { developerAccounts } from "./developer-tables";
import { rateLimitKey } from "@/server/http/client-address";
import { loginThrottlePolicy } from "@/server/loyalty/login/login-throttle";
import { consumeRateLimit } from "@/server/loyalty/rate-limits/consume-rate-limit";
import { clearAttempts, reserveAttempt, type ThrottleTable } from "@/server/loyalty/security/attempt-throttle";
import { countRateLimitRefusal, countSignInRefusal } from "@/server/observability/refusal-metrics";
import { hashSecret, PasswordHashBusy, verifySecret } from "@/server/security/password-hash";
import { consoleBusyMessage } from "@/server/security/hash-queue";
import { createDeveloperSession } from "./developer-sessions";

const minutes = (count: number) => (count === 1 ? "1 minute" : `${count} minutes`);

export const signInMessages = {
  incorrect: "The email or password is incorrect.",
  locked: "Too many attempts for this email from your network. Try again in 15 minutes.",
  addressLimited: (wait: number) => `Too many sign-in attempts from your network. Try again in ${minutes(wait)}.`,
  busy: consoleBusyMessage,
} as const;

const developerThrottle: ThrottleTable = {
  table: "developer_login_throttles",
  keyColumn: "email",
  clientColumn: "client_key",
};

export type DeveloperSignIn =
  { outcome: "refused"; message: string } | { outcome: "signed-in"; sessionId: string; expiresAt: Date };

/**
 * A developer's sign-in, by the staff sign-in's rules: first the address's
 * limit (DEVELOPER_SIGN_IN_LIMIT per window, whatever the email), then the
 * attempt is reserved, both BEFORE the password is verified, by one
 * statement that refuses while the email is locked FROM THIS ADDRESS (the
 * member login's policy, `loginThrottlePolicy`: 5 failures in 15 minutes
 * lock it for 15), so an outsider's guesses never lock the developer out
 * elsewhere; an unknown email is verified against a hash nobody knows, so
 * time and message tell nothing; the right password clears the count and
 * counts as the sandbox's activity. `address` is the client's (trusted
 * proxies only); an IPv6 address counts by its /64.
 */
export async function signInDeveloper(
  db: Database,
  given: { email: string; password: string; address: string | undefined; now: Date },
): Promise<DeveloperSignIn> {
  // Emails are one account whatever their case (the forms' schema lowers them too).
  const email = given.email.trim().toLowerCase();
  const client = rateLimitKey(given.address);
  const config = env();
  const perAddress = await consumeRateLimit(
    db,
    `developer-sign-in:${client}`.slice(0, 100),
    config.DEVELOPER_SIGN_IN_LIMIT,
    config.DEVELOPER_SIGN_IN_WINDOW_SECONDS,
    given.now,
  );
  if (!perAddress.allowed) {
    countRateLimitRefusal("developer-sign-in");
    return {
      outcome: "refused",
      message: signInMessages.addressLimited(Math.max(1, Math.ceil(perAddress.resetSeconds / 60))),
    };
  }
  const key = { key: email, client };
  const reservation = await reserveAttempt(db, developerThrottle, key, loginThrottlePolicy, given.now);
  if (!reservation.granted) {
    countSignInRefusal("developer", "locked");
    return { outcome: "refused", message: signInMessages.locked };
  }
  const [account] = await db.select().from(developerAccounts).where(eq(developerAccounts.email, email)).limit(1);
  let matches: boolean;
  try {
    matches = await verifySecret(account?.passwordHash ?? (await unknownEmailHash()), given.password, "console");
  } catch (error) {
    if (error instanceof PasswordHashBusy)
      return { outcome: "refused", message: signInMessages.busy(error.retryAfterSeconds) };
    throw error;
  }
  if (!account || !matches) {
    countSignInRefusal("developer", "incorrect");
    return { outcome: "refused", message: reservation.locks ? signInMessages.locked : signInMessages.incorrect };
  }
  await clearAttempts(db, developerThrottle, key);
  await db.update(developerAccounts).set({ lastSignedInAt: given.now }).where(eq(developerAccounts.id, account.id));
  return { outcome: "signed-in", ...(await createDeveloperSession(db, account.id, given.now)) };
}

let unknownHash: Promise<string> | undefined;

function unknownEmailHash(): Promise<string> {
  unknownHash ??= hashSecret(randomBytes(32).toString("hex"), "internal");
  return unknownHash;
}
