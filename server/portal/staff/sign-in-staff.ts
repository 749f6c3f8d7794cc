import "server-only";
import { randomBytes } from "node:crypto";
import type { StaffRole } from "@/lib/portal/staff/staff-roles";
import type { Database } from "@/server/portal/db/portal-database";
import { rateLimitKey } from "@/server/http/client-address";
import { hitRateLimit } from "@/server/portal/rate-limit/hit-rate-limit";
import { rateLimitRules } from "@/server/portal/rate-limit/rate-limit-rule";
import { countSignInRefusal } from "@/server/observability/refusal-metrics";
import { consoleBusyMessage } from "@/server/security/hash-queue";
import { hashSecret, PasswordHashBusy, verifySecret } from "@/server/security/password-hash";
import { appendAuditEvent } from "./append-audit-event";
import { canonicalUsername, findStaffAccountByUsername } from "./staff-account";
import { clearStaffLoginAttempts, reserveStaffLoginAttempt } from "./staff-login-throttle";
import { createStaffSession, type StaffSessionLifetime } from "./staff-session-store";

export const staffSignInMessages = {
  incorrect: "The username or password is incorrect.",
  locked: "Too many attempts for this username. Try again in 15 minutes.",
  addressLimited: (minutes: number) =>
    `Too many sign-in attempts from your network. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`,
  disabled: "This staff account is disabled. Ask an administrator.",
} as const;

export type StaffSignIn =
  | { outcome: "refused"; message: string }
  | { outcome: "signed-in"; sessionId: string; expiresAt: Date; username: string; role: StaffRole };

export interface StaffSignInInput {
  username: string;
  password: string;
  ip: string | undefined;
  requestId: string;
  lifetime: StaffSessionLifetime;
  now: Date;
}

/**
 * A staff sign-in, by the member login's rules: first the address's limit
 * (STAFF_SIGN_IN_LIMIT per window, whatever the username), then the attempt
 * is reserved, both BEFORE the password is verified (one statement that
 * refuses while the username is locked from this address), an unknown username is verified against a hash
 * nobody knows (same time, same message), the right password clears the
 * count, and a disabled account is told so only after the right password.
 * The session and its `staff.signed_in` row are written in one transaction.
 */
export async function signInStaff(db: Database, input: StaffSignInInput): Promise<StaffSignIn> {
  const username = canonicalUsername(input.username);
  const clientKey = rateLimitKey(input.ip);
  const perAddress = await hitRateLimit(db, rateLimitRules().staffSignIn, clientKey, input.now);
  if (!perAddress.allowed) {
    const minutes = Math.max(1, Math.ceil(perAddress.retryAfterSeconds / 60));
    return { outcome: "refused", message: staffSignInMessages.addressLimited(minutes) };
  }
  const reservation = await reserveStaffLoginAttempt(db, username, clientKey, input.now);
  if (!reservation.granted) {
    countSignInRefusal("staff", "locked");
    return { outcome: "refused", message: staffSignInMessages.locked };
  }

  const account = await findStaffAccountByUsername(db, username);
  let matches: boolean;
  try {
    matches = await verifySecret(account?.passwordHash ?? (await unknownUsernameHash()), input.password, "console");
  } catch (error) {
    // Too much password work waits in this process: said at once, in the console's words.
    if (error instanceof PasswordHashBusy)
      return { outcome: "refused", message: consoleBusyMessage(error.retryAfterSeconds) };
    throw error;
  }
  if (!account || !matches) {
    countSignInRefusal("staff", "incorrect");
    return {
      outcome: "refused",
      message: reservation.locks ? staffSignInMessages.locked : staffSignInMessages.incorrect,
    };
  }
  await clearStaffLoginAttempts(db, username, clientKey);
  if (account.disabledAt !== null) {
    countSignInRefusal("staff", "account-refused");
    return { outcome: "refused", message: staffSignInMessages.disabled };
  }

  const session = await db.transaction(async (tx) => {
    const started = await createStaffSession(tx, account.id, input.lifetime, input.now);
    await appendAuditEvent(
      tx,
      { username: account.username, role: account.role as StaffRole, ip: input.ip, requestId: input.requestId },
      {
        action: "staff.signed_in",
        outcome: "succeeded",
        targetType: "staff",
        targetId: account.username,
        after: { sessionExpiresAt: started.expiresAt.toISOString() },
      },
      input.now,
    );
    return started;
  });
  return {
    outcome: "signed-in",
    sessionId: session.sessionId,
    expiresAt: session.expiresAt,
    username: account.username,
    role: account.role as StaffRole,
  };
}

let unknownHash: Promise<string> | undefined;

/** A hash of a value nobody knows, with the same parameters, so an unknown username takes as long to refuse. */
function unknownUsernameHash(): Promise<string> {
  unknownHash ??= hashSecret(randomBytes(32).toString("hex"), "internal");
  return unknownHash;
}
