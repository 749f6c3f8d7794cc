import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { afterAll, describe, expect, it } from "vitest";
import { memberAccessToken } from "@/bench/member-token";
import { resetEnvironmentCache } from "@/server/config/env";
import { connectDatabase, type DatabaseHandle } from "@/server/db/connect";
import { isUnfinished } from "@/lib/checkout/order-states";
import { createStoredSession } from "@/server/portal/auth/session-store";
import { orders, shopProducts } from "@/server/portal/db/schema";
import { accountState } from "../support/account-state";
import { orderFacts, quoteFor, shopper, shopperNumber } from "../support/checkout-harness";
import { cardBody, testCards } from "../support/payment-cards";
import { serverActionId } from "../support/server-action";
import { unlessSkipped } from "../support/skip-condition";
import { startApp, type StartedApp } from "../support/start-app";
import { createPostgresDatabase } from "../support/test-database";

const postgres = Boolean(process.env.TEST_DATABASE_URL);
// The app's session secret, and this process's too: the stored session's tokens are sealed with it here (the
// environment read again, as a module imported above may have read it already).
const secret = `sigterm-checkouts-${randomBytes(24).toString("hex")}`;
process.env.NEXTAUTH_SECRET = secret;
resetEnvironmentCache();

/** Each order: part points, part cash on the card whose authorisation is answered late. */
const option = { points: 1_000, cashMinor: 9_000 };
const orderCount = 4;

const appEnvironment = (databaseUrl: string) => ({
  DATABASE_URL: databaseUrl,
  NEXTAUTH_SECRET: secret,
  // The member's request waits 15 s for the authorisation, which the sandbox records at once and answers after 20:
  // long enough that all four orders are held at once even when a loaded machine spreads the Pay requests over
  // seconds (with the default 5 s, the first was answered before the last was stored), and the stop's grace covers
  // the wait.
  PAYMENTS_TIMEOUT_MS: "15000",
  PAYMENTS_SANDBOX_TIMEOUT_DELAY_MS: "20000",
  SHUTDOWN_GRACE_MS: "60000",
  // An order whose authorisation's answer was lost is the worker's at once, and the worker looks often.
  CHECKOUT_UNKNOWN_CHARGE_GRACE_MS: "0",
  CHECKOUT_WORKER_INTERVAL_MS: "300",
});

/** The member's signed-in browser: a stored session and next-auth's cookie naming it, as sign-in leaves them. */
async function signedInCookie(db: DatabaseHandle["db"], origin: string): Promise<string> {
  const accessToken = await memberAccessToken(origin, shopper.username!);
  const inAnHour = new Date(Date.now() + 3_600_000);
  const sid = await createStoredSession(db, {
    provider: "loyalty",
    membershipNumber: shopperNumber,
    programme: "NORTHSTAR",
    accessToken,
    accessExpiresAt: inAnHour,
    expiresAt: inAnHour,
  });
  const token = await encode({ token: { sid, membershipNumber: shopperNumber, programme: "NORTHSTAR" }, secret });
  return `next-auth.session-token=${token}`;
}

/** The card as the checkout page tokenises it in the browser. */
async function tokenisedCard(origin: string, number: string) {
  const answer = await fetch(`${origin}/payments-sandbox/v1/tokens`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: "Bearer pk_sandbox_9TbQ4fXc2LmW7rZp5HkD3sNv" },
    body: JSON.stringify(cardBody(number)),
  });
  const card = (await answer.json()) as { token: string; brand: string; last4: string };
  if (answer.status !== 201) throw new Error(`tokenising answered ${answer.status}`);
  return { token: card.token, brand: card.brand, last4: card.last4 };
}

