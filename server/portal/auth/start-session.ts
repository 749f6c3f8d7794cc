import "server-only";
import { env } from "@/server/config/env";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { logger } from "@/server/observability/logger";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { createStoredSession, deleteStoredSession, sessionIdHash, type MemberProvider } from "./session-store";

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
  return createStoredSession(
    db,
    {
      provider: member.provider,
      membershipNumber: member.membershipNumber,
      programme: member.programme,
      displayName: await displayName(member),
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

/** Ends a session: its tokens are deleted, so the cookie that named it opens nothing any more. */
export async function endMemberSessionById(sessionId: string): Promise<void> {
  await deleteStoredSession(await getPortalDatabase(), sessionIdHash(sessionId));
}

/**
 * The member's name for the portal's header, read once at sign-in with the
 * retrieve-membership extension. Optional: a service without it (or a
 * failure) leaves the header showing the membership number.
 */
async function displayName(member: SignedInMember): Promise<string | undefined> {
  try {
    const membership = await loyaltyService().retrieveMembership(member.membershipNumber, {
      accessToken: member.accessToken,
    });
    const { firstName, familyName } = membership.member.person.name;
    return (
      [firstName, familyName]
        .filter((part): part is string => Boolean(part))
        .map(titleCase)
        .join(" ") || undefined
    );
  } catch (error) {
    logger.info({ err: error }, "member name not available at sign-in");
    return undefined;
  }
}

/** The service stores names in upper-case ASCII; members read them better in title case. */
function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s'-])([a-z])/g, (_, separator: string, letter: string) => separator + letter.toUpperCase());
}
