import "server-only";
import type { NextAuthOptions } from "next-auth";
import { defaultAfterLogin, sameOriginPath } from "@/lib/portal/login-path";
import { env } from "@/server/config/env";
import { logger } from "@/server/observability/logger";
import { authSecret } from "./auth-secret";
import { furtherProgrammeProvider } from "./further-programme-provider";
import { loyaltyProvider } from "./loyalty-provider";
import type { MemberProvider } from "./session-store";
import { endMemberSessionById, startMemberSession } from "./start-session";

const providerIds: readonly string[] = ["loyalty", "meridian", "horizon"] satisfies MemberProvider[];

let cached: NextAuthOptions | undefined;

/** The portal's public origin for sign-in: NEXTAUTH_URL, else APP_ORIGIN. */
export function portalAuthOrigin(): string {
  const config = env();
  return (config.NEXTAUTH_URL ?? config.APP_ORIGIN).replace(/\/$/, "");
}

/** Name of next-auth's session cookie (the `__Secure-` prefix over https, as next-auth does). */
export function sessionCookieName(): string {
  return `${portalAuthOrigin().startsWith("https://") ? "__Secure-" : ""}next-auth.session-token`;
}

/**
 * Where next-auth sends the member after sign-in or sign-out (the
 * callbackUrl it was given, kept in a cookie in between): a page of the
 * portal's own origin, as the URL parser re-serialises it, else the
 * default page. next-auth's own check (`url.startsWith("/")`) lets a tab
 * or a line break through.
 */
export function portalRedirect(url: string, baseUrl: string): string {
  return `${baseUrl}${sameOriginPath(url, baseUrl) ?? defaultAfterLogin}`;
}

/**
 * next-auth (v4) for the portal's members. JWT sessions whose cookie holds
 * only a random session id, the membership number and the programme; the
 * tokens stay in portal.member_sessions (see start-session.ts), are
 * refreshed by getMemberSession(), and are deleted at logout.
 */
export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  // next-auth reads its own origin from the environment at request time.
  if (!process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = portalAuthOrigin();
  const maxAge = env().PORTAL_SESSION_HOURS * 3_600;
  cached = {
    secret: authSecret(),
    providers: [loyaltyProvider(), furtherProgrammeProvider("meridian"), furtherProgrammeProvider("horizon")],
    session: { strategy: "jwt", maxAge },
    jwt: { maxAge },
    useSecureCookies: portalAuthOrigin().startsWith("https://"),
    pages: { signIn: "/login", error: "/login" },
    callbacks: {
      async jwt({ token, account, user }) {
        if (!account) return token;
        if (
          !providerIds.includes(account.provider) ||
          !user.membershipNumber ||
          !user.programme ||
          !account.access_token
        ) {
          throw new Error("sign-in without a member");
        }
        const sid = await startMemberSession({
          provider: account.provider as MemberProvider,
          membershipNumber: user.membershipNumber,
          programme: user.programme,
          accessToken: account.access_token,
          refreshToken: account.refresh_token,
          accessExpiresAt: account.expires_at,
        });
        // The whole cookie: no name, no e-mail, no token.
        return { sid, membershipNumber: user.membershipNumber, programme: user.programme };
      },
      // The browser's /api/auth/session learns only that a session exists; pages use getMemberSession().
      session: ({ session }) => ({ expires: session.expires }),
      redirect: ({ url, baseUrl }) => portalRedirect(url, baseUrl),
    },
    events: {
      async signOut({ token }) {
        if (token?.sid) await endMemberSessionById(token.sid);
      },
    },
    logger: {
      error: (code, metadata) =>
        logger.warn(
          { code, err: metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error },
          "sign-in error",
        ),
      warn: (code) => logger.warn({ code }, "sign-in warning"),
      debug: () => undefined,
    },
  };
  return cached;
}
