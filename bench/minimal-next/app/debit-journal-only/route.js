import pg from "pg";
import { journalOnlyDebit } from "../../../bare-debit.mjs";

// The reference's statement until 2026-11-28 (balance and journal row only), beside the speed targets.
const pool = (globalThis.minimalDebitPool ??= new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 }));
pool.on("error", () => undefined);

export async function POST(request) {
  const body = await request.json();
  const ok = await journalOnlyDebit(pool, {
    accountId: body.accountId,
    externalId: body.id,
    partnerId: process.env.BENCH_PARTNER_ID,
  });
  return Response.json({ ok }, { status: ok ? 201 : 400 });
}
