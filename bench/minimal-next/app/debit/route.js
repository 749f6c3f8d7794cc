import pg from "pg";
import { referenceDebit } from "../../../bare-debit.mjs";

// The benchmark's reference point: a Next.js route handler doing only the
// debit's SQL statement (as bench/baseline-server.ts runs it), nothing else.
// The statement is the ledger's own, handed over by the bench (bench/debit-statement.ts).
const pool = (globalThis.minimalDebitPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }));
pool.on("error", () => undefined);
const statement = JSON.parse(process.env.BENCH_DEBIT_STATEMENT ?? "null");

export async function POST(request) {
  const body = await request.json();
  const ok = await referenceDebit(pool, statement, {
    membershipNumber: body.membershipNumber,
    accessTokenId: body.accessTokenId,
    externalId: body.id,
  });
  return Response.json({ ok }, { status: ok ? 201 : 400 });
}
