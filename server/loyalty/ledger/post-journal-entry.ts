import { is, Placeholder, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "@/server/db/connect";
import { executePrepared } from "@/server/db/execute-prepared";
import { uniqueViolationOf } from "@/server/db/unique-violation";
import { transactions, type NewTransaction, type Transaction, type TransactionKind } from "./ledger-tables";
import type { IdempotencyClaim } from "@/server/loyalty/idempotency/idempotency-claim";
import { holdsIdempotencyClaim } from "@/server/loyalty/idempotency/holds-idempotency-claim";
import { isAccessTokenLive } from "@/server/loyalty/oauth/access-tokens";
import { findPartnerTransaction } from "./find-partner-transaction";
import { journalRowFromSql } from "./journal-row";

export type PostingRefusal =
  /** The account did not move: for an account given by id, an insufficient balance. */
  | "NOT_MOVED"
  /** The partner already used this externalTransactionIdentifier for this kind of entry. */
  | "DUPLICATE_TRANSACTION"
  /** The debit already has its reversal. */
  | "ALREADY_REVERSED"
  | "TOKEN_NOT_LIVE"
  /** The idempotency claim no longer holds its key (its lease was taken over). */
  | "IDEMPOTENCY_CLAIM_LOST";

export type PostingOutcome = { outcome: "posted"; entry: Transaction } | { outcome: "refused"; reason: PostingRefusal };

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
  externalTransactionIdentifier: string;
  dateMade: Date;
  /**
   * Move only while this access token (its `jti`) is not revoked: the
   * revocation check of the member's token, made by the statement that moves
   * the points, so no revocation can slip in between check and write.
   */
  whileAccessTokenLive?: string;
  /**
   * Move only while this claim holds its idempotency key, and record the
   * entry against the key in the same statement: the key is completed
   * exactly when its movement commits, and a stale holder moves nothing.
   */
  completesClaim?: IdempotencyClaim;
}

type JournalColumn = Exclude<keyof Transaction, "id">;

const optionalIso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * The statement's parameters, by name. The statement's text depends only on
 * the entry's shape (statementShape), so it is built and prepared once per
 * shape; each posting only fills these in (no SQL built, no text hashed).
 */
function journalParameters(input: JournalEntryInput): Record<string, unknown> {
  const claim = input.completesClaim;
  return {
    identifier: input.identifier,
    partnerId: input.partnerId,
    kind: input.kind,
    pointsDelta: input.pointsDelta.toString(),
    amount: (-input.pointsDelta).toString(),
    description: input.description ?? null,
    externalTransactionIdentifier: input.externalTransactionIdentifier,
    externalTransactionDate: optionalIso(input.externalTransactionDate),
    externalReferenceIdentifier: input.externalReferenceIdentifier ?? null,
    externalReferenceDescription: input.externalReferenceDescription ?? null,
    externalPartnerIdentifier: input.externalPartnerIdentifier ?? null,
    externalSource: input.externalSource ?? null,
    serviceReference: input.serviceReference ?? null,
    productSummary:
      input.productSummary === undefined || input.productSummary === null ? null : JSON.stringify(input.productSummary),
    agentId: input.agentId ?? null,
    reversedTransactionId: input.reversedTransactionId?.toString() ?? null,
    dateMade: input.dateMade.toISOString(),
    lastActivityDate: input.dateMade.toISOString().slice(0, 10),
    accessTokenId: input.whileAccessTokenLive ?? null,
    claimPartnerId: claim?.partnerId ?? null,
    claimKey: claim?.key ?? null,
    claimLeaseToken: claim?.leaseToken ?? null,
    accountId: "id" in input.account ? input.account.id : null,
    membershipNumber: "membershipNumber" in input.account ? input.account.membershipNumber : null,
    programmeIdentifier: "programmeIdentifier" in input.account ? input.account.programmeIdentifier : null,
  };
}
type JournalParameter = keyof ReturnType<typeof journalParameters>;
const parameter = (name: JournalParameter) => sql.placeholder(name);

