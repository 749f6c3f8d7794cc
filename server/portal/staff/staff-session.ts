import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { mayDo, type StaffPermission, type StaffRole } from "@/lib/portal/staff/staff-roles";
import { staffLoginPath } from "@/lib/portal/staff/staff-paths";
import { env } from "@/server/config/env";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { randomUUID } from "node:crypto";
import { logger } from "@/server/observability/logger";
import { customerIp } from "@/server/portal/customer-ip";
import { appendAuditEvent } from "./append-audit-event";
import { findStaffSession, type StaffSessionLifetime } from "./staff-session-store";

/** The signed-in member of staff, as pages and actions see them. */
export interface StaffSession {
  staffId: string;
  username: string;
  /** What the service is sent as X-Agent-Id. */
  agentId: string;
  role: StaffRole;
  /** The stored session's key, to end it at sign-out. */
  sessionIdHash: string;
}

/** Request header set by proxy.ts: the page asked for (kept in step with member-session.ts). */
const requestedPathHeader = "x-portal-path";

/** Served over https: the cookie is Secure and carries the `__Secure-` prefix. */
function secureCookies(): boolean {
  return env().APP_ORIGIN.startsWith("https://");
}

/**
 * The staff session's own cookie, apart from next-auth's member cookie: a
 * browser can hold both, and neither sign-in nor sign-out touches the
 * other. Scoped to /staff (no member page ever receives it) and
 * SameSite=Strict (no other site's link or form carries it).
 */
export function staffSessionCookieName(): string {
  return `${secureCookies() ? "__Secure-" : ""}staff_session`;
}

export const staffCookiePath = "/staff";

export function staffSessionLifetime(): StaffSessionLifetime {
  const config = env();
  return { maxMinutes: config.STAFF_SESSION_MINUTES, idleMinutes: config.STAFF_SESSION_IDLE_MINUTES };
}

/** Sets the cookie of a session just started (a server action's response). */
export async function setStaffSessionCookie(sessionId: string, expiresAt: Date): Promise<void> {
  (await cookies()).set(staffSessionCookieName(), sessionId, {
    httpOnly: true,
    secure: secureCookies(),
    sameSite: "strict",
    path: staffCookiePath,
    expires: expiresAt,
  });
}

export async function clearStaffSessionCookie(): Promise<void> {
  (await cookies()).set(staffSessionCookieName(), "", {
    httpOnly: true,
    secure: secureCookies(),
    sameSite: "strict",
    path: staffCookiePath,
    maxAge: 0,
  });
}

// One lookup per request, however many server components ask.
const currentStaffSession = cache(async (): Promise<StaffSession | null> => {
  const sessionId = (await cookies()).get(staffSessionCookieName())?.value;
  if (!sessionId || sessionId.length > 100) return null;
  const stored = await findStaffSession(await getPortalDatabase(), sessionId, staffSessionLifetime(), new Date());
  if (!stored) return null;
  return {
    staffId: stored.staffId,
    username: stored.username,
    agentId: stored.agentId,
    role: stored.role,
    sessionIdHash: stored.idHash,
  };
});

/** The current staff session, or null (no cookie, ended, idle too long, account disabled). */
export function getStaffSession(): Promise<StaffSession | null> {
  return currentStaffSession();
}

/** For pages: the staff session, or a redirect to the staff login that comes back here afterwards. */
export async function requireStaffSession(): Promise<StaffSession> {
  const session = await getStaffSession();
  if (!session) {
    const requested = (await headers()).get(requestedPathHeader) ?? undefined;
    redirect(staffLoginPath(requested));
  }
  return session;
}

/**
 * For pages: the staff session when its role may do `permission`, else
 * `forbidden` (the page shows that it is not for this role, and the audit
 * trail records the refused attempt). Checked on the server for every
 * page, whatever the navigation offered.
 */
export async function requireStaffPermission(
  permission: StaffPermission,
): Promise<{ session: StaffSession; allowed: boolean }> {
  const session = await requireStaffSession();
  const allowed = mayDo(session.role, permission);
  if (!allowed) {
    const path = (await headers()).get(requestedPathHeader) ?? undefined;
    await recordPageRefusal(session, permission, path);
  }
  return { session, allowed };
}

/** A page or download a role may not open, asked for anyway: one `page.refused` row (a failure to write it is logged). */
export async function recordPageRefusal(
  session: StaffSession,
  permission: StaffPermission,
  path: string | undefined,
): Promise<void> {
  await appendAuditEvent(
    await getPortalDatabase(),
    { username: session.username, role: session.role, ip: await customerIp(), requestId: randomUUID() },
    {
      action: "page.refused",
      outcome: "refused",
      after: { permission, ...(path ? { page: path.split("?")[0]!.slice(0, 200) } : {}) },
    },
  ).catch((error: unknown) => logger.error({ err: error, permission }, "a refused staff page could not be audited"));
}
