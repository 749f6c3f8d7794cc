import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database, type DatabaseHandle } from "@/server/db/connect";
import { loyaltyMigrations } from "@/server/db/migrate";
import { migrationStates } from "@/server/db/party-migrations";
import { rowsOf } from "@/server/db/rows";
import { installDatabase } from "@/server/loyalty/db/loyalty-database";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import { retrieveOwnTransactions as ownTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { paymentsMigrations } from "@/server/payments/db/payments-database";
import { listMemberOrders } from "@/server/portal/checkout/list-member-orders";
import { placeOrder } from "@/server/portal/checkout/place-order";
import { portalMigrations } from "@/server/portal/db/portal-database";
import { callRoute, withKey } from "../support/call-route";
import {
  checkoutHarness,
  memberToken,
  optionIdFor,
  quoteFor,
  shopperNumber,
  testCards,
  tokenisedCard,
} from "../support/checkout-harness";
import { databaseUrl } from "../support/database-template";
import { debitBody, postDebit } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { needsPostgres, onPostgres, unlessSkipped } from "../support/skip-condition";
import { createPostgresDatabase, setupTestDatabase } from "../support/test-database";

process.env.NEXTAUTH_SECRET ??= "backup-test-secret-of-at-least-thirty-two-characters";

/** The PostgreSQL client programs the runbook (docs/operations.md) uses, when installed. */
function hasClientPrograms(): boolean {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "pipe" });
    execFileSync("pg_restore", ["--version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

const runs = onPostgres && hasClientPrograms();
const { db, handle } = setupTestDatabase();
const harness = checkoutHarness(db);
const meridianMember = "3081000000000009";

/** What the app serves a member from a database: P2's balance, P3's history, and the portal's orders. */
async function served(database: Database, tokens: { shopper: string; meridian: string }) {
  const balance = async (account: string, programme: string, token: string) => {
    const answer = await callRoute(accountRoute, {
      url: withKey(`/api/v2/programmes/${programme}/accounts/${account}`),
      params: { version: "v2", programmeIdentifier: programme, accountIdentifier: account },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    return (answer.json as { balance: unknown }).balance;
  };
  const history = await callRoute(ownTransactionsRoute, {
    url: withKey(`/api/v1/programmes/NORTHSTAR/accounts/transactions`),
    params: { version: "v1", programmeIdentifier: "NORTHSTAR" },
    headers: { svc_client_applicationName: "PARTNERPORTAL", Authorization: `Bearer ${tokens.shopper}` },
  });
  expect(history.status).toBe(200);
  const orders = await listMemberOrders(shopperNumber, 1, { db: database });
  return {
    shopperBalance: await balance(shopperNumber, "NORTHSTAR", tokens.shopper),
    meridianBalance: await balance(meridianMember, "MERIDIAN", tokens.meridian),
    history: history.json,
    orders: orders.orders.map((order) => ({
      orderNumber: order.orderNumber,
      state: order.state,
      points: order.points,
      card: order.card,
      debitTransactionId: order.debitTransactionId,
      timeline: order.timeline.map((entry) => entry.step),
    })),
  };
}

describe.runIf(runs)("backup and restore (pg_dump, pg_restore)", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "backup-restore-"));
  let fresh: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let restored: DatabaseHandle | undefined;

  afterAll(async () => {
    installDatabase(handle());
    await restored?.close();
    await fresh?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    unlessSkipped(
      runs,
      `${needsPostgres}, with pg_dump and pg_restore`,
      "restores a dump of a used database into a fresh one, which serves the same balances, histories and orders",
    ),
    async () => {
      // Use the database: two debits and an order paid with points and a card.
      const tokens = { shopper: await memberToken(db()), meridian: await issueMemberToken(db(), meridianMember) };
      for (const amount of ["1200", "345"]) {
        const debit = await postDebit({
          account: shopperNumber,
          token: tokens.shopper,
          body: debitBody({ monetaryAmount: { amount, currency: { currencyCode: "POINTS" } } }),
        });
        expect(debit.status).toBe(201);
      }
      const option = { points: 9_000, cashMinor: 9_000 };
      const placed = await placeOrder(
        {
          member: { membershipNumber: shopperNumber, accessToken: tokens.shopper },
          quoteId: await quoteFor(db(), option),
          optionId: optionIdFor(option),
          card: await tokenisedCard(testCards.APPROVED),
          checkoutKey: randomUUID(),
        },
        harness.deps(),
      );
      expect(placed.kind).toBe("placed");
      const before = await served(db(), tokens);
      expect(before.orders.map((order) => order.state)).toContain("completed");

      // The runbook's commands: a dump in the custom format, restored into a new, empty database.
      const [{ name }] = rowsOf<{ name: string }>(await db().execute(sql`SELECT current_database() AS name`)) as [
        { name: string },
      ];
      const source = databaseUrl(process.env.TEST_DATABASE_URL!, name);
      const dump = path.join(folder, "loyalty.dump");
      execFileSync("pg_dump", ["--format=custom", `--file=${dump}`, `--dbname=${source}`], { stdio: "pipe" });
      fresh = await createPostgresDatabase();
      execFileSync("pg_restore", ["--exit-on-error", "--no-owner", `--dbname=${fresh.url}`, dump], { stdio: "pipe" });

      // The app on the restored database: the same answers, from the same tokens (the signing keys came along).
      restored = await connectDatabase({ databaseUrl: fresh.url, poolSize: 4 });
      installDatabase(restored);
      const [{ database }] = rowsOf<{ database: string }>(
        await restored.db.execute(sql`SELECT current_database() AS database`),
      ) as [{ database: string }];
      expect(database).not.toBe(name);
      expect(await served(restored.db, tokens)).toEqual(before);

      // Every party's migrations are recorded as applied: the app starts on it without migrating anything again.
      const sets = [loyaltyMigrations, portalMigrations, paymentsMigrations];
      const states = await migrationStates(restored.db, sets);
      expect(sets.map((set) => states.get(set))).toEqual(["applied", "applied", "applied"]);

      // And it takes new work: the restored sequences and constraints hold.
      const after = await postDebit({ account: shopperNumber, token: tokens.shopper, body: debitBody() });
      expect(after.status).toBe(201);
      const balanceBefore = (before.shopperBalance as { amount: number }).amount;
      const balanceAfter = ((await served(restored.db, tokens)).shopperBalance as { amount: number }).amount;
      expect(balanceAfter).toBe(balanceBefore - 100);
    },
  );
});
