import pg from "pg";
import { bareDebit } from "../../../bare-debit.mjs";

// The benchmark's reference point: a Next.js route handler doing only the
// debit's SQL statement (as bench/baseline-server.ts runs it), nothing else.
const pool = (globalThis.minimalDebitPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }));
pool.on("error", () => undefined);

export async function POST(request) {
  const body = await request.json();
  const ok = await bareDebit(pool, {
    accountId: body.accountId,
    externalId: body.id,
    partnerId: process.env.BENCH_PARTNER_ID,
  });
  return Response.json({ ok }, { status: ok ? 201 : 400 });
}