/**
 * What the statement writes into each column of the journal, by the Drizzle
 * table's property names: the type requires every column but the generated
 * id, so the schema and the statement cannot drift apart.
 */
const journalValues = {
  identifier: sql`${parameter("identifier")}`,
  accountId: sql`moved.id`,
  partnerId: sql`${parameter("partnerId")}::integer`,
  kind: sql`${parameter("kind")}`,
  pointsDelta: sql`${parameter("pointsDelta")}::bigint`,
  description: sql`${parameter("description")}`,
  externalTransactionIdentifier: sql`${parameter("externalTransactionIdentifier")}`,
  externalTransactionDate: sql`${parameter("externalTransactionDate")}::timestamptz`,
  externalReferenceIdentifier: sql`${parameter("externalReferenceIdentifier")}`,
  externalReferenceDescription: sql`${parameter("externalReferenceDescription")}`,
  externalPartnerIdentifier: sql`${parameter("externalPartnerIdentifier")}`,
  externalSource: sql`${parameter("externalSource")}`,
  serviceReference: sql`${parameter("serviceReference")}`,
  productSummary: sql`${parameter("productSummary")}::jsonb`,
  agentId: sql`${parameter("agentId")}`,
  reversedTransactionId: sql`${parameter("reversedTransactionId")}::bigint`,
  dateMade: sql`${parameter("dateMade")}::timestamptz`,
} satisfies Record<JournalColumn, SQL>;

const insertedProperties = Object.keys(journalValues) as JournalColumn[];

/** The journal's column names, in the order the statement inserts them. */
export const journalInsertColumns: readonly string[] = insertedProperties.map(
  (property) => transactions[property].name,
);
const insertedColumnList = sql.raw(journalInsertColumns.map((name) => `"${name}"`).join(", "));

// The journal's unique rules that a posting can break (see the schema and migration 0000).
const partnerExternalIdentifierIndex = "transactions_partner_external_uq";
const oneReversalPerDebitConstraint = "transactions_reversed_transaction_id_unique";

/** What decides the statement's text; everything else is a parameter. */
interface StatementShape {
  debit: boolean;
  whileTokenLive: boolean;
  completesClaim: boolean;
  accountById: boolean;
  /** A reversal: its event goes to the reversed debit's partner and names that debit. */
  reverses: boolean;
}

function statementShape(input: JournalEntryInput): StatementShape {
  return {
    debit: input.pointsDelta < 0n,
    whileTokenLive: input.whileAccessTokenLive !== undefined,
    completesClaim: input.completesClaim !== undefined,
    accountById: "id" in input.account,
    reverses: input.reversedTransactionId !== undefined && input.reversedTransactionId !== null,
  };
}

/**
 * The one statement that moves points: the balance change, its journal row,
 * its partner event and (given a claim) the idempotency key's completion. A debit changes the
 * balance by a conditional UPDATE (`balance >= amount`), never read-then-write.
 * Its values are placeholders (journalParameters fills them).
 */
