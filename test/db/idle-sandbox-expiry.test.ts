import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { developerAccounts, developerSessions } from "@/server/loyalty/developers/developer-tables";
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
  webhookReceipts,
} from "@/server/loyalty/events/event-tables";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { oauthClients } from "@/server/loyalty/oauth/client-tables";
import { apiKeys, partners, type Partner } from "@/server/loyalty/partners/partner-tables";
import { requestLog } from "@/server/loyalty/request-log/request-log-tables";
import { rowsOf } from "@/server/db/rows";
import { findSandboxExpiry, sandboxExpiry } from "@/server/loyalty/developers/sandbox-expiry";
import { signInDeveloper } from "@/server/loyalty/developers/sign-in-developer";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import { runMaintenance } from "@/server/loyalty/maintenance/run-maintenance";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();
const password = "correct horse battery";
const dayMs = 86_400_000;
const t0 = new Date("2031-04-01T08:00:00Z");
const day = (days: number) => new Date(t0.getTime() + days * dayMs);

interface Sandbox {
  email: string;
  partner: Partner;
}

async function signUp(email: string): Promise<Sandbox> {
  const result = await signUpDeveloper(db(), { email, password, address: "192.0.2.60", now: t0 });
  if (result.outcome !== "signed-up") throw new Error(`sign-up refused: ${result.message}`);
  const [partner] = await db()
    .select()
    .from(partners)
    .where(eq(partners.partnerIdentifier, result.credentials.partnerIdentifier));
  return { email, partner: partner! };
}

