import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "@/server/db/rows";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

/** Every table the platform keeps append-only, in each party's schema. */
const appendOnly = [
  "loyalty.transactions",
  "loyalty.membership_changes",
  "portal.order_events",
  "portal.staff_audit_events",
  "payments.card_tokens",
  "payments.charges",
  "payments.refunds",
  "payments.authorisations",
  "payments.captures",
  "payments.voids",
];

async function refusal(statement: Promise<unknown>): Promise<string> {
  const error = await statement.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, "the statement should be refused").toBeDefined();
  const cause = (error as { cause?: { message?: string } }).cause;
  return cause?.message ?? (error as Error).message;
}

describe("append-only tables", () => {
  it("are every table with an append-only trigger, in every party's schema", async () => {
    const rows = rowsOf<{ name: string }>(
      await db().execute(
        sql.raw(`select distinct n.nspname || '.' || c.relname as name
                   from pg_trigger t
                   join pg_class c on c.oid = t.tgrelid
                   join pg_namespace n on n.oid = c.relnamespace
                  where not t.tgisinternal and t.tgname like '%append_only'`),
      ),
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...appendOnly].sort());
  });

  it.each(appendOnly)("refuse TRUNCATE: %s", async (table) => {
    const count = async () =>
      rowsOf<{ n: number }>(await db().execute(sql.raw(`select count(*)::int as n from ${table}`)));
    const before = await count();
    expect(await refusal(db().execute(sql.raw(`truncate ${table} cascade`)))).toMatch(
      /append-only \(TRUNCATE refused\)/,
    );
    expect(await count()).toEqual(before);
  });
});
