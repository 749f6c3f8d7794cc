import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import sandbox from "@/sandbox.json";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as memberLoginRoute from "@/app/oauth/auth/login/route";
import { eventTypes } from "@/lib/contract/webhook-events";
import { pricingExamples } from "@/lib/docs/operations/pricing";
import { checklistItems } from "@/lib/developers/go-live/checklist-items";
import { integrationReport } from "@/lib/developers/go-live/integration-report";
import { resetEnvironmentCache } from "@/server/config/env";
import { loadGoLiveChecklist } from "@/server/loyalty/developers/go-live-checklist";
import { listClients, replaceRedirectUris } from "@/server/loyalty/developers/manage-keys";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import { deliverDue } from "@/server/loyalty/events/delivery/deliver-due";
import { listEventLog } from "@/server/loyalty/events/delivery-log";
import { createEndpoint } from "@/server/loyalty/events/manage-endpoints";
import { replayEvent } from "@/server/loyalty/events/replay-events";
import { sendTestEvent } from "@/server/loyalty/events/send-test-event";
import { members } from "@/server/loyalty/members/member-tables";
import { retrieveProgrammeList as programmesRoute } from "@/server/loyalty/operations/retrieve-programme";
import { retrieveProductPrices as pricingRoute } from "@/server/loyalty/operations/retrieve-product-prices";
import { retrieveAccountTransactions as transactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { flushRequestLog } from "@/server/loyalty/request-log/request-log-buffer";
import { callRoute, withKey } from "../support/call-route";
import { debitBody, postDebit, postReversal, reversalBody } from "../support/ledger-requests";
import { loginPageDriver } from "../support/login-page-driver";
import { issueMemberToken } from "../support/member-tokens";
import { getAccount } from "../support/offline-agents";
import { setupTestDatabase } from "../support/test-database";
import { startWebhookReceiver, waitUntil } from "../support/webhook-receiver";

process.env.WEBHOOK_PRIVATE_TARGETS = "on";
process.env.WEBHOOK_TIMEOUT_MS = "3000";
resetEnvironmentCache();
afterAll(() => resetEnvironmentCache());

const { db } = setupTestDatabase();
const ownRedirectUri = "https://checkout.partner.example/loyalty/callback";

async function newDeveloper() {
  const signUp = await signUpDeveloper(db(), {
    email: `go-live-${randomUUID()}@example.test`,
    password: "correct horse battery",
    address: "192.0.2.77",
    now: new Date(),
  });
  if (signUp.outcome !== "signed-up") throw new Error(signUp.message);
  const [partner] = await db()
    .select()
    .from(partners)
    .where(eq(partners.partnerIdentifier, signUp.credentials.partnerIdentifier));
  const [copy] = await db()
    .select({ membershipNumber: members.membershipNumber })
    .from(members)
    .where(and(eq(members.sandboxPartnerId, partner!.id), eq(members.personaNumber, "3081000000000001")));
  return {
    credentials: signUp.credentials,
    partner: partner!,
    membershipNumber: copy!.membershipNumber,
    username: `${signUp.credentials.usernameTag}.member1`,
  };
}

const ticked = async (partner: Awaited<ReturnType<typeof newDeveloper>>["partner"]) =>
  (await loadGoLiveChecklist(db(), partner)).filter((row) => row.ticked).map((row) => row.id);

describe("the go-live checklist ticks itself from the partner's own requests and deliveries", () => {
  it("goes from no row to every row by running the quickstart, the scenario header, a replay, a late reversal and a local receiver", async () => {
    const dev = await newDeveloper();
    const apiKey = dev.credentials.stagingApiKey;
    expect(await ticked(dev.partner)).toEqual([]);

    // The developer registers its own redirect URI (the console's Settings), and runs the quickstart's flows.
    const client = (await listClients(db(), dev.partner.id)).find((c) => c.kind === "member_login")!;
    expect(await replaceRedirectUris(db(), dev.partner.id, client.id, [ownRedirectUri])).toBeTruthy();
    const first = await callRoute(programmesRoute, {
      url: withKey("/api/v1/programmes", apiKey),
      params: { version: "v1" },
    });
    expect(first.status, first.text).toBe(200);
    const login = loginPageDriver(memberLoginRoute, "/oauth/auth/login", {
      client_id: dev.credentials.clientId,
      response_type: "code",
      redirect_uri: ownRedirectUri,
      scope: "read reverse_transaction",
      state: "go-live",
    });
    const code = login.locationOf(await login.submit(dev.username, sandbox.password)).searchParams.get("code");
    const grant = await callRoute(grantRoute, {
      method: "POST",
      url: "/oauth/api/grant",
      headers: {
        authorization: `Basic ${Buffer.from(`${dev.credentials.clientId}:${dev.credentials.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code!,
        redirect_uri: ownRedirectUri,
      }).toString(),
    });
    expect(grant.status, grant.text).toBe(200);
    const token = (grant.json as { access_token: string }).access_token;
    expect((await getAccount("NORTHSTAR", dev.membershipNumber, { token, agentId: null, apiKey })).status).toBe(200);
    expect(await ticked(dev.partner)).toEqual(["member-login", "token", "account"]);

    // P3, a later page.
    const page = await callRoute(transactionsRoute, {
      url: withKey(
        `/api/v1/programmes/NORTHSTAR/accounts/${dev.membershipNumber}/transactions?start-record=3&end-record=4`,
        apiKey,
      ),
      params: { version: "v1", programmeIdentifier: "NORTHSTAR", accountIdentifier: dev.membershipNumber },
      headers: { Authorization: `Bearer ${token}`, svc_client_applicationName: sandbox.svcClientApplicationName },
    });
    expect(page.status, page.text).toBe(200);

    // A local receiver of the developer's own takes every event type.
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await createEndpoint(db(), dev.partner.id, { url: receiver.url, eventTypes: [...eventTypes] });
      expect("refused" in endpoint).toBe(false);

      // P9, then P5 with an Idempotency-Key, sent twice (the second is the replay).
      const priced = await callRoute(pricingRoute, {
        method: "POST",
        url: withKey("/api/v2/product-prices", apiKey),
        params: { version: "v2" },
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(pricingExamples("v2").hotel!.value),
      });
      expect(priced.status, priced.text).toBe(200);
      const debitCall = {
        token,
        apiKey,
        account: dev.membershipNumber,
        body: debitBody(),
        headers: { "Idempotency-Key": `go-live-${randomUUID()}` },
      };
      const debit = await postDebit(debitCall);
      expect(debit.status, debit.text).toBe(201);
      const again = await postDebit(debitCall);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      const debitId = (debit.json as { debitTransaction: { identifier: string } }).debitTransaction.identifier;
      const reversal = await postReversal({
        token,
        apiKey,
        account: dev.membershipNumber,
        body: reversalBody(debitId),
      });
      expect(reversal.status, reversal.text).toBe(201);

      // A forced 429, and the next request after its Retry-After.
      const limited = await callRoute(programmesRoute, {
        url: withKey("/api/v1/programmes", apiKey),
        params: { version: "v1" },
        headers: { "X-Sandbox-Scenario": "USAGE_RATE_EXCEEDED" },
      });
      expect(limited.status).toBe(429);
      const wait = Number(limited.headers.get("retry-after"));
      await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 50));
      expect(
        (await callRoute(programmesRoute, { url: withKey("/api/v1/programmes", apiKey), params: { version: "v1" } }))
          .status,
      ).toBe(200);

      // A forced SYSTEM_UNAVAILABLE on a debit, retried with the same key.
      const retried = { ...debitCall, body: debitBody(), headers: { "Idempotency-Key": `go-live-${randomUUID()}` } };
      const unavailable = await postDebit({
        ...retried,
        headers: { ...retried.headers, "X-Sandbox-Scenario": "SYSTEM_UNAVAILABLE" },
      });
      expect(unavailable.status).toBe(503);
      expect((await postDebit(retried)).status).toBe(201);

      // The events reach the receiver; then one is replayed and received again.
      await deliverDue(db());
      await waitUntil(() => receiver.received.length > 0);
      const [event] = (await listEventLog(db(), dev.partner.id)).events;
      expect(await replayEvent(db(), dev.partner.id, event!.id, new Date())).toBe(1);
      const before = receiver.received.length;
      await deliverDue(db());
      await waitUntil(() => receiver.received.length > before);
      expect(receiver.received.at(-1)!.id).toBe(event!.id);
    } finally {
      await receiver.close();
    }

    // A reversal 25 hours after its debit is refused. Until the sandbox's own clock is merged, the process clock is
    // moved instead (as test/api/reverse-transaction.test.ts does): the same rule, the same catalogued refusal.
    const late = await postDebit({ token, apiKey, account: dev.membershipNumber, body: debitBody() });
    const lateId = (late.json as { debitTransaction: { identifier: string } }).debitTransaction.identifier;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 25 * 3_600_000);
      const lateToken = await issueMemberToken(db(), dev.membershipNumber, {
        scope: "reverse_transaction",
        partnerIdentifier: dev.partner.partnerIdentifier,
      });
      const refused = await postReversal({
        token: lateToken,
        apiKey,
        account: dev.membershipNumber,
        body: reversalBody(lateId),
      });
      expect(refused.text).toContain("REVERSAL_NO_LONGER_PERMITTED");
      await flushRequestLog();
    } finally {
      vi.useRealTimers();
    }

    await flushRequestLog();
    const rows = await loadGoLiveChecklist(db(), dev.partner, new Date(Date.now() + 25 * 3_600_000));
    expect(rows.filter((row) => !row.ticked).map((row) => row.id)).toEqual([]);
    expect(rows.map((row) => row.id)).toEqual(checklistItems.map((item) => item.id));

    // The report names each request or delivery that ticked a row.
    const report = integrationReport(dev.partner.partnerIdentifier, rows, new Date());
    expect(report.complete).toBe(true);
    const byId = Object.fromEntries(report.items.map((item) => [item.id, item.evidence]));
    expect(byId["member-login"]).toMatchObject({ kind: "request", operation: "Member login · A1", status: 302 });
    expect(byId["member-login"]?.note).toContain(ownRedirectUri);
    expect(byId.token).toMatchObject({ operation: "Get a token · A2", status: 200 });
    expect(byId["transactions-paging"]).toMatchObject({ operation: "List an account's transactions · P3" });
    expect(byId["price-then-debit"]).toMatchObject({ operation: "Debit points · P5", status: 201 });
    expect(byId["reversal-refused"]).toMatchObject({ operation: "Reverse a debit · P6", status: 400 });
    expect(byId["event-replay-received"]).toMatchObject({ kind: "delivery", status: 200 });
    for (const item of report.items) {
      const evidence = item.evidence!;
      if (evidence.kind === "request") expect(evidence.requestId).toMatch(/^[0-9a-f-]{36}$/);
      else expect(evidence.eventId).toMatch(/^evt_/);
    }

    // The delivery log shows the replay as a replay.
    const logged = (await listEventLog(db(), dev.partner.id)).events.flatMap((event) => event.deliveries);
    expect(
      logged.some((delivery) => delivery.replays.length === 1 && delivery.attempts.some((a) => a.replay === 1)),
    ).toBe(true);
  });

  it("is not ticked by a forced answer, nor by another developer's requests", async () => {
    const one = await newDeveloper();
    const two = await newDeveloper();
    const apiKey = two.credentials.stagingApiKey;
    // A forced window refusal is not a reversal refused after the window.
    const forced = await postReversal({
      token: null,
      apiKey,
      account: two.membershipNumber,
      body: reversalBody("00000000000000000001"),
      headers: { "X-Sandbox-Scenario": "REVERSAL_NO_LONGER_PERMITTED" },
    });
    expect(forced.text).toContain("REVERSAL_NO_LONGER_PERMITTED");
    await flushRequestLog();
    expect(await ticked(two.partner)).toEqual([]);
    expect(await ticked(one.partner)).toEqual([]);
  });

  it("a test event names the developer's own copy of the sample member, never the public persona", async () => {
    const dev = await newDeveloper();
    const eventId = await sendTestEvent(db(), dev.partner.id, "points.debited", new Date());
    const [event] = (await listEventLog(db(), dev.partner.id)).events.filter((logged) => logged.id === eventId);
    expect(event!.test).toBe(true);
    expect(event!.data).toMatchObject({ membershipNumber: dev.membershipNumber, balance: "250000" });
    expect(dev.membershipNumber).not.toBe("3081000000000001");
  });
});
