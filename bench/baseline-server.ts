import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import { Pool } from "pg";

/**
 * The baseline of the debit benchmark: the same SQL statement as the real
 * debit (server/loyalty/ledger/post-journal-entry.ts: conditional balance
 * update and journal row, as a named prepared statement) behind a bare node:http server and node-postgres,
 * with nothing else: no validation, no tokens, no logging.
 * Usage: tsx bench/baseline-server.ts <port> <database-url> <partner-id>; each body names its account.
 */
const [port, databaseUrl, partnerId] = process.argv.slice(2);
const pool = new Pool({ connectionString: databaseUrl, max: 10 });
// The benchmark drops its database at the end; the idle connections then fail, harmlessly.
pool.on("error", () => undefined);

async function debit(accountId: number, externalId: string): Promise<boolean> {
  // Named, as the ledger runs it (server/db/execute-prepared.ts): parsed and planned once per connection.
  const result = await pool.query({
    name: "baseline_debit",
    text: `WITH moved AS (
       UPDATE loyalty.accounts SET balance = balance + -1::bigint, last_activity_date = current_date
       WHERE id = $1 AND balance >= 1::bigint RETURNING id
     )
     INSERT INTO loyalty.transactions (identifier, account_id, partner_id, kind, points_delta, description,
       external_transaction_identifier, external_transaction_date, external_reference_description,
       external_partner_identifier, service_reference, request_fingerprint, date_made)
     SELECT $2, moved.id, $3, 'DEBIT', -1, 'BENCH', $4, now(), 'bench', 'WEB', 'RBENCH', $5, now() FROM moved
     RETURNING id`,
    values: [accountId, `TX${randomBytes(11).toString("hex").toUpperCase()}`, partnerId, externalId, randomBytes(32).toString("hex")],
  });
  return (result.rowCount ?? 0) > 0;
}

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as { id?: string; accountId?: number };
    debit(body.accountId ?? 0, body.id ?? randomBytes(8).toString("hex"))
      .then((ok) => {
        response.writeHead(ok ? 201 : 400, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ ok }));
      })
      .catch(() => {
        response.writeHead(500);
        response.end();
      });
  });
}).listen(Number(port), "127.0.0.1", () => console.log("baseline ready"));
