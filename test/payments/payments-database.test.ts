import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/connect";
import { connectDatabase } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { tokeniseCard } from "@/server/payments/cards/tokenise-card";
import { preparePaymentsDatabase, resetPaymentsDatabase } from "@/server/payments/db/payments-database";
import { createEmptyPgliteDatabase, createPostgresDatabase, testDatabaseKind } from "@/test/support/test-database";
import { nextYear, testCards } from "@/test/support/payments-requests";
import paymentsJournal from "@/server/payments/db/migrations/meta/_journal.json";

// A database neither the service nor the portal has touched: the processor alone.
let handle: DatabaseHandle;
let drop: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  if (testDatabaseKind() === "pglite") {
    handle = await createEmptyPgliteDatabase();
  } else {
    const database = await createPostgresDatabase();
    drop = database.drop;
    handle = await connectDatabase({ databaseUrl: database.url, poolSize: 2 });
  }
});

afterAll(async () => {
  await handle.close();
  await drop();
});

async function schemas(): Promise<string[]> {
  const result = await handle.db.execute(
    sql`select nspname as name from pg_namespace where nspname in ('loyalty', 'portal', 'payments') order by 1`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

async function tokenCount(): Promise<number> {
  const result = await handle.db.execute(sql`select count(*)::int as n from payments.card_tokens`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe("the payments sandbox's database module", () => {
  it("creates the payments schema and no other party's", async () => {
    await preparePaymentsDatabase(handle);
    expect(await schemas()).toEqual(["payments"]);
    const migrations = await handle.db.execute(sql`select count(*)::int as n from drizzle.__payments_migrations`);
    // Every migration of the payments sandbox's own journal, and nothing else.
    expect(rowsOf<{ n: number }>(migrations)[0]!.n).toBe(paymentsJournal.entries.length);
  });

  it("resets to empty tables (db:reset)", async () => {
    const card = { number: testCards.APPROVED, exp_month: 1, exp_year: nextYear, cvc: "123", name: "Jo" };
    await tokeniseCard(handle.db, card);
    expect(await tokenCount()).toBe(1);
    await resetPaymentsDatabase(handle);
    expect(await tokenCount()).toBe(0);
    expect(await schemas()).toEqual(["payments"]);
  });
});