function journalEntryStatement(shape: StatementShape): SQL {
  const balanceCondition = shape.debit ? sql`AND balance >= ${parameter("amount")}::bigint` : sql``;
  const tokenCondition = shape.whileTokenLive
    ? sql`AND EXISTS (SELECT 1 FROM loyalty.tokens t WHERE t.id = ${parameter("accessTokenId")} AND t.kind = 'access' AND t.revoked_at IS NULL)`
    : sql``;
  // FOR UPDATE: a takeover committed while this statement waits is seen (rechecked), never moved past.
  const heldKey = shape.completesClaim
    ? sql`held_key AS (
        SELECT 1 FROM loyalty.idempotency_keys
        WHERE partner_id = ${parameter("claimPartnerId")}::integer AND "key" = ${parameter("claimKey")}
          AND lease_token = ${parameter("claimLeaseToken")} AND transaction_id IS NULL
        FOR UPDATE
      ),`
    : sql``;
  const claimCondition = shape.completesClaim ? sql`AND EXISTS (SELECT 1 FROM held_key)` : sql``;
  const accountId = shape.accountById
    ? sql`${parameter("accountId")}::integer`
    : sql`(SELECT a.id FROM loyalty.accounts a
              JOIN loyalty.members m ON m.id = a.member_id
              JOIN loyalty.programmes p ON p.id = a.programme_id
              WHERE m.membership_number = ${parameter("membershipNumber")}
                AND p.identifier = ${parameter("programmeIdentifier")} AND a.status = 'ACTIVE')`;
  const insert = sql`
    INSERT INTO loyalty.transactions (${insertedColumnList})
    SELECT ${sql.join(
      insertedProperties.map((property) => journalValues[property]),
      sql`, `,
    )}
    FROM moved
    RETURNING *`;
  const moved = sql`
    WITH ${heldKey} moved AS (
      UPDATE loyalty.accounts
      SET balance = balance + ${parameter("pointsDelta")}::bigint,
        last_activity_date = ${parameter("lastActivityDate")}::date
      WHERE id = ${accountId} ${balanceCondition} ${tokenCondition} ${claimCondition}
      RETURNING id, balance, member_id, programme_id
    )`;
  const completed = shape.completesClaim
    ? sql`completed AS (
      UPDATE loyalty.idempotency_keys k
      SET transaction_id = entry.id, completed_at = entry.date_made, lease_token = NULL, locked_until = NULL
      FROM entry
      WHERE k.partner_id = ${parameter("claimPartnerId")}::integer AND k."key" = ${parameter("claimKey")}
    ),`
    : sql``;
  return sql`${moved}, entry AS (${insert}), ${completed} ${journalEventInsert(shape)}
    SELECT entry.* FROM entry`;
}

const shapeStatements = new Map<string, SQL>();

/**
 * Runs the journal statement for `input`: its text is built once per shape
 * and prepared once per connection (executePrepared), then only the
 * parameters change.
 */
export function runJournalEntryStatement(db: Database, input: JournalEntryInput): Promise<Record<string, unknown>[]> {
  return executePrepared(db, statementFor(input), journalParameters(input));
}

function statementFor(input: JournalEntryInput): SQL {
  const shape = statementShape(input);
  const key = `${+shape.debit}${+shape.whileTokenLive}${+shape.completesClaim}${+shape.accountById}${+shape.reverses}`;
  let statement = shapeStatements.get(key);
  if (statement === undefined) {
    statement = journalEntryStatement(shape);
    shapeStatements.set(key, statement);
  }
  return statement;
}

/**
 * What runJournalEntryStatement sends for `input`: the statement's text, the
 * names of its parameters in order, and their values by name. The bench's
 * reference servers run this very text, so "the same SQL" cannot drift from
 * the ledger's.
 */
export function journalStatementFor(input: JournalEntryInput): {
  text: string;
  parameterNames: string[];
  values: Record<string, unknown>;
} {
  const query = new PgDialect().sqlToQuery(statementFor(input));
  const parameterNames = query.params.map((placeholder) => {
    if (!is(placeholder, Placeholder)) throw new Error("the journal statement takes placeholders only");
    return placeholder.name;
  });
  return { text: query.sql, parameterNames, values: journalParameters(input) };
}

/**
 * The movement's partner event (the outbox), written by the statement that
 * moves the points: it exists exactly when the movement committed. A
 * reversal's event goes to the partner whose debit it reverses. Where the
 * account was found by membership number and programme, the statement
 * matched those exact values, so the event takes them from its parameters
 * rather than joining the member and the programme again (the debit's path).
 *
 * The deliveries are not written here: the trigger `webhook_events_fan_out`
 * (function `loyalty.fan_out_webhook_event`, loyalty migrations 0011 and
 * 0013_fan_out_only_when_subscribed.sql) runs after each insert into
 * `loyalty.webhook_events` and queues one `webhook_deliveries` row for every
 * enabled endpoint of the event's partner that takes its type, in this same
 * statement's transaction. A partner with no such endpoint costs one probe.
 */
