import { randomBytes } from "node:crypto";

/**
 * The debit's statement as the bench's references run it (bench/baseline-server.ts
 * and bench/minimal-next): `statement` is the SQL a P5 debit of one point
 * sends, taken from the ledger's code at the bench's start
 * (bench/debit-statement.ts), run as a named prepared statement like the
 * ledger's (server/db/execute-prepared.ts). Each request fills in what a
 * debit draws afresh (identifiers, time) and names its member and token.
 * Resolves whether a point moved.
 */
export async function referenceDebit(pool, statement, { membershipNumber, accessTokenId, externalId }) {
  const now = new Date().toISOString();
  const values = {
    ...statement.values,
    identifier: `TX${randomBytes(11).toString("hex").toUpperCase()}`,
    serviceReference: `R${randomBytes(5).toString("hex").slice(0, 9).toUpperCase()}`,
    externalTransactionIdentifier: externalId,
    membershipNumber,
    accessTokenId,
    dateMade: now,
    lastActivityDate: now.slice(0, 10),
  };
  const result = await pool.query({
    name: "bench_reference_debit",
    text: statement.text,
    values: statement.parameterNames.map((name) => values[name]),
  });
  return (result.rowCount ?? 0) > 0;
}

/**
 * The statement the references ran until 2026-11-28: the conditional balance
 * update and the journal row only, for an account given by id (written before
 * the partner event and the token's check joined the debit's statement).
 * Kept as a row beside the speed targets. Resolves whether a point moved.
 */
export async function journalOnlyDebit(pool, { accountId, externalId, partnerId }) {
  const result = await pool.query({
    name: "bench_journal_only_debit",
    text: `WITH moved AS (
       UPDATE loyalty.accounts SET balance = balance + -1::bigint, last_activity_date = current_date
       WHERE id = $1 AND balance >= 1::bigint RETURNING id
     )
     INSERT INTO loyalty.transactions (identifier, account_id, partner_id, kind, points_delta, description,
       external_transaction_identifier, external_transaction_date, external_reference_description,
       external_partner_identifier, service_reference, date_made)
     SELECT $2, moved.id, $3, 'DEBIT', -1, 'BENCH', $4, now(), 'bench', 'WEB', 'RBENCH', now() FROM moved
     RETURNING id`,
    values: [accountId, `TX${randomBytes(11).toString("hex").toUpperCase()}`, partnerId, externalId],
  });
  return (result.rowCount ?? 0) > 0;
}
