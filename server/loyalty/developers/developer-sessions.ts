import { randomBytes } from "node:crypto";
import { and, eq, gt, lte } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners, type Partner } from "@/server/loyalty/partners/partner-tables";
import { developerAccounts, developerSessions, type DeveloperAccount } from "./developer-tables";
import { sha256Hex } from "@/server/loyalty/security/digests";

/** A developer stays signed in 8 hours at most, as staff do. */
export const developerSessionHours = 8;

export interface DeveloperSession {
  account: DeveloperAccount;
  partner: Partner;
  expiresAt: Date;
}

/** Starts a session: the cookie gets a random 256-bit id, the table only its SHA-256. */
export async function createDeveloperSession(
  db: Database,
  accountId: number,
  now: Date,
): Promise<{ sessionId: string; expiresAt: Date }> {
  const sessionId = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + developerSessionHours * 3_600_000);
  await db.delete(developerSessions).where(lte(developerSessions.expiresAt, now));
  await db.insert(developerSessions).values({ idHash: sha256Hex(sessionId), accountId, expiresAt, createdAt: now });
  return { sessionId, expiresAt };
}

/** The signed-in developer of a session id, with its sandbox partner; undefined when unknown or ended. */
export async function findDeveloperSession(
  db: Database,
  sessionId: string,
  now: Date,
): Promise<DeveloperSession | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return undefined;
  const [row] = await db
    .select({ account: developerAccounts, partner: partners, expiresAt: developerSessions.expiresAt })
    .from(developerSessions)
    .innerJoin(developerAccounts, eq(developerAccounts.id, developerSessions.accountId))
    .innerJoin(partners, eq(partners.id, developerAccounts.partnerId))
    .where(and(eq(developerSessions.idHash, sha256Hex(sessionId)), gt(developerSessions.expiresAt, now)))
    .limit(1);
  return row;
}

export async function endDeveloperSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(developerSessions).where(eq(developerSessions.idHash, sha256Hex(sessionId)));
}
