import "server-only";
import { decode } from "next-auth/jwt";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { loginPath, type LoginReason } from "@/lib/portal/login-path";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { authSecret } from "./auth-secret";
import { sessionCookieName } from "./auth-options";
import { ensureFreshTokens } from "./refresh-session";
import { deleteStoredSession, findStoredSession, sessionIdHash } from "./session-store";

/** The signed-in member, as the portal's pages see it. The tokens themselves never leave the server. */
export interface MemberSession {
  membershipNumber: string;
  programme: string;
  /** A current access token for the member's programme, refreshed when needed. */
  accessToken: string;
  /** The member's display name, when the service told us. */
  name?: string;
  /** The language of the member's pages, as the session stores it (no call to the service to learn it). */
  locale?: Locale;
}

/** Request header set by proxy.ts: the page asked for, to come back to after login. */
export const requestedPathHeader = "x-portal-path";

/** The session id, membership and programme from next-auth's (encrypted) cookie. */
async function readSessionCookie(): Promise<{ sid: string; membershipNumber: string; programme: string } | null> {
  const value = (await cookies()).get(sessionCookieName())?.value;
  if (!value) return null;
  try {
    const token = await decode({ token: value, secret: authSecret() });
    if (!token?.sid || !token.membershipNumber || !token.programme) return null;
    return { sid: token.sid, membershipNumber: token.membershipNumber, programme: token.programme };
  } catch {
    // A cookie sealed under another secret, or tampered with: nobody is signed in.
    return null;
  }
}

// One lookup (and at most one refresh) per request, however many server components ask.
const currentMemberSession = cache(async (): Promise<MemberSession | null> => {
  const cookie = await readSessionCookie();
  if (!cookie) return null;
  const db = await getPortalDatabase();
  const stored = await findStoredSession(db, sessionIdHash(cookie.sid));
  if (!stored || stored.membershipNumber !== cookie.membershipNumber || stored.programme !== cookie.programme)
    return null;
  if (stored.expiresAt.getTime() <= Date.now()) {
    await deleteStoredSession(db, stored.idHash);
    return null;
  }
  const fresh = await ensureFreshTokens(db, stored);
  if (!fresh) return null;
  return {
    membershipNumber: fresh.membershipNumber,
    programme: fresh.programme,
    accessToken: fresh.accessToken,
    ...(fresh.displayName ? { name: fresh.displayName } : {}),
    ...(fresh.locale ? { locale: fresh.locale } : {}),
  };
});

/** The hash naming the current session's row, or null when nobody is signed in (the language switch stores its choice there). */
export async function currentSessionIdHash(): Promise<string | null> {
  const cookie = await readSessionCookie();
  return cookie ? sessionIdHash(cookie.sid) : null;
}

/** The current member's session, or null when nobody is signed in (or the session has ended). */
export async function getMemberSession(): Promise<MemberSession | null> {
  return currentMemberSession();
}

/** The current member's session; without one, a redirect to /login that comes back here afterwards. */
export async function requireMemberSession(): Promise<MemberSession> {
  const session = await getMemberSession();
  if (!session) redirect(await loginPathForThisPage());
  return session;
}

/**
 * Ends the current session on the server (its tokens are deleted) and
 * sends the member to log in again: for a token the service no longer
 * accepts (401), which no refresh can mend.
 */
export async function endSessionAndLogIn(reason: LoginReason = "session-expired"): Promise<never> {
  const cookie = await readSessionCookie();
  if (cookie) await deleteStoredSession(await getPortalDatabase(), sessionIdHash(cookie.sid));
  redirect(await loginPathForThisPage(reason));
}

async function loginPathForThisPage(reason?: LoginReason): Promise<string> {
  const requested = (await headers()).get(requestedPathHeader);
  return loginPath(requested ?? undefined, reason);
}
