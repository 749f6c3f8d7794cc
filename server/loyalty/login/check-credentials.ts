import { randomBytes } from "node:crypto";
import type { Database } from "@/server/db/connect";
import { findMemberByUsername, type MemberRecord } from "@/server/loyalty/members/find-member";
import { isRefusedAtLogin, loginRefusalReasons } from "@/server/loyalty/members/login-refusals";
import { countSignInRefusal } from "@/server/observability/refusal-metrics";
import { hashSecret, verifySecret } from "@/server/security/password-hash";
import { loginMessages, type LoginMessage } from "./login-messages";
import { clearFailedLogins, reserveLoginAttempt } from "./login-throttle";

export type CredentialCheck =
  /** Shown on the form, which is shown again. */
  | { outcome: "message"; message: LoginMessage }
  /** Right credentials, but the member may not log in (E1 401 UNAUTHORIZED). */
  | { outcome: "refused"; reason: string; member: MemberRecord }
  | { outcome: "authenticated"; member: MemberRecord };

export interface CredentialInput {
  username: string;
  password: string;
  now: Date;
  /** Whether the member belongs to the programme being logged in to; a stranger is told "incorrect". */
  admits: (member: MemberRecord) => Promise<boolean>;
}

// 6 to 50 characters, starting and ending with a letter or digit.
const usernamePattern = /^[A-Za-z0-9][A-Za-z0-9.@_-]{4,48}[A-Za-z0-9]$/;
const passwordLength = { min: 8, max: 20 } as const;

/** Whether a username has the login format (surrounding spaces aside), and so may be shown again on the form. */
export function isWellFormedUsername(username: string): boolean {
  return usernamePattern.test(username.trim());
}

/** The message for input that cannot be a login at all, checked before anything is looked up. */
export function credentialInputProblem(username: string, password: string): LoginMessage | undefined {
  const blankUsername = username.trim() === "";
  const blankPassword = password.trim() === "";
  if (blankUsername && blankPassword) return loginMessages.blankUsernameAndPassword;
  if (blankUsername) return loginMessages.blankUsername;
  if (blankPassword) return loginMessages.blankPassword;
  // Counted in code points, so a password of accented letters is not measured in UTF-16 units.
  const length = [...password].length;
  if (!usernamePattern.test(username.trim()) || length < passwordLength.min || length > passwordLength.max) {
    return loginMessages.invalidFormat;
  }
  return undefined;
}

/**
 * Checks a username and password: format, lock, password, programme, then
 * the account's state. An unknown username, a wrong password and a member of
 * another programme are the same failure, counted alike and answered after
 * the same argon2 verification, so neither the message nor the timing nor
 * the lock tells whether a username exists.
 */
export async function checkCredentials(db: Database, input: CredentialInput): Promise<CredentialCheck> {
  const problem = credentialInputProblem(input.username, input.password);
  if (problem) return { outcome: "message", message: problem };
  const username = input.username.trim();

  // The attempt is counted BEFORE the password is verified, by one statement
  // that refuses at the limit: a burst of guesses sent together gets exactly
  // the allowed number of verifications. While locked the password is not
  // even verified: a guess cannot succeed, so it costs nothing.
  const reservation = await reserveLoginAttempt(db, username, input.now);
  if (!reservation.granted) {
    countSignInRefusal("member", "locked");
    return { outcome: "message", message: loginMessages.multipleAttempts };
  }

  const found = await findMemberByUsername(db, username);
  const storedHash = found?.securityProfile?.passwordHash ?? (await unknownUsernameHash());
  const passwordMatches = await verifySecret(storedHash, input.password);
  if (!found?.securityProfile || !passwordMatches || !(await input.admits(found))) {
    // Already counted by the reservation; the one that reached the maximum locked the username.
    countSignInRefusal("member", "incorrect");
    return {
      outcome: "message",
      message: reservation.locks ? loginMessages.multipleAttempts : loginMessages.invalidCredentials,
    };
  }

  // The password was right: earlier failures are forgotten even if the account is then refused.
  await clearFailedLogins(db, username);
  const refusal = refusalReason(found);
  if (refusal) {
    countSignInRefusal("member", "account-refused");
    return { outcome: "refused", reason: refusal, member: found };
  }
  return { outcome: "authenticated", member: found };
}

/** E1's refusals, in its words: inactive, blocked, fraud, expired password; nothing else. */
function refusalReason(record: MemberRecord): string | undefined {
  const status = record.account.status;
  if (isRefusedAtLogin(status)) return loginRefusalReasons[status];
  if (record.securityProfile?.passwordExpired) return "password expired";
  return undefined;
}

let unknownHash: Promise<string> | undefined;

/** A hash of a value nobody knows, made with the same parameters as members' hashes so verifying it takes as long. */
function unknownUsernameHash(): Promise<string> {
  unknownHash ??= hashSecret(randomBytes(32).toString("hex"), "internal");
  return unknownHash;
}
