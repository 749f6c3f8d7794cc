import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clockUnitMs, maxClockOffsetMs, maxClockStepMs } from "@/lib/developers/sandbox-clock-schema";
import { resetDeveloperSandbox } from "@/server/loyalty/developers/reset-developer-sandbox";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/server/loyalty/events/event-tables";
import { apiKeys, partners } from "@/server/loyalty/partners/partner-tables";
import { hashApiKey } from "@/server/loyalty/partners/find-partner-by-api-key";
import { advanceSandboxClock } from "@/server/loyalty/sandbox-clock/advance-sandbox-clock";
import { readSandboxClock } from "@/server/loyalty/sandbox-clock/read-sandbox-clock";
import { sandboxClocks } from "@/server/loyalty/sandbox-clock/sandbox-clock-tables";
import { demoApiKey, demoLiveApiKey } from "../support/call-route";
import { debitBody, postDebit, postReversal, reversalBody } from "../support/ledger-requests";
import { issueLoginCode, issueMemberToken } from "../support/member-tokens";
import { callRoute, withKey } from "../support/call-route";
import { retrieveProductPrices as pricingRoute } from "@/server/loyalty/operations/retrieve-product-prices";
import * as grantRoute from "@/app/oauth/api/grant/route";
import { clientToken, getTransactions } from "../support/offline-agents";
import { flightPricingBody } from "../support/pricing-bodies";
import { newDeveloperSandbox, type DeveloperSandbox } from "../support/developer-sandbox";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();
const hours = clockUnitMs.hours;
const member1Persona = "3081000000000001";

type Sandbox = DeveloperSandbox;
const newSandbox = () => newDeveloperSandbox(db());

/** A member token of the sandbox's member1, issued at the sandbox's time (as its A2 would). */
async function memberToken(sandbox: Sandbox, at: Date): Promise<string> {
  return issueMemberToken(db(), sandbox.member1, {
    scope: "read reverse_transaction",
    partnerIdentifier: sandbox.partner.partnerIdentifier,
    now: at,
  });
}

async function debit(sandbox: Sandbox, token: string) {
  const answer = await postDebit({ token, body: debitBody(), account: sandbox.member1, apiKey: sandbox.apiKey });
  expect(answer.status, answer.text).toBe(201);
  return answer;
}

const debitOf = (answer: { json: unknown }) =>
  (answer.json as { debitTransaction: { identifier: string; dateMade: string } }).debitTransaction;

/** Whether `date` is within a minute of `expected` (the test's own time passes too). */
function near(date: Date, expected: number): boolean {
  return Math.abs(date.getTime() - expected) < 60_000;
}