/** Rows of a partner in every table that holds its data, directly or through its members. */
async function footprint(partnerId: number) {
  const count = async (query: Promise<unknown[]>) => (await query).length;
  const memberIds = (
    await db().select({ id: members.id }).from(members).where(eq(members.sandboxPartnerId, partnerId))
  ).map((row) => row.id);
  const accountIds =
    memberIds.length === 0
      ? []
      : (await db().select({ id: accounts.id }).from(accounts).where(inArray(accounts.memberId, memberIds))).map(
          (row) => row.id,
        );
  const journal = rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from loyalty.transactions where partner_id = ${partnerId}`),
  )[0]!.n;
  const endpointIds = (
    await db()
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.partnerId, partnerId))
  ).map((row) => row.id);
  return {
    partner: await count(db().select().from(partners).where(eq(partners.id, partnerId))),
    members: memberIds.length,
    accounts: accountIds.length,
    journal,
    journalOnAccounts:
      accountIds.length === 0
        ? 0
        : await count(db().select().from(transactions).where(inArray(transactions.accountId, accountIds))),
    apiKeys: await count(db().select().from(apiKeys).where(eq(apiKeys.partnerId, partnerId))),
    clients: await count(db().select().from(oauthClients).where(eq(oauthClients.partnerId, partnerId))),
    developers: await count(db().select().from(developerAccounts).where(eq(developerAccounts.partnerId, partnerId))),
    requestLog: await count(db().select().from(requestLog).where(eq(requestLog.partnerId, partnerId))),
    endpoints: endpointIds.length,
    events: await count(db().select().from(webhookEvents).where(eq(webhookEvents.partnerId, partnerId))),
    deliveries:
      endpointIds.length === 0
        ? 0
        : await count(db().select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpointIds))),
    receipts: await count(db().select().from(webhookReceipts).where(eq(webhookReceipts.partnerId, partnerId))),
  };
}

/** What a developer leaves behind by using the console and the API: a request, an endpoint with an event delivered, a receipt. */
async function leaveTraces(partnerId: number, at: Date): Promise<void> {
  await db().insert(requestLog).values({
    partnerId,
    environment: "staging",
    requestId: randomUUID(),
    operation: "retrieve-programme-list",
    method: "GET",
    path: "/api/v1/programmes",
    status: 200,
    durationMs: 3,
    requestedAt: at,
  });
  const [endpoint] = await db()
    .insert(webhookEndpoints)
    .values({ partnerId, url: "https://receiver.example/hooks", eventTypes: ["expiry.test"], secret: "whsec_x" })
    .returning();
  // The outbox's trigger fans the event out to the endpoint.
  const [event] = await db()
    .insert(webhookEvents)
    .values({ partnerId, type: "expiry.test", data: { ok: true }, test: true })
    .returning();
  const [delivery] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id));
  await db()
    .insert(webhookAttempts)
    .values({ deliveryId: delivery!.id, attemptedAt: at, statusCode: 200, latencyMs: 5 });
  await db()
    .insert(webhookReceipts)
    .values({ partnerId, webhookId: event!.id, signatureValid: true, body: "{}", eventType: "expiry.test" });
  expect(endpoint).toBeDefined();
}

let idle: Sandbox;
let signedIn: Sandbox;
let keyUser: Sandbox;
let demo: Partner;
let demoBefore: Awaited<ReturnType<typeof footprint>>;
let demoJournal: number;
let idleSessionAccount: number;

beforeAll(async () => {
  idle = await signUp("idle@example.test");
  signedIn = await signUp("returns@example.test");
  keyUser = await signUp("automates@example.test");
  for (const sandbox of [idle, signedIn, keyUser]) await leaveTraces(sandbox.partner.id, t0);
  demo = (await db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01")))[0]!;
  demoBefore = await footprint(demo.id);
  demoJournal = (await db().select().from(transactions)).length;
  const [account] = await db()
    .select({ id: developerAccounts.id })
    .from(developerAccounts)
    .where(eq(developerAccounts.email, idle.email));
  idleSessionAccount = account!.id;
});

describe("idle developer sandboxes", () => {
  it("are kept for DEVELOPER_SANDBOX_IDLE_DAYS after their last use, the console warning from 7 days before", async () => {
    expect(await findSandboxExpiry(db(), idle.partner.id, day(10))).toEqual({
      lastActiveAt: t0,
      deletesAt: day(30),
      warn: false,
    });
    expect(await findSandboxExpiry(db(), idle.partner.id, day(23))).toMatchObject({ deletesAt: day(30), warn: true });
    // The Demo Partner never expires: its console shows no date.
    expect(await findSandboxExpiry(db(), demo.id, day(40))).toBeUndefined();
    expect(sandboxExpiry(t0, day(22.9), { idleDays: 30, warningDays: 7 }).warn).toBe(false);
  });

  it("a sign-in or a request with the sandbox's keys moves the date on", async () => {
    expect(
      (await signInDeveloper(db(), { email: signedIn.email, password, address: "192.0.2.61", now: day(20) })).outcome,
    ).toBe("signed-in");
    expect(await findSandboxExpiry(db(), signedIn.partner.id, day(25))).toMatchObject({
      lastActiveAt: day(20),
      deletesAt: day(50),
      warn: false,
    });
    // The service writes a key's last use as it answers (key-usage.ts); a client secret's likewise.
    await db()
      .update(apiKeys)
      .set({ lastUsedAt: day(26) })
      .where(eq(apiKeys.partnerId, keyUser.partner.id));
    expect(await findSandboxExpiry(db(), keyUser.partner.id, day(27))).toMatchObject({ deletesAt: day(56) });
  });

  it("the maintenance pass deletes an idle sandbox with everything its developer owned, and nothing else", async () => {
    const before = await footprint(idle.partner.id);
    expect(before).toMatchObject({ partner: 1, apiKeys: 1, clients: 2, developers: 1, requestLog: 1, endpoints: 1 });
    expect(before.members).toBeGreaterThan(0);
    expect(before.journal).toBeGreaterThan(0);
    expect(before.deliveries).toBe(1);
    const others = { signedIn: await footprint(signedIn.partner.id), keyUser: await footprint(keyUser.partner.id) };

    // Not yet: 29 days idle.
    expect((await runMaintenance(db(), day(29))).idleSandboxes).toBe(0);
    expect((await footprint(idle.partner.id)).partner).toBe(1);

    const report = await runMaintenance(db(), day(30.5));
    expect(report.idleSandboxes).toBe(1);
    expect(await footprint(idle.partner.id)).toEqual({
      partner: 0,
      members: 0,
      accounts: 0,
      journal: 0,
      journalOnAccounts: 0,
      apiKeys: 0,
      clients: 0,
      developers: 0,
      requestLog: 0,
      endpoints: 0,
      events: 0,
      deliveries: 0,
      receipts: 0,
    });
    const orphanSessions = await db()
      .select()
      .from(developerSessions)
      .where(eq(developerSessions.accountId, idleSessionAccount));
    expect(orphanSessions).toHaveLength(0);
    const attemptsLeft = rowsOf<{ n: number }>(
      await db().execute(
        sql`select count(*)::int as n from loyalty.webhook_attempts a left join loyalty.webhook_deliveries d on d.id = a.delivery_id where d.id is null`,
      ),
    )[0]!.n;
    expect(attemptsLeft).toBe(0);
    // The sandboxes in use are untouched (but for request-log rows past their 7 days), and so is the
    // Demo Partner with its journal.
    const requestLogAged = { requestLog: 0 };
    expect(await footprint(signedIn.partner.id)).toEqual({ ...others.signedIn, ...requestLogAged });
    expect(await footprint(keyUser.partner.id)).toEqual({ ...others.keyUser, ...requestLogAged });
    expect(await footprint(demo.id)).toEqual(demoBefore);
    expect((await db().select().from(transactions)).length).toBe(demoJournal - before.journalOnAccounts);
    // The idle developer's email is free again.
    expect(
      (await signUpDeveloper(db(), { email: idle.email, password, address: "192.0.2.62", now: day(31) })).outcome,
    ).toBe("signed-up");
  });

  it("goes on to the next idle sandbox, later, for the ones used meanwhile", async () => {
    // Day 60: the key user's sandbox (last used on day 26) is idle, the one signed in to on day 20 too.
    const report = await runMaintenance(db(), day(60));
    expect(report.idleSandboxes).toBe(2);
    expect((await footprint(signedIn.partner.id)).partner).toBe(0);
    expect((await footprint(keyUser.partner.id)).partner).toBe(0);
    expect(await footprint(demo.id)).toEqual(demoBefore);
  });
});
