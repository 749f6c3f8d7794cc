import { randomBytes } from "node:crypto";
import pg from "pg";

// The benchmark's reference point: a Next.js route handler doing only the
// debit's SQL statement (as bench/baseline-server.ts runs it), nothing else.
const pool = (globalThis.minimalDebitPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }));
pool.on("error", () => undefined);

export async function POST(request) {
  const body = await request.json();
  const result = await pool.query({
    name: "minimal_debit",
    text: `WITH moved AS (
       UPDATE loyalty.accounts SET balance = balance + -1::bigint, last_activity_date = current_date
       WHERE id = $1 AND balance >= 1::bigint RETURNING id
     )
     INSERT INTO loyalty.transactions (identifier, account_id, partner_id, kind, points_delta, description,
       external_transaction_identifier, external_transaction_date, external_reference_description,
       external_partner_identifier, service_reference, request_fingerprint, date_made)
     SELECT $2, moved.id, $3, 'DEBIT', -1, 'BENCH', $4, now(), 'bench', 'WEB', 'RBENCH', $5, now() FROM moved
     RETURNING id`,
    values: [body.accountId, `TX${randomBytes(11).toString("hex").toUpperCase()}`, process.env.BENCH_PARTNER_ID, body.id, randomBytes(32).toString("hex")],
  });
  const ok = (result.rowCount ?? 0) > 0;
  return Response.json({ ok }, { status: ok ? 201 : 400 });
}
