import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { transactions, type Transaction } from "@/server/loyalty/ledger/ledger-tables";
import { idempotencyKeys } from "./idempotency-tables";
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

// A key released or taken over between our statements is looked at again; a few turns settle any race.
const attempts = 3;

const lease = sql`now() + make_interval(secs => ${idempotencyLeaseSeconds})`;

/**
 * Claims a partner's idempotency key for one request, or tells what the key
 * already stands for. The database decides races: the primary key lets one
 * insert win, and taking over a lapsed lease is one conditional update.
 * Nothing here waits on a request in flight (the insert does nothing on a
 * conflict and the read takes no lock), so a request that finds its key
 * claimed is told so at once, even while the holder waits on the account.
 */
export async function claimIdempotencyKey(db: Database, request: IdempotentRequest): Promise<IdempotencyKeyState> {
  const thisKey = and(eq(idempotencyKeys.partnerId, request.partnerId), eq(idempotencyKeys.key, request.key));
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const leaseToken = randomBytes(16).toString("hex");
    const claimed = {
      state: "claimed",
      claim: { partnerId: request.partnerId, key: request.key, leaseToken },
    } as const;
    const inserted = await db
      .insert(idempotencyKeys)
      .values({
        partnerId: request.partnerId,
        key: request.key,
        operation: request.operation,
        requestFingerprint: request.fingerprint,
        leaseToken,
        lockedUntil: lease,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return claimed;

    const [existing] = await db
      .select({
        fingerprint: idempotencyKeys.requestFingerprint,
        leaseRunning: sql<boolean>`${idempotencyKeys.lockedUntil} >= now()`,
        entry: transactions,
      })
      .from(idempotencyKeys)
      .leftJoin(transactions, eq(transactions.id, idempotencyKeys.transactionId))
      .where(thisKey);
    if (!existing) continue;
    if (existing.fingerprint !== request.fingerprint) return { state: "reused" };
    if (existing.entry) return { state: "completed", entry: existing.entry };
    if (existing.leaseRunning) return { state: "in-progress" };

    // The holder is presumed dead. Should it still be inside its ledger statement, this waits
    // for that statement, then finds the key completed and leaves it alone.
    const takenOver = await db
      .update(idempotencyKeys)
      .set({ leaseToken, lockedUntil: lease })
      .where(
        and(
          thisKey,
          isNull(idempotencyKeys.transactionId),
          lt(idempotencyKeys.lockedUntil, sql`now()`),
          eq(idempotencyKeys.requestFingerprint, request.fingerprint),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (takenOver.length > 0) return claimed;
  }
  return { state: "in-progress" };
}
