import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import { memberSessions } from "@/server/portal/db/schema";
import { openToken, sealToken } from "./token-cipher";

export type MemberProvider = "loyalty" | "meridian" | "horizon";

export interface StoredSession {
  idHash: string;
  provider: MemberProvider;
  membershipNumber: string;
  programme: string;
  displayName: string | null;
  /** The language the member's pages speak; null when neither the profile nor a switch has chosen one. */
  locale: Locale | null;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string | null;
  expiresAt: Date;
}

export interface NewSession {
  provider: MemberProvider;
  membershipNumber: string;
  programme: string;
  displayName?: string;
  locale?: Locale;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken?: string;
  expiresAt: Date;
}

/** The row's key: the SHA-256 of the session id, so the table alone never yields a usable id. */
export function sessionIdHash(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex");
}

/** Stores a new session's tokens and answers its id (256 random bits), the only handle the cookie carries. */
export async function createStoredSession(db: Database, session: NewSession, now = new Date()): Promise<string> {
  const sessionId = randomBytes(32).toString("base64url");
  // Sessions that ended without a logout are dropped here, so the table does not grow without bound.
  await db.delete(memberSessions).where(lt(memberSessions.expiresAt, now));
  await db.insert(memberSessions).values({
    idHash: sessionIdHash(sessionId),
    provider: session.provider,
    membershipNumber: session.membershipNumber,
    programme: session.programme,
    displayName: session.displayName?.slice(0, 120) ?? null,
    locale: session.locale ?? null,
    accessToken: sealToken(session.accessToken),
    accessExpiresAt: session.accessExpiresAt,
    refreshToken: session.refreshToken ? sealToken(session.refreshToken) : null,
    expiresAt: session.expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  return sessionId;
}

/** The session with its tokens opened; undefined when unknown or when its tokens no longer open (secret changed). */
export async function findStoredSession(db: Database, idHash: string): Promise<StoredSession | undefined> {
  const [row] = await db.select().from(memberSessions).where(eq(memberSessions.idHash, idHash)).limit(1);
  if (!row) return undefined;
  const accessToken = openToken(row.accessToken);
  const refreshToken = row.refreshToken === null ? null : openToken(row.refreshToken);
  if (accessToken === undefined || refreshToken === undefined) return undefined;
  return {
    idHash: row.idHash,
    provider: row.provider as MemberProvider,
    membershipNumber: row.membershipNumber,
    programme: row.programme,
    displayName: row.displayName,
    locale: isLocale(row.locale) ? row.locale : null,
    accessToken,
    accessExpiresAt: row.accessExpiresAt,
    refreshToken,
    expiresAt: row.expiresAt,
  };
}

/** The language of one session's pages (the header's switch). */
export async function setSessionLocale(db: Database, idHash: string, locale: Locale, now = new Date()): Promise<void> {
  await db.update(memberSessions).set({ locale, updatedAt: now }).where(eq(memberSessions.idHash, idHash));
}

/**
 * The language of every open session of one member (the profile's language
 * changed): the database is what every instance reads, so each of the
 * member's browsers speaks it from its next page on.
 */
export async function setMemberLocale(
  db: Database,
  member: { membershipNumber: string; programme: string },
  locale: Locale,
  now = new Date(),
): Promise<void> {
  await db
    .update(memberSessions)
    .set({ locale, updatedAt: now })
    .where(
      and(eq(memberSessions.membershipNumber, member.membershipNumber), eq(memberSessions.programme, member.programme)),
    );
}

export async function deleteStoredSession(db: Database, idHash: string): Promise<void> {
  await db.delete(memberSessions).where(eq(memberSessions.idHash, idHash));
}

/**
 * Claims the right to refresh, by one conditional update: only while the
 * tokens are still those the caller saw and nobody else holds an unexpired
 * claim. A refresh token rotates on use and a rotated one presented again
 * revokes the whole family, so two instances must never both present it.
 */
export async function claimRefresh(
  db: Database,
  idHash: string,
  seenAccessExpiresAt: Date,
  now: Date,
  holdMs: number,
): Promise<boolean> {
  const claimed = await db
    .update(memberSessions)
    .set({ refreshClaimedUntil: new Date(now.getTime() + holdMs) })
    .where(
      and(
        eq(memberSessions.idHash, idHash),
        eq(memberSessions.accessExpiresAt, seenAccessExpiresAt),
        or(isNull(memberSessions.refreshClaimedUntil), lt(memberSessions.refreshClaimedUntil, now)),
      ),
    )
    .returning({ idHash: memberSessions.idHash });
  return claimed.length === 1;
}

export async function saveRefreshedTokens(
  db: Database,
  idHash: string,
  tokens: { accessToken: string; accessExpiresAt: Date; refreshToken?: string },
  now = new Date(),
): Promise<void> {
  await db
    .update(memberSessions)
    .set({
      accessToken: sealToken(tokens.accessToken),
      accessExpiresAt: tokens.accessExpiresAt,
      ...(tokens.refreshToken ? { refreshToken: sealToken(tokens.refreshToken) } : {}),
      refreshClaimedUntil: null,
      updatedAt: now,
    })
    .where(eq(memberSessions.idHash, idHash));
}

export async function releaseRefreshClaim(db: Database, idHash: string): Promise<void> {
  await db.update(memberSessions).set({ refreshClaimedUntil: null }).where(eq(memberSessions.idHash, idHash));
}
