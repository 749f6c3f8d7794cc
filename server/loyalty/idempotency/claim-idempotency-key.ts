import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { idempotencyKeys, transactions, type Transaction } from "@/server/db/schema";
import { idempotencyLeaseSeconds, type IdempotencyClaim } from "./idempotency-claim";

export interface IdempotentRequest {
  partnerId: number;
  key: string;
  /** The operation's name, kept for support. */
  operation: string;
  /** What the key's first request was (see requestFingerprint). */
  fingerprint: string;
}

export type IdempotencyKeyState =
  /** The key is this request's to use: it was free, or its last holder's lease ran out. */
  | { state: "claimed"; claim: IdempotencyClaim }
  /** The key's request moved points: this is its journal entry. */
  | { state: "completed"; entry: Transaction }
  /** Another request holds the key and its lease is still running. */
  | { state: "in-progress" }
  /** The key was first used for another request (operation, path, member or body). */
  | { state: "reused" };

// A key released between our insert and our read is claimed again; a few turns settle any race.
const attempts = 3;

/**
 * Claims a partner's idempotency key for one request, or tells what the key
 * already stands for. The database decides races: the primary key lets one
 * insert win, and a takeover of an expired lease is one conditional upsert.
 */
export async function claimIdempotencyKey(db: Database, request: IdempotentRequest): Promise<IdempotencyKeyState> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const leaseToken = randomBytes(16).toString("hex");
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        partnerId: request.partnerId,
        key: request.key,
        operation: request.operation,
        requestFingerprint: request.fingerprint,
        leaseToken,
        lockedUntil: sql`now() + make_interval(secs => ${idempotencyLeaseSeconds})`,
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.partnerId, idempotencyKeys.key],
        set: { leaseToken, lockedUntil: sql`excluded.locked_until` },
        setWhere: sql`${idempotencyKeys.transactionId} is null and ${idempotencyKeys.lockedUntil} < now()
          and ${idempotencyKeys.requestFingerprint} = excluded.request_fingerprint`,
      })
      .returning({ partnerId: idempotencyKeys.partnerId });
    if (claimed.length > 0)
      return { state: "claimed", claim: { partnerId: request.partnerId, key: request.key, leaseToken } };

    const [existing] = await db
      .select({
        fingerprint: idempotencyKeys.requestFingerprint,
        leaseRunning: sql<boolean>`${idempotencyKeys.lockedUntil} >= now()`,
        entry: transactions,
      })
      .from(idempotencyKeys)
      .leftJoin(transactions, eq(transactions.id, idempotencyKeys.transactionId))
      .where(and(eq(idempotencyKeys.partnerId, request.partnerId), eq(idempotencyKeys.key, request.key)));
    if (!existing) continue;
    if (existing.fingerprint !== request.fingerprint) return { state: "reused" };
    if (existing.entry) return { state: "completed", entry: existing.entry };
    if (existing.leaseRunning) return { state: "in-progress" };
  }
  return { state: "in-progress" };
}
