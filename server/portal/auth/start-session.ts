import "server-only";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { localeOfLanguageCode } from "@/lib/i18n/locales";
import { env } from "@/server/config/env";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { logger } from "@/server/observability/logger";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { customerDetails, recordCustomer } from "@/server/portal/staff/record-customer";
import {
  createStoredSession,
  deleteStoredSession,
  findStoredSession,
  sessionIdHash,
  type MemberProvider,
  type StoredSession,
} from "./session-store";
import { furtherProgrammesClient, memberLoginClient, tokenService } from "./token-service";

export interface SignedInMember {
  provider: MemberProvider;
  membershipNumber: string;
  programme: string;
  accessToken: string;
  refreshToken?: string;
  /** Seconds since the epoch, as next-auth's account carries it. */
  accessExpiresAt?: number;
}

/** Stores a new sign-in's tokens and answers the session id the cookie will carry. */
export async function startMemberSession(member: SignedInMember, now = new Date()): Promise<string> {
  const db = await getPortalDatabase();
  const membership = await readMembership(member);
  await rememberCustomer(member, membership);
  return createStoredSession(
    db,
    {
      provider: member.provider,
      membershipNumber: member.membershipNumber,
      programme: member.programme,
      displayName: membership ? displayName(membership) : undefined,
      // The profile's language, read once here: the pages take it from the session from now on.
      locale: localeOfLanguageCode(membership?.member.person.locale?.languageCode),
      accessToken: member.accessToken,
      // A token answer without expires_in is treated as short-lived rather than as eternal.
      accessExpiresAt: new Date(member.accessExpiresAt ? member.accessExpiresAt * 1000 : now.getTime() + 5 * 60_000),
      // Only the primary programme's refresh token can be used by the portal (A2 refresh_token grant).
      refreshToken: member.provider === "loyalty" ? member.refreshToken : undefined,
      expiresAt: new Date(now.getTime() + env().PORTAL_SESSION_HOURS * 3_600_000),
    },
    now,
  );
}

/**
 * Ends a session: its tokens are deleted, so the cookie that named it opens
 * nothing any more, then revoked at the service (RFC 7009 extension), so a
 * copy of them elsewhere stops working too. The row goes first: a service
 * that cannot be reached leaves tokens that expire by themselves, never a
 * session that stays open.
 */
export async function endMemberSessionById(sessionId: string): Promise<void> {
  const db = await getPortalDatabase();
  const idHash = sessionIdHash(sessionId);
  const stored = await findStoredSession(db, idHash);
  await deleteStoredSession(db, idHash);
  if (stored) await revokeSessionTokens(stored);
}

/** The refresh token ends the whole family (every access token of that login); the further programmes have only an access token. */
async function revokeSessionTokens(session: StoredSession): Promise<void> {
  try {
    if (session.provider === "loyalty") {
      await tokenService().revokeToken(
        memberLoginClient(),
        session.refreshToken ?? session.accessToken,
        session.refreshToken ? "refresh_token" : "access_token",
      );
    } else {
      await tokenService().revokeToken(furtherProgrammesClient(), session.accessToken, "access_token");
    }
  } catch (error) {
    logger.warn({ err: error, provider: session.provider }, "token revocation at sign-out failed");
  }
}

/**
 * The member's profile, read once at sign-in with the retrieve-membership
 * extension (the header's name, the staff console's customer record).
 * Optional: a service without it (or a failure) leaves the header showing
 * the membership number.
 */
async function readMembership(member: SignedInMember): Promise<MembershipResponse | undefined> {
  try {
    return await loyaltyService().retrieveMembership(member.membershipNumber, { accessToken: member.accessToken });
  } catch (error) {
    logger.info({ err: error }, "member profile not available at sign-in");
    return undefined;
  }
}

function displayName(membership: MembershipResponse): string | undefined {
  const { firstName, familyName } = membership.member.person.name;
  return (
    [firstName, familyName]
      .filter((part): part is string => Boolean(part))
      .map(titleCase)
      .join(" ") || undefined
  );
}

/**
 * Every member who signs in becomes one of the partner's customers the
 * staff console can find by name or email. A failure here must not stop
 * the sign-in.
 */
async function rememberCustomer(member: SignedInMember, membership: MembershipResponse | undefined): Promise<void> {
  try {
    await recordCustomer(
      await getPortalDatabase(),
      membership
        ? customerDetails(membership, member.programme)
        : { membershipNumber: member.membershipNumber, programme: member.programme },
    );
  } catch (error) {
    logger.warn({ err: error }, "customer not recorded at sign-in");
  }
}

/** The service stores names in upper-case ASCII; members read them better in title case. */
function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_, separator: string, letter: string) => separator + letter.toUpperCase());
}
