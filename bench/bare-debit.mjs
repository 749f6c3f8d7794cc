import { randomBytes } from "node:crypto";

/**
 * The statement both bench references run (bench/baseline-server.ts and
 * bench/minimal-next): the real debit's SQL (server/loyalty/ledger/post-journal-entry.ts,
 * conditional balance update and journal row) with the account given by id,
 * as a named prepared statement like the ledger's (server/db/execute-prepared.ts).
 * Resolves whether a point moved.
 */
export async function bareDebit(pool, { accountId, externalId, partnerId }) {
  const result = await pool.query({
    name: "bench_bare_debit",
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
