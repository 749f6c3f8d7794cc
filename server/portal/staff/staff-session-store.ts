import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { StaffRole } from "@/lib/portal/staff/staff-roles";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAccounts, staffSessions } from "@/server/portal/db/schema";

/** How long a staff session lasts: at most `maxMinutes` from sign-in, and `idleMinutes` after the last request. */
export interface StaffSessionLifetime {
  maxMinutes: number;
  idleMinutes: number;
}

/** A live staff session with its account. */
export interface StoredStaffSession {
  idHash: string;
  staffId: string;
  username: string;
  agentId: string;
  role: StaffRole;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** Requests within this long of the last recorded one do not record again: one write a minute at most. */
const touchEveryMs = 60_000;

/** The row's key: the SHA-256 of the session id, so the table alone never yields a usable cookie. */
export function staffSessionIdHash(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

/**
 * Stores a new session (pass the sign-in's transaction) and answers its id,
 * 256 random bits: the only thing the cookie carries. Sessions of anyone
 * that have ended are dropped here, so the table does not grow.
 */
export async function createStaffSession(
  db: Database,
  staffId: string,
  lifetime: StaffSessionLifetime,
  now: Date,
): Promise<{ sessionId: string; expiresAt: Date }> {
  await db.delete(staffSessions).where(lt(staffSessions.expiresAt, now));
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + lifetime.maxMinutes * 60_000);
  await db.insert(staffSessions).values({
    idHash: staffSessionIdHash(sessionId),
    staffId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { sessionId, expiresAt };
}

/**
 * The session behind a cookie's id, while it lives: not past its end, not
 * idle too long, its account not disabled. An ended session is deleted.
 * A request more than a minute after the last one recorded moves
 * `last_seen_at` on.
 */
export async function findStaffSession(
  db: Database,
  sessionId: string,
  lifetime: StaffSessionLifetime,
  now: Date,
): Promise<StoredStaffSession | undefined> {
  const idHash = staffSessionIdHash(sessionId);
  const [row] = await db
    .select({
      idHash: staffSessions.idHash,
      staffId: staffSessions.staffId,
      expiresAt: staffSessions.expiresAt,
      lastSeenAt: staffSessions.lastSeenAt,
      username: staffAccounts.username,
      agentId: staffAccounts.agentId,
      role: staffAccounts.role,
      disabledAt: staffAccounts.disabledAt,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(eq(staffSessions.idHash, idHash))
    .limit(1);
  if (!row) return undefined;
  const idleEnd = row.lastSeenAt.getTime() + lifetime.idleMinutes * 60_000;
  if (row.disabledAt !== null || row.expiresAt.getTime() <= now.getTime() || idleEnd <= now.getTime()) {
    await deleteStaffSession(db, idHash);
    return undefined;
  }
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - lastSeenAt.getTime() >= touchEveryMs) {
    lastSeenAt = now;
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.idHash, idHash));
  }
  return {
    idHash: row.idHash,
    staffId: row.staffId,
    username: row.username,
    agentId: row.agentId,
    role: row.role as StaffRole,
    expiresAt: row.expiresAt,
    lastSeenAt,
  };
}

export async function deleteStaffSession(db: Database, idHash: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash));
}

/** Ends every session of an account at once (disabled, password reset). Answers how many ended. */
export async function endStaffSessions(db: Database, staffId: string): Promise<number> {
  const ended = await db
    .delete(staffSessions)
    .where(eq(staffSessions.staffId, staffId))
    .returning({ idHash: staffSessions.idHash });
  return ended.length;
}