describe("a deploy's SIGTERM while checkouts are under way", () => {
  let app: StartedApp | undefined;
  let handle: DatabaseHandle | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await app?.stop();
    await handle?.close();
    await dropDatabase?.();
  });

  it.runIf(postgres)(
    unlessSkipped(
      postgres,
      "TEST_DATABASE_URL (two starts sharing PostgreSQL)",
      "answers the members' Pay requests, gives every order back, and the next start settles each with points and money consistent",
    ),
    async () => {
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      app = await startApp(appEnvironment(database.url));
      handle = await connectDatabase({ databaseUrl: database.url, poolSize: 2 });
      const db = handle.db;
      // The portal's tables are migrated and the shop stocked as the app starts, beside the service it waited for.
      const stockedBy = Date.now() + 60_000;
      // Until the app has migrated them the tables do not exist: that, too, means "not stocked yet".
      const stocked = () =>
        db
          .select()
          .from(shopProducts)
          .where(eq(shopProducts.id, "FLIGHT-LHR-MAD"))
          .then(
            (rows) => rows.length > 0,
            (error: unknown) => {
              const cause = (error as { cause?: { code?: string } }).cause;
              if (cause?.code === "42P01" || cause?.code === "3F000") return false;
              throw error;
            },
          );
      while (!(await stocked())) {
        if (Date.now() > stockedBy) throw new Error(`the shop was not stocked:\n${app.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const cookie = await signedInCookie(db, app.origin);
      const balanceBefore = (await accountState(db, shopperNumber)).balance;

      // The members press Pay: the checkout page's server action, as the browser posts it.
      const actionId = serverActionId("server/portal/orders/place-order-action.ts", "placeOrderAction");
      const answeredEarly: { status: number; body: string }[] = [];
      const checkoutKeys = Array.from({ length: orderCount }, () => randomUUID());
      // Everything the checkout page holds before Pay: the quotes and the tokenised cards.
      const inputs = await Promise.all(
        checkoutKeys.map(async (checkoutKey) => ({
          quoteId: await quoteFor(db, option),
          optionId: "0",
          checkoutKey,
          card: await tokenisedCard(app!.origin, testCards.TIMEOUT_UNKNOWN_OUTCOME),
        })),
      );
      const payments = Promise.all(
        inputs.map(async (input) => {
          const answer = await fetch(`${app!.origin}/shop/FLIGHT-LHR-MAD/checkout`, {
            method: "POST",
            headers: {
              "Next-Action": actionId,
              Origin: app!.origin,
              Accept: "text/x-component",
              "Content-Type": "text/plain;charset=UTF-8",
              Cookie: cookie,
            },
            body: JSON.stringify([input]),
          });
          const payment = { status: answer.status, body: await answer.text() };
          answeredEarly.push(payment);
          return payment;
        }),
      );
      const orderRows = () => db.select().from(orders).where(inArray(orders.checkoutKey, checkoutKeys));

      // SIGTERM once every order is stored and held by its member's request, mid-way through the authorisation.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const rows = await orderRows();
        if (rows.length === orderCount && rows.every((row) => row.leaseToken !== null)) break;
        if (Date.now() > deadline || answeredEarly.length > 0)
          throw new Error(
            `the orders were not all held by their members' requests at once: ${JSON.stringify(answeredEarly)}\n${app.output()}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      process.kill(app.pid, "SIGTERM");

      // Every Pay request in flight got its answer: the order, still being confirmed.
      for (const payment of await payments) {
        expect(payment.status).toBe(200);
        expect(payment.body).toContain('"orderId"');
      }
      expect(await app.exited, app.output()).toEqual({ code: 0, signal: null });
      // Nothing is left held by the stopped process: every order is free for the next start to take.
      const stopped = await orderRows();
      for (const row of stopped) expect(row).toMatchObject({ leaseToken: null, lockedUntil: null });
      expect(stopped.filter((row) => isUnfinished(row.state)).length).toBeGreaterThan(0);

      // The next start settles every order.
      app = await startApp(appEnvironment(database.url));
      const settleBy = Date.now() + 90_000;
      while ((await orderRows()).some((row) => isUnfinished(row.state))) {
        if (Date.now() > settleBy) throw new Error(`orders left unfinished:\n${app.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      for (const row of await orderRows()) {
        const facts = await orderFacts(db, row.id);
        expect(facts.order.state).toBe("completed");
        expect(facts.debits).toHaveLength(1);
        expect(facts.reversals).toHaveLength(0);
        expect(facts.openHolds).toBe(0);
        expect(facts.pointsKept).toBe(option.points);
        expect(facts.cashKept).toBe(option.cashMinor);
      }
      expect((await accountState(db, shopperNumber)).balance).toBe(balanceBefore - BigInt(orderCount * option.points));
    },
    240_000,
  );
});
