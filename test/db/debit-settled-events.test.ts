import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventPayloadSchema, eventTypes } from "@/lib/contract/webhook-events";
import { env, resetEnvironmentCache } from "@/server/config/env";
import { resetDeveloperSandbox } from "@/server/loyalty/developers/reset-developer-sandbox";
import { builtInReceiverPath, receiveWebhook } from "@/server/loyalty/events/built-in-receiver";
import { deliverDue } from "@/server/loyalty/events/delivery/deliver-due";
import { webhookEvents, webhookReceipts } from "@/server/loyalty/events/event-tables";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { settleClosedDebits } from "@/server/loyalty/events/settle-closed-debits";
import { advanceSandboxClock } from "@/server/loyalty/sandbox-clock/advance-sandbox-clock";
import { readSandboxClock } from "@/server/loyalty/sandbox-clock/read-sandbox-clock";
import { debitBody, postDebit, postReversal, reversalBody } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { newDeveloperSandbox, type DeveloperSandbox } from "../support/developer-sandbox";
import { setupTestDatabase } from "../support/test-database";

process.env.WEBHOOK_PRIVATE_TARGETS = "on";
process.env.WEBHOOK_ENDPOINT_IN_FLIGHT = "1";
process.env.WEBHOOK_WORKER_INTERVAL_MS = "100";
process.env.WEBHOOK_TIMEOUT_MS = "3000";

const { db } = setupTestDatabase();
const hourMs = 3_600_000;

/**
 * The built-in receiver as the app serves it (app/developers/receiver/[partner]/route.ts): the
 * same `receiveWebhook`, at APP_ORIGIN, verifying each post with the secret of the endpoint
 * pointing at it and recording the receipt the console shows.
 */
let receiver: Server;
beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const partner = decodeURIComponent((request.url ?? "").split("/").pop() ?? "");
      const url = `${env().APP_ORIGIN}${builtInReceiverPath(partner)}`;
      const headers = new Headers(
        Object.entries(request.headers).map(([name, value]): [string, string] => [name, String(value)]),
      );
      void receiveWebhook(db(), partner, url, headers, Buffer.concat(chunks).toString("utf8"), new Date()).then(
        (outcome) => response.writeHead(outcome.status).end(),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  process.env.APP_ORIGIN = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  resetEnvironmentCache();
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  resetEnvironmentCache();
});

interface Sandbox extends DeveloperSandbox {
  member: string;
}

async function newSandbox(): Promise<Sandbox> {
  const sandbox = await newDeveloperSandbox(db(), "192.0.2.82");
  return { ...sandbox, member: sandbox.member1 };
}

/** "Add the built-in receiver", as the console's button does it: every event type. */
async function addBuiltInReceiver(sandbox: Sandbox) {
  const endpoint = await createEndpoint(db(), sandbox.partner.id, {
    url: `${env().APP_ORIGIN}${builtInReceiverPath(sandbox.partner.partnerIdentifier)}`,
    eventTypes: [...eventTypes],
  });
  if ("refused" in endpoint) throw new Error(endpoint.refused);
  return endpoint;
}

async function debit(sandbox: Sandbox, token: string, amount: string): Promise<string> {
  const answer = await postDebit({
    token,
    account: sandbox.member,
    apiKey: sandbox.apiKey,
    body: debitBody({ monetaryAmount: { amount, currency: { currencyCode: "POINTS" } } }),
  });
  expect(answer.status, answer.text).toBe(201);
  return (answer.json as { debitTransaction: { identifier: string } }).debitTransaction.identifier;
}

async function tokenAt(sandbox: Sandbox) {
  const clock = await readSandboxClock(db(), sandbox.partner);
  return issueMemberToken(db(), sandbox.member, {
    scope: "read reverse_transaction",
    partnerIdentifier: sandbox.partner.partnerIdentifier,
    now: clock.now(),
  });
}

async function receipts(sandbox: Sandbox) {
  return db()
    .select()
    .from(webhookReceipts)
    .where(eq(webhookReceipts.partnerId, sandbox.partner.id))
    .orderBy(asc(webhookReceipts.id));
}

const settledSchema = eventPayloadSchema("points.debit_settled");