function journalEventInsert(shape: StatementShape): SQL {
  const byMembership = !shape.accountById;
  const programmeIdentifier = byMembership ? sql`${parameter("programmeIdentifier")}::text` : sql`p.identifier`;
  const membershipNumber = byMembership ? sql`${parameter("membershipNumber")}::text` : sql`m.membership_number`;
  const memberAndProgramme = byMembership
    ? sql``
    : sql`JOIN loyalty.members m ON m.id = moved.member_id
      JOIN loyalty.programmes p ON p.id = moved.programme_id`;
  const partnerId = shape.reverses ? sql`COALESCE(reversed.partner_id, entry.partner_id)` : sql`entry.partner_id`;
  const reversedDebit = shape.reverses
    ? sql`LEFT JOIN loyalty.transactions reversed ON reversed.id = entry.reversed_transaction_id`
    : sql``;
  const reversedIdentifier = shape.reverses
    ? sql`|| CASE WHEN reversed.id IS NULL THEN '{}'::jsonb
             ELSE jsonb_build_object('reversedTransactionIdentifier', reversed.identifier) END`
    : sql``;
  return sql`event AS (
      INSERT INTO loyalty.webhook_events (partner_id, type, data, created_at)
      SELECT ${partnerId},
        CASE entry.kind WHEN 'CREDIT' THEN 'points.credited' WHEN 'DEBIT' THEN 'points.debited' ELSE 'points.reversed' END,
        jsonb_build_object(
          'programmeIdentifier', ${programmeIdentifier},
          'membershipNumber', ${membershipNumber},
          'balance', moved.balance::text,
          'transaction', jsonb_build_object(
            'identifier', entry.identifier,
            'points', abs(entry.points_delta)::text,
            'externalTransactionIdentifier', entry.external_transaction_identifier,
            'dateMade', to_char(entry.date_made AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'agentId', entry.agent_id
          )
        ) ${reversedIdentifier},
        entry.date_made
      FROM entry
      JOIN moved ON moved.id = entry.account_id
      ${memberAndProgramme}
      ${reversedDebit}
      WHERE entry.kind IN ('CREDIT', 'DEBIT', 'REVERSAL') AND entry.partner_id IS NOT NULL
    )`;
}

/**
 * The one way points move, in ONE statement (journalEntryStatement), so
 * balance, journal and key commit or fail together and the account row is
 * locked only while that statement runs. The database's unique indexes
 * decide duplicates: an externalTransactionIdentifier the partner already
 * used for this kind of entry is refused, whatever the body, and so is a
 * second reversal of a debit. Only when nothing moved is anything read again,
 * to tell why.
 */
export async function postJournalEntry(db: Database, input: JournalEntryInput): Promise<PostingOutcome> {
  let inserted: Record<string, unknown>[];
  try {
    inserted = await runJournalEntryStatement(db, input);
  } catch (error) {
    const violation = uniqueViolationOf(error);
    if (violation?.constraint === partnerExternalIdentifierIndex)
      return { outcome: "refused", reason: "DUPLICATE_TRANSACTION" };
    if (violation?.constraint === oneReversalPerDebitConstraint)
      return { outcome: "refused", reason: "ALREADY_REVERSED" };
    throw error;
  }

  const [row] = inserted;
  if (row) return { outcome: "posted", entry: journalRowFromSql(row) };
  return { outcome: "refused", reason: await whyNothingWasPosted(db, input) };
}

async function whyNothingWasPosted(db: Database, input: JournalEntryInput): Promise<PostingRefusal> {
  if (input.whileAccessTokenLive !== undefined && !(await isAccessTokenLive(db, input.whileAccessTokenLive))) {
    return "TOKEN_NOT_LIVE";
  }
  if (input.completesClaim && !(await holdsIdempotencyClaim(db, input.completesClaim))) {
    return "IDEMPOTENCY_CLAIM_LOST";
  }
  // An identifier already used is a duplicate, whatever today's balance or account status.
  const earlier = await findPartnerTransaction(db, input.partnerId, input.kind, input.externalTransactionIdentifier);
  return earlier ? "DUPLICATE_TRANSACTION" : "NOT_MOVED";
}
