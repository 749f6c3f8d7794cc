import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createClientTokenProvider, type ClientTokenSource } from "@/lib/loyalty-client/client-token-provider";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { createLoyaltyClient } from "@/lib/loyalty-client/loyalty-client";
import { createTokenClient } from "@/lib/loyalty-client/token-client";
import { transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipChanges } from "@/server/loyalty/members/member-tables";
import { accessTokenSeconds } from "@/server/loyalty/oauth/token-lifetimes";
import { accountState } from "../support/account-state";
import { demoApiKey, origin } from "../support/call-route";
import { debitBody, reversalBody } from "../support/ledger-requests";
import { issueMemberToken, revokeAccessToken } from "../support/member-tokens";
import { addMember, demoCredentials } from "../support/offline-agents";
import { routeFetch } from "../support/route-fetch";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

const member1 = "3081000000000001";
const member5 = "3081000000000005";
const meridianMember = "3081000000000009";
const zephyrMember = "3081000000009002";
const offlineScopes = ["retrieve_account", "retrieve_membership", "write", "reverse_transaction"];

const transport = routeFetch();
const tokenClient = createTokenClient({
  authUrl: `${origin}/oauth`,
  partnerAuthUrl: `${origin}/partner-oauth`,
  timeoutMs: 30_000,
  fetch: transport.fetch,
});
const client = createLoyaltyClient({
  baseUrl: `${origin}/api`,
  apiKey: demoApiKey,
  applicationName: "PARTNERPORTAL",
  timeoutMs: 30_000,
  fetch: transport.fetch,
});

const grantRequests = () => transport.requests.filter((request) => request.url.endsWith("/oauth/api/grant")).length;

function provider(scopes = offlineScopes, now?: () => number): ClientTokenSource {
  return createClientTokenProvider({ tokenClient, client: demoCredentials, scopes, now });
}

const tokens = provider();
const agent = { agentId: "agent7", tokens };

beforeAll(async () => {
  await addMember(database.db(), zephyrMember, "ZEPHYR");
});

async function refusal(promise: Promise<unknown>): Promise<LoyaltyApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LoyaltyApiError);
  return error as LoyaltyApiError;
}

describe("the client-token provider", () => {
  it("asks A2 once and reuses the token until shortly before it expires", async () => {
    let clock = Date.now();
    const cached = provider(offlineScopes, () => clock);
    const before = grantRequests();
    const [first, concurrent] = await Promise.all([cached.token(), cached.token()]);
    expect(concurrent).toBe(first);
    expect(await cached.token()).toBe(first);
    expect(grantRequests() - before).toBe(1);

    const grant = transport.requests.filter((request) => request.url.endsWith("/oauth/api/grant")).at(-1)!;
    expect(new URLSearchParams(await grant.text()).get("scope")).toBe(offlineScopes.join(" "));

    // A minute before the token's end (expires_in) a new one is asked for, not earlier.
    clock += (accessTokenSeconds - 61) * 1000;
    expect(await cached.token()).toBe(first);
    clock += 1001;
    const renewed = await cached.token();
    expect(renewed).not.toBe(first);
    expect(grantRequests() - before).toBe(2);
  });

  it("asks for a new token after one was invalidated", async () => {
    const fresh = provider();
    const first = await fresh.token();
    fresh.invalidate("some other token");
    expect(await fresh.token()).toBe(first);
    fresh.invalidate(first);
    expect(await fresh.token()).not.toBe(first);
  });
});

