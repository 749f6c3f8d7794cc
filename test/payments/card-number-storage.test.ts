import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf } from "@/server/db/rows";
import {
  cardBody,
  chargeBody,
  errorOf,
  postCharge,
  postRefund,
  postToken,
  testCards,
  setupTimeoutCardDelay,
} from "@/test/support/payments-requests";
import { setupTestDatabase } from "@/test/support/test-database";

const { db } = setupTestDatabase();
setupTimeoutCardDelay(400);

/**
 * For each needle, every cell of every table of every party (as text) that
 * contains it: one query per column tries every needle at once.
 */
async function cellsContaining(needles: string[]): Promise<Map<string, string[]>> {
  const columns = rowsOf<{ schema: string; table: string; column: string }>(
    await db().execute(sql`
      select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema in ('loyalty', 'portal', 'payments', 'drizzle') and t.table_type = 'BASE TABLE'
    `),
  );
  expect(columns.some((column) => column.schema === "payments" && column.table === "card_tokens")).toBe(true);
  const found = new Map(needles.map((needle) => [needle, [] as string[]]));
  const patterns = sql.join(
    needles.map((needle) => sql`(${needle}::text)`),
    sql`, `,
  );
  for (const { schema, table, column } of columns) {
    const result = await db().execute(
      sql`select needle from (values ${patterns}) as needles(needle)
          where exists (select 1 from ${sql.identifier(schema)}.${sql.identifier(table)}
                        where ${sql.identifier(column)}::text like '%' || needle || '%')`,
    );
    for (const { needle } of rowsOf<{ needle: string }>(result))
      found.get(needle)!.push(`${schema}.${table}.${column}`);
  }
  return found;
}

describe("the full card number", () => {
  it("is stored nowhere, not even by the payments sandbox, after tokens, charges and a refund of every test card", async () => {
    for (const [outcome, number] of Object.entries(testCards)) {
      const token = await postToken(cardBody(number, { cvc: "987", name: "Card Holder" }));
      expect(token.status, outcome).toBe(201);
      const charge = await postCharge(chargeBody((token.json as { token: string }).token), `storage-${outcome}`);
      if (outcome === "APPROVED") {
        expect((await postRefund((charge.json as { id: string }).id, "storage-refund")).status).toBe(201);
      } else if (outcome !== "TIMEOUT_UNKNOWN_OUTCOME") {
        expect(errorOf(charge).charge).toMatch(/^ch_/);
      }
    }
    const numbers = Object.values(testCards);
    // Nor the first twelve digits, nor an unkeyed hash anyone could reverse by trying numbers.
    const forbidden = numbers.flatMap((number) => [
      number,
      number.slice(0, 12),
      createHash("sha256").update(number).digest("hex"),
    ]);
    const found = await cellsContaining(["4242", ...forbidden]);
    // The search itself works: last four digits and brands are stored.
    expect(found.get("4242")).toContain("payments.card_tokens.last4");
    for (const needle of forbidden) expect(found.get(needle), needle).toEqual([]);
  }, 120_000);
});