describe("a developer sandbox's clock", () => {
  let one: Sandbox;
  let two: Sandbox;
  beforeAll(async () => {
    one = await newSandbox();
    two = await newSandbox();
  });

  it("moves only forward, only its own sandbox, and dates what the sandbox does after it", async () => {
    const before = await debit(one, await memberToken(one, new Date()));
    expect(before.headers.get("x-sandbox-time")).toBeNull();

    const moved = await advanceSandboxClock(db(), one.partner, 25 * hours);
    expect(moved.outcome).toBe("advanced");
    const clock = await readSandboxClock(db(), one.partner);
    expect(clock.offsetMs).toBe(25 * hours);
    expect(near(clock.now(), Date.now() + 25 * hours)).toBe(true);

    // The reversal window (24 h) has passed on this sandbox's clock: the catalogued refusal, with the sandbox's time.
    const agent = await clientToken("reverse_transaction retrieve_account", one.client);
    const refused = await postReversal({
      token: agent,
      headers: { "X-Agent-Id": "agent7" },
      account: one.member1,
      apiKey: one.apiKey,
      body: reversalBody(debitOf(before).identifier),
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toContain("REVERSAL_NO_LONGER_PERMITTED");
    const sandboxTime = refused.headers.get("x-sandbox-time");
    expect(sandboxTime).not.toBeNull();
    expect(near(new Date(sandboxTime!), Date.now() + 25 * hours)).toBe(true);

    // A debit made now is dated on the moved clock, and P3 lists it on the moved day, after the earlier one.
    const after = await debit(one, await memberToken(one, clock.now()));
    const afterTime = new Date(after.headers.get("x-sandbox-time")!);
    expect(near(afterTime, Date.now() + 25 * hours)).toBe(true);
    const listed = await getTransactions("NORTHSTAR", one.member1, { token: agent, apiKey: one.apiKey });
    expect(listed.status, listed.text).toBe(200);
    const dates = (
      listed.json as { transaction: { debitTransaction?: { identifier: string; dateMade: string } }[] }
    ).transaction.flatMap((entry) => (entry.debitTransaction ? [entry.debitTransaction] : []));
    const afterListed = dates.find((entry) => entry.identifier === debitOf(after).identifier);
    expect(afterListed?.dateMade).toBe(afterTime.toISOString().slice(0, 10));
    expect(listed.headers.get("x-sandbox-time")).not.toBeNull();

    // The other developer's sandbox keeps real time: its debit is reversed within its window.
    expect((await readSandboxClock(db(), two.partner)).moved).toBe(false);
    const twoDebit = await debit(two, await memberToken(two, new Date()));
    expect(twoDebit.headers.get("x-sandbox-time")).toBeNull();
    const twoAgent = await clientToken("reverse_transaction", two.client);
    const reversed = await postReversal({
      token: twoAgent,
      headers: { "X-Agent-Id": "agent7" },
      account: two.member1,
      apiKey: two.apiKey,
      body: reversalBody(debitOf(twoDebit).identifier),
    });
    expect(reversed.status, reversed.text).toBe(201);
    expect(reversed.headers.get("x-sandbox-time")).toBeNull();
  });

  it("expires a token issued before the move on the moved clock", async () => {
    const sandbox = await newSandbox();
    const token = await memberToken(sandbox, new Date());
    await debit(sandbox, token);
    await advanceSandboxClock(db(), sandbox.partner, 2 * hours);
    const expired = await postDebit({ token, body: debitBody(), account: sandbox.member1, apiKey: sandbox.apiKey });
    expect(expired.status, expired.text).toBe(401);
    expect(expired.headers.get("x-sandbox-time")).not.toBeNull();
  });

  it("runs the authorisation code's two minutes on the sandbox's clock, and dates the tokens A2 issues by it", async () => {
    const sandbox = await newSandbox();
    const exchange = (code: string) =>
      callRoute(grantRoute, {
        method: "POST",
        url: "/oauth/api/grant",
        headers: {
          authorization: `Basic ${Buffer.from(`${sandbox.client.clientId}:${sandbox.client.secret}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ grant_type: "authorization_code", code }).toString(),
      });
    const login = { membershipNumber: sandbox.member1, clientId: sandbox.client.clientId, redirectUri: null };
    // A code of a real-time login, a minute old in real time, is three minutes old once the clock moved two.
    const stale = await issueLoginCode(db(), { ...login, now: new Date(Date.now() - 60_000) });
    await advanceSandboxClock(db(), sandbox.partner, 2 * 60_000);
    const refused = await exchange(stale);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toContain("invalid_grant");
    expect(refused.headers.get("x-sandbox-time")).not.toBeNull();
    // A code of a login on the moved clock is exchanged, and the token is dated by that clock.
    const fresh = await issueLoginCode(db(), { ...login, now: (await readSandboxClock(db(), sandbox.partner)).now() });
    const granted = await exchange(fresh);
    expect(granted.status, granted.text).toBe(200);
    const sandboxTime = granted.headers.get("x-sandbox-time");
    expect(near(new Date(sandboxTime!), Date.now() + 2 * 60_000)).toBe(true);
    const { access_token: accessToken } = granted.json as { access_token: string };
    const claims = JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()) as { iat: number };
    expect(Math.abs(claims.iat * 1000 - Date.parse(sandboxTime!))).toBeLessThan(2_000);
  });

  it("refuses a step past its limits and a clock ahead by more than five years", async () => {
    const sandbox = await newSandbox();
    await expect(advanceSandboxClock(db(), sandbox.partner, 0)).rejects.toThrow();
    await expect(advanceSandboxClock(db(), sandbox.partner, maxClockStepMs + 1)).rejects.toThrow();
    let outcome = "advanced";
    let steps = 0;
    while (outcome === "advanced" && steps < 10) {
      outcome = (await advanceSandboxClock(db(), sandbox.partner, maxClockStepMs)).outcome;
      steps += 1;
    }
    expect(outcome).toBe("too-far");
    expect((await readSandboxClock(db(), sandbox.partner)).offsetMs).toBeLessThanOrEqual(maxClockOffsetMs);
  });

  it("goes back to real time with the reset, which starts a fresh journal", async () => {
    const sandbox = await newSandbox();
    await advanceSandboxClock(db(), sandbox.partner, 3 * hours);
    await debit(sandbox, await memberToken(sandbox, (await readSandboxClock(db(), sandbox.partner)).now()));
    await resetDeveloperSandbox(db(), sandbox.partner, new Date());
    expect(await db().select().from(sandboxClocks).where(eq(sandboxClocks.partnerId, sandbox.partner.id))).toEqual([]);
    expect((await readSandboxClock(db(), sandbox.partner)).moved).toBe(false);
    const fresh = await debit(sandbox, await memberToken(sandbox, new Date()));
    expect(fresh.headers.get("x-sandbox-time")).toBeNull();
    expect(near(new Date(debitOf(fresh).dateMade), Date.now())).toBe(true);
  });

  it("brings the sandbox's webhook retries due by as much as it moves, and nobody else's", async () => {
    const sandbox = await newSandbox();
    const other = await newSandbox();
    const pendingIn = async (owner: Sandbox, delayMs: number) => {
      const [endpoint] = await db()
        .insert(webhookEndpoints)
        .values({
          partnerId: owner.partner.id,
          url: "https://example.test/hook",
          eventTypes: ["points.debited"],
          secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
        })
        .returning();
      const [event] = await db()
        .insert(webhookEvents)
        .values({ partnerId: owner.partner.id, type: "points.debited", data: {} })
        .returning();
      // The fan-out trigger queued the delivery; it waits for a retry.
      const [delivery] = await db()
        .update(webhookDeliveries)
        .set({ nextAttemptAt: new Date(Date.now() + delayMs), attempts: 1 })
        .where(and(eq(webhookDeliveries.eventId, event!.id), eq(webhookDeliveries.endpointId, endpoint!.id)))
        .returning();
      return delivery!.id;
    };
    const soon = await pendingIn(sandbox, 2 * hours);
    const later = await pendingIn(sandbox, 10 * hours);
    const others = await pendingIn(other, 2 * hours);
    await advanceSandboxClock(db(), sandbox.partner, 6 * hours);
    const due = async (id: bigint) =>
      (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!.nextAttemptAt.getTime();
    expect(await due(soon)).toBeLessThanOrEqual(Date.now());
    expect(near(new Date(await due(later)), Date.now() + 4 * hours)).toBe(true);
    expect(near(new Date(await due(others)), Date.now() + 2 * hours)).toBe(true);
  });
});

describe("P9's departure dates on a moved clock", () => {
  const departingAt = (at: number) => flightPricingBody(new Date(at));
  const price = (body: unknown, apiKey: string) =>
    callRoute(pricingRoute, {
      method: "POST",
      url: withKey("/api/v2/product-prices", apiKey),
      params: { version: "v2" },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("refuses a departure before the sandbox's now, which real time would still take", async () => {
    const sandbox = await newSandbox();
    await advanceSandboxClock(db(), sandbox.partner, 48 * hours);
    const tomorrow = departingAt(Date.now() + 24 * hours);
    const refused = await price(tomorrow, sandbox.apiKey);
    expect(refused.status, refused.text).toBe(400);
    expect(refused.text).toContain("startDateTime must not be in the past");
    const inThreeDays = await price(departingAt(Date.now() + 72 * hours), sandbox.apiKey);
    expect(inThreeDays.status, inThreeDays.text).toBe(200);
    expect(inThreeDays.headers.get("x-sandbox-time")).not.toBeNull();
    // The Demo Partner's time is real: tomorrow is still ahead.
    const demo = await price(tomorrow, demoApiKey);
    expect(demo.status, demo.text).toBe(200);
  });
});

describe("real time, whatever any clock says", () => {
  it("keeps the Demo Partner's keys, staging and live, on real time", async () => {
    const [demo] = await db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    // The console cannot move it; even a clock row written behind its back is not read.
    expect((await advanceSandboxClock(db(), demo!, hours)).outcome).toBe("not-a-developer-sandbox");
    await db()
      .insert(sandboxClocks)
      .values({ partnerId: demo!.id, offsetMs: 30 * 24 * hours });
    expect((await readSandboxClock(db(), demo!, "staging")).moved).toBe(false);
    expect((await readSandboxClock(db(), demo!, "live")).moved).toBe(false);
    for (const apiKey of [demoApiKey, demoLiveApiKey]) {
      const token = await issueMemberToken(db(), member1Persona, { scope: "read" });
      const answer = await postDebit({ token, body: debitBody(), account: member1Persona, apiKey });
      expect(answer.status, `${apiKey}: ${answer.text}`).toBe(201);
      expect(answer.headers.get("x-sandbox-time")).toBeNull();
      expect(near(new Date(debitOf(answer).dateMade), Date.now()), apiKey).toBe(true);
    }
  });

  it("keeps a live key on real time even on a developer's partner whose clock moved", async () => {
    const sandbox = await newSandbox();
    await advanceSandboxClock(db(), sandbox.partner, 48 * hours);
    const liveKey = `LIVE0CLOCK${randomUUID().replaceAll("-", "").slice(0, 14).toUpperCase()}`;
    await db()
      .insert(apiKeys)
      .values({
        partnerId: sandbox.partner.id,
        environment: "live",
        keyHash: hashApiKey(liveKey),
        keyPrefix: liveKey.slice(0, 8),
      });
    expect((await readSandboxClock(db(), sandbox.partner, "live")).moved).toBe(false);
    const token = await memberToken(sandbox, new Date());
    const live = await postDebit({ token, body: debitBody(), account: sandbox.member1, apiKey: liveKey });
    expect(live.status, live.text).toBe(201);
    expect(live.headers.get("x-sandbox-time")).toBeNull();
    expect(near(new Date(debitOf(live).dateMade), Date.now())).toBe(true);
  });
});
