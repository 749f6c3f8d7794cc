import { and, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { developerLoginThrottles, developerSessions } from "@/server/loyalty/developers/developer-tables";
import { loginThrottles } from "@/server/loyalty/login/login-tables";
import { registrationThrottles } from "@/server/loyalty/members/member-tables";
import { authorisationCodes, signingKeys, tokens } from "@/server/loyalty/oauth/token-tables";
import { rateLimitWindows } from "@/server/loyalty/rate-limits/rate-limit-tables";
import { loginThrottlePolicy } from "@/server/loyalty/login/login-throttle";
import { registrationThrottlePolicy } from "@/server/loyalty/members/registration-throttle";
import type { AttemptPolicy } from "@/server/loyalty/security/attempt-throttle";

/**
 * Spent authorisation codes are kept a day after they expire, so a replay
 * soon after still finds the code and revokes the tokens issued from it
 * (RFC 6749 §4.1.2) instead of reading as an unknown code.
 */
export const spentCodeRetentionSeconds = 24 * 3_600;

export interface PurgedRows {
  authorisationCodes: number;
  tokens: number;
  loginThrottles: number;
  registrationThrottles: number;
  rateLimitWindows: number;
  signingKeys: number;
  developerSessions: number;
  developerLoginThrottles: number;
}

/**
 * Deletes what no longer counts for anything: authorisation codes a day
 * past their expiry, expired access and refresh tokens (a refresh token
 * expires with its family), throttle rows whose window and lock are over,
 * ended rate-limit windows, retired signing keys past their time to
 * verify (their private keys go with them), ended developer sessions and
 * developer sign-in throttle rows whose window and lock are over. Safe to run at any time and on
 * several instances at once; the portal's worker calls it periodically.
 */
export async function purgeExpired(db: Database, now: Date = new Date()): Promise<PurgedRows> {
  const codeCutoff = new Date(now.getTime() - spentCodeRetentionSeconds * 1000);
  const count = async (deleted: Promise<unknown[]>) => (await deleted).length;
  return {
    authorisationCodes: await count(
      db
        .delete(authorisationCodes)
        .where(lt(authorisationCodes.expiresAt, codeCutoff))
        .returning({ key: authorisationCodes.codeHash }),
    ),
    tokens: await count(db.delete(tokens).where(lte(tokens.expiresAt, now)).returning({ key: tokens.id })),
    loginThrottles: await count(
      db
        .delete(loginThrottles)
        .where(throttleOver(loginThrottles, loginThrottlePolicy, now))
        .returning({ key: loginThrottles.username }),
    ),
    registrationThrottles: await count(
      db
        .delete(registrationThrottles)
        .where(throttleOver(registrationThrottles, registrationThrottlePolicy, now))
        .returning({ key: registrationThrottles.memberId }),
    ),
    rateLimitWindows: await count(
      db
        .delete(rateLimitWindows)
        .where(lte(rateLimitWindows.expiresAt, now))
        .returning({ key: rateLimitWindows.bucket }),
    ),
    signingKeys: await count(
      db
        .delete(signingKeys)
        .where(
          and(isNotNull(signingKeys.verifyUntil), lte(signingKeys.verifyUntil, now), sql`not ${signingKeys.active}`),
        )
        .returning({ key: signingKeys.kid }),
    ),
    developerSessions: await count(
      db
        .delete(developerSessions)
        .where(lte(developerSessions.expiresAt, now))
        .returning({ key: developerSessions.idHash }),
    ),
    // Developers sign in by the member login's rules (sign-in-developer.ts), so its policy says when a row is over.
    developerLoginThrottles: await count(
      db
        .delete(developerLoginThrottles)
        .where(throttleOver(developerLoginThrottles, loginThrottlePolicy, now))
        .returning({ key: developerLoginThrottles.email }),
    ),
  };
}

/** A throttle row that counts no more: its lock is over, or it holds no lock and its window has passed. */
function throttleOver(
  table: typeof loginThrottles | typeof registrationThrottles | typeof developerLoginThrottles,
  policy: AttemptPolicy,
  now: Date,
) {
  const windowStart = new Date(now.getTime() - policy.windowSeconds * 1000);
  return or(
    and(isNotNull(table.lockedUntil), lte(table.lockedUntil, now)),
    and(isNull(table.lockedUntil), lte(table.firstFailedAt, windowStart)),
  );
}
