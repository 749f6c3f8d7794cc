import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { developerAccounts } from "@/server/db/schema";
import { loginThrottlePolicy } from "@/server/loyalty/login/login-throttle";
import { clearAttempts, reserveAttempt, type ThrottleTable } from "@/server/loyalty/security/attempt-throttle";
import { countSignInRefusal } from "@/server/observability/refusal-metrics";
import { hashSecret, verifySecret } from "@/server/security/password-hash";
import { createDeveloperSession } from "./developer-sessions";

export const signInMessages = {
  incorrect: "The email or password is incorrect.",
  locked: "Too many attempts for this email. Try again in 15 minutes.",
} as const;

const developerThrottle: ThrottleTable = { table: "developer_login_throttles", keyColumn: "email" };

export type DeveloperSignIn =
  { outcome: "refused"; message: string } | { outcome: "signed-in"; sessionId: string; expiresAt: Date };

/**
 * A developer's sign-in, by the member login's rules (one policy,
 * `loginThrottlePolicy`): the attempt is reserved before the password is
 * verified, by one statement that refuses while the email is locked (5
 * failures in 15 minutes lock it for 15); an unknown email is verified
 * against a hash nobody knows, so time and message tell nothing; the right
 * password clears the count.
 */
export async function signInDeveloper(
  db: Database,
  given: { email: string; password: string; now: Date },
): Promise<DeveloperSignIn> {
  // Emails are one account whatever their case (the forms' schema lowers them too).
  const input = { ...given, email: given.email.trim().toLowerCase() };
  const reservation = await reserveAttempt(db, developerThrottle, input.email, loginThrottlePolicy, input.now);
  if (!reservation.granted) {
    countSignInRefusal("developer", "locked");
    return { outcome: "refused", message: signInMessages.locked };
  }
  const [account] = await db.select().from(developerAccounts).where(eq(developerAccounts.email, input.email)).limit(1);
  const matches = await verifySecret(account?.passwordHash ?? (await unknownEmailHash()), input.password);
  if (!account || !matches) {
    countSignInRefusal("developer", "incorrect");
    return { outcome: "refused", message: reservation.locks ? signInMessages.locked : signInMessages.incorrect };
  }
  await clearAttempts(db, developerThrottle, input.email);
  return { outcome: "signed-in", ...(await createDeveloperSession(db, account.id, input.now)) };
}

let unknownHash: Promise<string> | undefined;

function unknownEmailHash(): Promise<string> {
  unknownHash ??= hashSecret(randomBytes(32).toString("hex"));
  return unknownHash;
}
