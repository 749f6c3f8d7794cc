import { sql } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { executePrepared } from "@/server/db/execute-prepared";
import { isUniqueViolation } from "@/server/db/unique-violation";
import type { NewTransaction, Transaction, TransactionKind } from "@/server/db/schema";
import { isAccessTokenLive } from "@/server/loyalty/oauth/access-tokens";
import { findPartnerTransaction } from "./find-partner-transaction";
import { journalRowFromSql } from "./journal-row";

export type PostingOutcome =
  | { outcome: "posted"; entry: Transaction }
  | { outcome: "replayed"; entry: Transaction }
  | { outcome: "refused"; reason: "NOT_MOVED" | "DUPLICATE_TRANSACTION" | "ALREADY_REVERSED" | "TOKEN_NOT_LIVE" };

/**
 * The account to move: by id, or by membership number within a programme, in
 * which case only an ACTIVE account moves (the debit path: one statement
 * finds, checks and changes the account).
 */
export type PostingAccount = { id: number } | { membershipNumber: string; programmeIdentifier: string };

export interface JournalEntryInput extends Omit<
  NewTransaction,
  "id" | "pointsDelta" | "kind" | "partnerId" | "accountId"
> {
  account: PostingAccount;
  partnerId: number;
  kind: TransactionKind;
  /** Positive for credits and reversals, negative for debits. */
  pointsDelta: bigint;
  requestFingerprint: string;
  externalTransactionIdentifier: string;
  dateMade: Date;
  /**
   * Move only while this access token (its `jti`) is not revoked: the
   * revocation check of the member's token, made by the statement that moves
   * the points, so no revocation can slip in between check and write.
   */
  whileAccessTokenLive?: string;
}

/**
 * The one way points move: the balance change and its journal row in ONE
 * statement, so they commit or fail together and the account row is locked
 * only while that statement runs. A debit changes the balance by a
 * conditional UPDATE (`balance >= amount`), never by a read-then-write, so
 * concurrent debits cannot overdraw; when the condition fails nothing is
 * inserted (NOT_MOVED: for an account given by id, an insufficient balance). The database's unique indexes decide duplicates: a retry with
 * the same body gets the original entry back and moves nothing, another
 * body with the same identifier is refused.
 */
export async function postJournalEntry(db: Database, input: JournalEntryInput): Promise<PostingOutcome> {
  const delta = input.pointsDelta.toString();
  const balanceCondition =
    input.pointsDelta < 0n ? sql`AND balance >= ${(-input.pointsDelta).toString()}::bigint` : sql``;
  const tokenCondition =
    input.whileAccessTokenLive === undefined
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM loyalty.tokens t WHERE t.id = ${input.whileAccessTokenLive} AND t.kind = 'access' AND t.revoked_at IS NULL)`;
  const productSummary =
    input.productSummary === undefined || input.productSummary === null ? null : JSON.stringify(input.productSummary);
  const accountId =
    "id" in input.account
      ? sql`${input.account.id}`
      : sql`(SELECT a.id FROM loyalty.accounts a
              JOIN loyalty.members m ON m.id = a.member_id
              JOIN loyalty.programmes p ON p.id = a.programme_id
              WHERE m.membership_number = ${input.account.membershipNumber}
                AND p.identifier = ${input.account.programmeIdentifier} AND a.status = 'ACTIVE')`;
  let inserted: Record<string, unknown>[];
  try {
    inserted = await executePrepared(
      db,
      sql`
        WITH moved AS (
          UPDATE loyalty.accounts
          SET balance = balance + ${delta}::bigint, last_activity_date = ${input.dateMade.toISOString().slice(0, 10)}::date
          WHERE id = ${accountId} ${balanceCondition} ${tokenCondition}
          RETURNING id
        )
        INSERT INTO loyalty.transactions (
          identifier, account_id, partner_id, kind, points_delta, description,
          external_transaction_identifier, external_transaction_date, external_reference_identifier,
          external_reference_description, external_partner_identifier, external_source, service_reference,
          product_summary, request_fingerprint, reversed_transaction_id, date_made, agent_id
        )
        SELECT ${input.identifier}, moved.id, ${input.partnerId}, ${input.kind}, ${delta}::bigint, ${input.description ?? null},
          ${input.externalTransactionIdentifier}, ${input.externalTransactionDate?.toISOString() ?? null}::timestamptz,
          ${input.externalReferenceIdentifier ?? null}, ${input.externalReferenceDescription ?? null},
          ${input.externalPartnerIdentifier ?? null}, ${input.externalSource ?? null}, ${input.serviceReference ?? null},
          ${productSummary}::jsonb, ${input.requestFingerprint}, ${input.reversedTransactionId?.toString() ?? null}::bigint,
          ${input.dateMade.toISOString()}::timestamptz, ${input.agentId ?? null}
        FROM moved
        RETURNING *
      `,
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The only other unique rule of the journal: one reversal per debit.
    return (await earlierAttempt(db, input)) ?? { outcome: "refused", reason: "ALREADY_REVERSED" };
  }

  const [row] = inserted;
  if (!row && input.whileAccessTokenLive !== undefined && !(await isAccessTokenLive(db, input.whileAccessTokenLive))) {
    return { outcome: "refused", reason: "TOKEN_NOT_LIVE" };
  }
  // A retry of a debit that went through must not be judged on today's balance.
  // Without an earlier attempt, the caller tells why nothing moved (balance or account).
  if (!row) return (await earlierAttempt(db, input)) ?? { outcome: "refused", reason: "NOT_MOVED" };
  return { outcome: "posted", entry: journalRowFromSql(row) };
}

/** The outcome owed to a request whose identifier the partner already used, if it did. */
async function earlierAttempt(db: Database, input: JournalEntryInput): Promise<PostingOutcome | undefined> {
  const existing = await findPartnerTransaction(db, input.partnerId, input.kind, input.externalTransactionIdentifier);
  if (!existing) return undefined;
  if (existing.requestFingerprint === input.requestFingerprint) return { outcome: "replayed", entry: existing };
  return { outcome: "refused", reason: "DUPLICATE_TRANSACTION" };
}
