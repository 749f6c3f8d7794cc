import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { rowsOf } from "@/server/db/rows";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { runOnce } from "@/server/portal/checkout/recovery/run-once";
import {
  afterLeases,
  checkoutHarness,
  memberToken,
  quoteFor,
  shopperNumber,
  tokenisedCard,
} from "../support/checkout-harness";
import { paymentsClientTimeoutMs, setupTimeoutCardDelay, timeoutCardDelayMs } from "../support/payments-requests";
import { setupTestDatabase } from "../support/test-database";

process.env.NEXTAUTH_SECRET ??= "checkout-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
setupTimeoutCardDelay(timeoutCardDelayMs);
const harness = checkoutHarness(db, { paymentsTimeoutMs: paymentsClientTimeoutMs });

/** Every row of every table of the portal's schema, as text. */
async function portalTablesAsText(): Promise<string[]> {
  const tables = rowsOf<{ table_name: string }>(
    await db().execute(
      sql`select table_name from information_schema.tables where table_schema = 'portal' and table_type = 'BASE TABLE'`,
    ),
  );
  expect(tables.map((table) => table.table_name)).toEqual(expect.arrayContaining(["orders", "order_events"]));
  const dumps: string[] = [];
  for (const { table_name: table } of tables) {
    const rows = rowsOf<{ row: string }>(
      await db().execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier("portal")}.${sql.identifier(table)} t`,
      ),
    );
    dumps.push(...rows.map((row) => `${table}: ${row.row}`));
  }
  return dumps;
}

describe("no full card number in the portal's tables or logs", () => {
  it("keeps only the token, the brand and the last four digits, whatever the test card did", async () => {
    const accessToken = await memberToken(db());
    for (const card of sandbox.paymentTestCards) {
      const result = await placeOrder(
        {
          member: { membershipNumber: shopperNumber, accessToken },
          quoteId: await quoteFor(db(), { points: 500, cashMinor: 17_500 }),
          optionId: "0",
          card: await tokenisedCard(card.number),
          checkoutKey: randomUUID(),
        },
        harness.deps(),
      );
      // A declined card is a declined attempt (an order row staff see), the others are placed.
      expect(["placed", "declined"], card.outcome).toContain(result.kind);
    }
    await runOnce(harness.deps({ now: afterLeases() }));

    const dumps = await portalTablesAsText();
    const orderRows = dumps.filter((row) => row.startsWith("orders: "));
    expect(orderRows).toHaveLength(sandbox.paymentTestCards.length);
    const text = [...dumps, ...harness.logger.lines].join("\n");
    for (const card of sandbox.paymentTestCards) {
      expect(text).not.toContain(card.number);
      // Nor all but its last four digits, as a number cut short would show them.
      expect(text).not.toContain(card.number.slice(0, 12));
      expect(text).toContain(`"card_last4":"${card.number.slice(-4)}"`);
    }
    // The member's token is kept sealed and only until the debit is settled; the timeline never holds it.
    expect(text).not.toContain(accessToken);
    expect(harness.logger.lines.length).toBeGreaterThan(0);
  });
});
