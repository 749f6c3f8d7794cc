import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { env } from "@/server/config/env";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { clientAddress } from "@/server/http/client-address";
import { findDeveloperSession, type DeveloperSession } from "./developer-sessions";

/** Served over https: the cookie is Secure and carries the `__Secure-` prefix. */
function secureCookies(): boolean {
  return env().APP_ORIGIN.startsWith("https://");
}

/**
 * The developer console's own cookie, apart from the member's and the
 * staff's: scoped to /developers and SameSite=Strict, holding only a random
 * session id (the table keeps its SHA-256).
 */
export function developerCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}developer_session`;
}

const cookiePath = "/developers";

export async function setDeveloperSessionCookie(sessionId: string, expiresAt: Date): Promise<void> {
  (await cookies()).set(developerCookieName(), sessionId, {
    httpOnly: true,
    secure: secureCookies(),
    sameSite: "strict",
    path: cookiePath,
    expires: expiresAt,
  });
}

export async function clearDeveloperSessionCookie(): Promise<void> {
  (await cookies()).set(developerCookieName(), "", {
    httpOnly: true,
    secure: secureCookies(),
    sameSite: "strict",
    path: cookiePath,
    maxAge: 0,
  });
}

export async function developerSessionId(): Promise<string | undefined> {
  return (await cookies()).get(developerCookieName())?.value || undefined;
}

/** The signed-in developer of this request (read once per render), or undefined. */
export const getDeveloperSession = cache(async (): Promise<DeveloperSession | undefined> => {
  const sessionId = await developerSessionId();
  if (!sessionId) return undefined;
  return findDeveloperSession(await getDatabase(), sessionId, new Date());
});

/** Pages and actions of the console: the signed-in developer, or the sign-in page. */
export async function requireDeveloper(): Promise<DeveloperSession> {
  const session = await getDeveloperSession();
  if (!session) redirect("/developers/login");
  return session;
}

/** The client's address (trusted proxies only), which the sign-in and sign-up limits count by. */
export async function requestAddress(): Promise<string | undefined> {
  return clientAddress(await headers());
}