describe("points.debit_settled on the sandbox's clock", () => {
  it("moving the clock past the reversal window delivers each unreversed debit's settlement, in order, signed", async () => {
    const sandbox = await newSandbox();
    const other = await newSandbox();
    await addBuiltInReceiver(sandbox);
    await addBuiltInReceiver(other);
    const token = await tokenAt(sandbox);
    const first = await debit(sandbox, token, "100");
    const second = await debit(sandbox, token, "200");
    const third = await debit(sandbox, token, "300");
    await debit(other, await tokenAt(other), "400");
    const reversal = await postReversal({
      token,
      account: sandbox.member,
      apiKey: sandbox.apiKey,
      body: reversalBody(second),
    });
    expect(reversal.status, reversal.text).toBe(201);

    // Within the window nothing is final, whatever runs the pass.
    expect(await settleClosedDebits(db(), new Date())).toBe(0);
    await deliverDue(db());
    expect((await receipts(sandbox)).map((receipt) => receipt.eventType)).toEqual([
      "points.debited",
      "points.debited",
      "points.debited",
      "points.reversed",
    ]);

    const moved = await advanceSandboxClock(db(), sandbox.partner, 25 * hourMs);
    expect(moved.outcome).toBe("advanced");
    await deliverDue(db());
    const settled = (await receipts(sandbox)).slice(4);
    expect(settled.every((receipt) => receipt.signatureValid)).toBe(true);
    const bodies = settled.map((receipt) => settledSchema.parse(JSON.parse(receipt.body)));
    // The reversed debit never becomes final; the others do, in the order their windows ended.
    expect(bodies.map((body) => body.data.transaction.identifier)).toEqual([first, third]);
    for (const body of bodies) {
      expect(body.data.membershipNumber).toBe(sandbox.member);
      expect(body.data.programmeIdentifier).toBe("NORTHSTAR");
      expect(Date.parse(body.data.settledAt) - Date.parse(body.data.transaction.dateMade)).toBe(24 * hourMs);
      expect(body.timestamp).toBe(body.data.settledAt);
    }
    expect(bodies.map((body) => body.data.transaction.points)).toEqual(["100", "300"]);

    // Settled once: passes after the move, on any instance, add nothing; the other sandbox is still within its window.
    expect(await settleClosedDebits(db(), new Date())).toBe(0);
    expect((await receipts(other)).map((receipt) => receipt.eventType)).toEqual(["points.debited"]);

    // The next debit settles on the next move past its window, and only it.
    const fourth = await debit(sandbox, await tokenAt(sandbox), "50");
    await advanceSandboxClock(db(), sandbox.partner, 24 * hourMs + 1_000);
    await deliverDue(db());
    const later = (await receipts(sandbox)).slice(6);
    expect(later.map((receipt) => receipt.eventType)).toEqual(["points.debited", "points.debit_settled"]);
    expect(settledSchema.parse(JSON.parse(later[1]!.body)).data.transaction.identifier).toBe(fourth);
  });

  it("settles a real-time partner's debits when real time passes the window, and a reset starts afresh", async () => {
    const sandbox = await newSandbox();
    await addBuiltInReceiver(sandbox);
    const identifier = await debit(sandbox, await tokenAt(sandbox), "120");
    const dayLater = new Date(Date.now() + 24 * hourMs + 60_000);
    // The pass as the worker runs it (every subscriber), then as the clock's move runs it (this sandbox only).
    const mine = { partnerId: sandbox.partner.id };
    expect(await settleClosedDebits(db(), new Date(Date.now() + 23 * hourMs), mine)).toBe(0);
    expect(await settleClosedDebits(db(), dayLater, mine)).toBe(1);
    await settleClosedDebits(db(), dayLater);
    expect(await settleClosedDebits(db(), dayLater, mine)).toBe(0);
    const [event] = await db()
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.partnerId, sandbox.partner.id), eq(webhookEvents.type, "points.debit_settled")));
    expect((event!.data as { transaction: { identifier: string } }).transaction.identifier).toBe(identifier);

    // A reset deletes the journal the mark pointed into: the fresh timeline's debits settle as theirs end.
    await advanceSandboxClock(db(), sandbox.partner, 48 * hourMs);
    await resetDeveloperSandbox(db(), sandbox.partner, new Date());
    const afterReset = await debit(sandbox, await tokenAt(sandbox), "80");
    expect(await settleClosedDebits(db(), dayLater, mine)).toBe(1);
    const settledAfterReset = await db()
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.partnerId, sandbox.partner.id), eq(webhookEvents.type, "points.debit_settled")));
    expect(
      settledAfterReset.map((row) => (row.data as { transaction: { identifier: string } }).transaction.identifier),
    ).toContain(afterReset);
  });
});
