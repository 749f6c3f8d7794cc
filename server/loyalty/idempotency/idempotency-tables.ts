import { sql } from "drizzle-orm";
import { bigint, char, check, index, integer, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";
import { createdAt, loyalty } from "@/server/loyalty/db/loyalty-schema";
import { transactions } from "@/server/loyalty/ledger/ledger-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";

/**
 * A partner's `Idempotency-Key`s on the ledger's operations. A key is
 * claimed for a lease while its request runs; the ledger statement that moves
 * the points also records the movement here, in the same statement, so a key
 * is completed exactly when its movement commits. Refusals release the key
 * (the row is deleted): only movements are replayed.
 */
export const idempotencyKeys = loyalty.table(
  "idempotency_keys",
  {
    partnerId: integer("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 255 }).notNull(),
    /** The operation first called with the key (its kebab-case name), for support. */
    operation: varchar("operation", { length: 40 }).notNull(),
    /** SHA-256 of the operation, path, member and parsed body: a reuse with anything else is refused. */
    requestFingerprint: char("request_fingerprint", { length: 64 }).notNull(),
    /** Whoever holds this token holds the key; null once the movement is recorded. */
    leaseToken: char("lease_token", { length: 32 }),
    /** A claim not completed by then may be taken over (its holder is presumed dead). */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** The journal entry the key's request made; set with the movement, in one statement. */
    transactionId: bigint("transaction_id", { mode: "bigint" })
      .unique()
      .references(() => transactions.id),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.partnerId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    check(
      "idempotency_keys_claimed_or_completed",
      sql`(${t.transactionId} is null and ${t.leaseToken} is not null and ${t.lockedUntil} is not null) or (${t.transactionId} is not null and ${t.completedAt} is not null)`,
    ),
  ],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