describe("the loyalty client's agent calls, against the service's route handlers", () => {
  it("retrieveAccountAsAgent: the account, with the client token and X-Agent-Id", async () => {
    const account = await client.retrieveAccountAsAgent("NORTHSTAR", member1, agent);
    expect(BigInt(account.balance?.amount ?? -1)).toBe((await accountState(database.db(), member1)).balance);
    const sent = transport.requests.at(-1)!;
    expect(sent.headers.get("x-agent-id")).toBe("agent7");
    expect(sent.headers.get("authorization")).toBe(`Bearer ${await tokens.token()}`);
    const fields = await client.retrieveAccountAsAgent("NORTHSTAR", member1, agent, ["AccountType"]);
    expect(fields).toEqual({ accountType: "INDIVIDUAL" });
  });

  it("retrieveTransactionsAsAgent: both variants on the path with the account", async () => {
    const primary = await client.retrieveTransactionsAsAgent("primary", "NORTHSTAR", member1, { endRecord: 5 }, agent);
    expect(primary.transaction).toHaveLength(5);
    expect(new URL(transport.requests.at(-1)!.url).pathname).toBe(
      `/api/v1/programmes/NORTHSTAR/accounts/${member1}/transactions`,
    );
    const other = await client.retrieveTransactionsAsAgent("other", "MERIDIAN", meridianMember, {}, agent);
    expect(other.transaction).toHaveLength(12);
  });

  it("retrieveMembershipAsAgent and updateMembershipAsAgent: the change is stored with the agent id", async () => {
    await client.updateMembershipAsAgent(
      member5,
      { member: { person: { emailAddresses: { preferredEmailAddress: { emailAddress: "ana@example.com" } } } } },
      { ...agent, agentId: "console3" },
    );
    const membership = await client.retrieveMembershipAsAgent(member5, agent);
    expect(membership.member.person.emailAddresses?.preferredEmailAddress.emailAddress).toBe("ANA@EXAMPLE.COM");
    const [change] = await database
      .db()
      .select({ agentId: membershipChanges.agentId, elements: membershipChanges.elements })
      .from(membershipChanges)
      .innerJoin(members, eq(members.id, membershipChanges.memberId))
      .where(eq(members.membershipNumber, member5))
      .orderBy(desc(membershipChanges.id));
    expect(change).toEqual({ agentId: "console3", elements: ["emailAddress"] });
  });

  it("reverseDebitAsAgent: sends the Idempotency-Key, reverses the partner's debit once, stores the agent id", async () => {
    const memberToken = await issueMemberToken(database.db(), member1);
    const debit = await client.debitAccount("NORTHSTAR", member1, debitBody(), { accessToken: memberToken });
    const before = await accountState(database.db(), member1);
    const body = reversalBody(debit.debitTransaction.identifier);
    const options = { idempotencyKey: "order-42-reverse" };

    const reversed = await client.reverseDebitAsAgent("NORTHSTAR", member1, body, agent, options);
    expect(reversed.reversalTransaction.reversedTransaction.identifier).toBe(debit.debitTransaction.identifier);
    expect(transport.requests.at(-1)!.headers.get("idempotency-key")).toBe("order-42-reverse");
    // A retry (the worker after a crash) answers as the first time and moves nothing more.
    expect(await client.reverseDebitAsAgent("NORTHSTAR", member1, body, agent, options)).toEqual(reversed);
    const after = await accountState(database.db(), member1);
    expect(after.balance - before.balance).toBe(100n);

    const [stored] = await database
      .db()
      .select({ agentId: transactions.agentId })
      .from(transactions)
      .where(eq(transactions.identifier, reversed.reversalTransaction.identifier));
    expect(stored).toEqual({ agentId: "agent7" });
  });

  it("refusals come back typed: a missing scope, a member the partner cannot reach", async () => {
    const readOnly = { agentId: "agent7", tokens: provider(["retrieve_account"]) };
    expect((await refusal(client.retrieveMembershipAsAgent(member1, readOnly))).has("INSUFFICIENT_SCOPE")).toBe(true);
    const unreachable = await refusal(client.retrieveAccountAsAgent("ZEPHYR", zephyrMember, agent));
    expect(unreachable.status).toBe(401);
    expect(unreachable.has("UNAUTHORIZED")).toBe(true);
  });

  it("a token revoked early is replaced once, and the call goes through", async () => {
    const shortLived = provider();
    const revoked = await shortLived.token();
    await revokeAccessToken(database.db(), revoked);
    const before = grantRequests();
    const account = await client.retrieveAccountAsAgent("NORTHSTAR", member1, {
      agentId: "agent7",
      tokens: shortLived,
    });
    expect(account.accountStatus).toBe("ACTIVE");
    expect(grantRequests() - before).toBe(1);
    expect(await shortLived.token()).not.toBe(revoked);
  });

  it("refuses an agent id the service would not store as given, before any request", async () => {
    const sent = transport.requests.length;
    await expect(
      client.retrieveAccountAsAgent("NORTHSTAR", member1, { ...agent, agentId: "staff.agent" }),
    ).rejects.toThrow(TypeError);
    expect(transport.requests.length).toBe(sent);
  });
});
