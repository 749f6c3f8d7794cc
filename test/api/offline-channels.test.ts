import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { retrieveOwnTransactions as ownTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { debitResponseSchema } from "@/lib/contract/debit-currency";
import { accountResponseSchema } from "@/lib/contract/retrieve-account";
import { membershipResponseSchema } from "@/lib/contract/retrieve-membership";
import { transactionsResponseSchema } from "@/lib/contract/retrieve-transactions";
import { reverseResponseSchema } from "@/lib/contract/reverse-transaction";
import { transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipChanges } from "@/server/loyalty/members/member-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { postJournalEntry } from "@/server/loyalty/ledger/post-journal-entry";
import { newTransactionIdentifier } from "@/server/loyalty/ledger/transaction-identifiers";
import { accountState } from "../support/account-state";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { debitBody, externalId, postDebit, postReversal, reversalBody } from "../support/ledger-requests";
import { issueMemberToken, revokeAccessToken } from "../support/member-tokens";
import {
  addMember,
  addOtherPartner,
  agentHeaders,
  clientToken,
  getAccount,
  getMembership,
  getTransactions,
  otherPartner,
  patchMembership,
  tokenClaims,
  type AgentCall,
} from "../support/offline-agents";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

const member1 = "3081000000000001"; // NORTHSTAR
const member3 = "3081000000000003"; // NORTHSTAR, no security profile
const meridianMember = "3081000000000009"; // MERIDIAN
const tradewindMember = "3081000000009001"; // TRADEWIND: the other partner's programme
const zephyrMember = "3081000000009002"; // ZEPHYR: no partner's programme
const unknownMember = "3081000000009999";
const offlineScopes = "retrieve_account retrieve_membership write reverse_transaction";

const flat = (status: number, code: string, childCode?: string) => ({
  status,
  code,
  childCode,
  shape: "flat" as const,
});
const wrapped = (status: number, code: string, childCode?: string) => ({
  status,
  code,
  childCode,
  shape: "wrapped" as const,
});
const tokenInvalidFlat = flat(401, "REQUEST_UNAUTHORIZED", "TOKEN_INVALID");
const tokenInvalidWrapped = wrapped(401, "REQUEST_UNAUTHORIZED", "TOKEN_INVALID");
const insufficientScopeFlat = flat(403, "REQUEST_UNAUTHORIZED", "INSUFFICIENT_SCOPE");
const insufficientScopeWrapped = wrapped(403, "REQUEST_UNAUTHORIZED", "INSUFFICIENT_SCOPE");
const unauthorisedFlat = flat(401, "REQUEST_UNAUTHORIZED", "UNAUTHORIZED");
const unauthorisedWrapped = wrapped(401, "REQUEST_UNAUTHORIZED", "UNAUTHORIZED");
const invalidMember = wrapped(400, "INVALID_MEMBER");

let agentToken: string;
let demoPartnerId: number;
let otherPartnerDebit: string;

beforeAll(async () => {
  const db = database.db();
  const otherPartnerId = await addOtherPartner(db);
  await addMember(db, tradewindMember, "TRADEWIND");
  await addMember(db, zephyrMember, "ZEPHYR");
  agentToken = await clientToken(offlineScopes);
  const [demo] = await db
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  demoPartnerId = demo!.id;

  // A debit the other partner made on a Demo Partner member (through the ledger itself).
  const { accountId } = await accountState(db, member1);
  otherPartnerDebit = newTransactionIdentifier();
  const posting = await postJournalEntry(db, {
    identifier: otherPartnerDebit,
    account: { id: accountId },
    partnerId: otherPartnerId,
    kind: "DEBIT",
    pointsDelta: -75n,
    description: "OTHER",
    externalTransactionIdentifier: externalId("O"),
    dateMade: new Date(),
  });
  expect(posting.outcome).toBe("posted");
});

const agent = (overrides: Partial<AgentCall> = {}): AgentCall => ({ token: agentToken, ...overrides });

async function memberDebit(membershipNumber: string, amount = "120"): Promise<string> {
  const token = await issueMemberToken(database.db(), membershipNumber);
  const answer = await postDebit({
    account: membershipNumber,
    token,
    body: debitBody({ monetaryAmount: { amount, currency: { currencyCode: "POINTS" } } }),
  });
  expect(answer.status, answer.text).toBe(201);
  return debitResponseSchema.parse(answer.json).debitTransaction.identifier;
}

function agentReversal(account: string, debitIdentifier: string, call: AgentCall = agent(), programme = "NORTHSTAR") {
  return postReversal({
    account,
    programme,
    token: null,
    body: reversalBody(debitIdentifier),
    headers: agentHeaders(call),
    apiKey: call.apiKey,
  });
}

/** The recorded changes of a membership, latest first (none for an unknown number). */
function changesOf(membershipNumber: string) {
  return database
    .db()
    .select({
      agentId: membershipChanges.agentId,
      partnerId: membershipChanges.partnerId,
      elements: membershipChanges.elements,
    })
    .from(membershipChanges)
    .innerJoin(members, eq(members.id, membershipChanges.memberId))
    .where(eq(members.membershipNumber, membershipNumber))
    .orderBy(desc(membershipChanges.id));
}

const emailUpdate = (address: string) => ({
  member: { person: { emailAddresses: { preferredEmailAddress: { emailAddress: address } } } },
});

/** Every operation an agent may call, on one membership, each refused the same way when it must be. */
function everyOperation(account: string, call: AgentCall, programme = "NORTHSTAR") {
  return {
    account: () => getAccount(programme, account, call),
    transactions: () => getTransactions(programme, account, call),
    membership: () => getMembership(account, call),
    update: () => patchMembership(account, emailUpdate("AGENT@EXAMPLE.COM"), call),
    reversal: () => agentReversal(account, "SBXOLDDEBIT0001", call, programme),
  };
}

describe("offline channels: the client token", () => {
  it("A2 issues the Demo Partner's client the four offline scopes", () => {
    const claims = tokenClaims(agentToken);
    expect(claims.token_use).toBe("client");
    expect(claims.partner).toBe("DEMOPARTNER01");
    expect(String(claims.scope).split(" ").sort()).toEqual(offlineScopes.split(" ").sort());
    expect(claims.membership_number).toBeUndefined();
  });
});

describe("offline channels: what an agent may do", () => {
  it("P2: reads the account of a member of the partner's programmes, as the member's own token does", async () => {
    const memberToken = await issueMemberToken(database.db(), member1);
    const asAgent = await getAccount("NORTHSTAR", member1, agent());
    expect(asAgent.status, asAgent.text).toBe(200);
    const body = accountResponseSchema.parse(asAgent.json);
    expect(BigInt(body.balance?.amount ?? -1)).toBe((await accountState(database.db(), member1)).balance);
    expect(asAgent.json).toEqual((await getAccount("NORTHSTAR", member1, { token: memberToken, agentId: null })).json);

    const meridian = await getAccount("MERIDIAN", meridianMember, agent());
    expect(meridian.status, meridian.text).toBe(200);
    expect(accountResponseSchema.parse(meridian.json).balance?.amount).toBe(40000);
  });

  it("P3: reads transactions on the path with the account (the sample URL's form), both variants", async () => {
    for (const [programme, account] of [
      ["NORTHSTAR", member1],
      ["MERIDIAN", meridianMember],
    ] as const) {
      const memberToken = await issueMemberToken(database.db(), account);
      const asAgent = await getTransactions(programme, account, agent());
      expect(asAgent.status, asAgent.text).toBe(200);
      expect(transactionsResponseSchema.parse(asAgent.json).transaction?.length).toBeGreaterThan(0);
      const asMember = await getTransactions(programme, account, { token: memberToken, agentId: null });
      expect(asAgent.json).toEqual(asMember.json);
    }
  });

  it("P3: keeps the primary variant's rule: svc_client_applicationName is required", async () => {
    const answer = await getTransactions("NORTHSTAR", member1, agent({ headers: { svc_client_applicationName: "X" } }));
    expectServiceError(answer, wrapped(400, "REQUEST_INVALID", "DATA_INVALID"));
  });

  it("reads the membership read model", async () => {
    const answer = await getMembership(meridianMember, agent());
    expect(answer.status, answer.text).toBe(200);
    const body = membershipResponseSchema.parse(answer.json);
    expect(body.membershipIdentifier).toBe(meridianMember);
    expect(body.programmes[0]?.identifier).toBe("MERIDIAN");
  });

  it("P8: updates a membership; the change is stored with the agent id and the partner", async () => {
    const answer = await patchMembership(member3, emailUpdate("jo.tester@example.com"), agent({ agentId: "desk42" }));
    expect(answer.status, answer.text).toBe(204);
    const read = membershipResponseSchema.parse((await getMembership(member3, agent())).json);
    expect(read.member.person.emailAddresses?.preferredEmailAddress.emailAddress).toBe("JO.TESTER@EXAMPLE.COM");
    const [latest] = await changesOf(member3);
    expect(latest).toMatchObject({ agentId: "desk42", partnerId: demoPartnerId, elements: ["emailAddress"] });
  });

  it("P6: reverses a debit the partner made; the reversal is stored with the agent id", async () => {
    const debitIdentifier = await memberDebit(member1, "120");
    const before = await accountState(database.db(), member1);
    const answer = await postReversal({
      account: member1,
      token: null,
      body: reversalBody(debitIdentifier),
      headers: { ...agentHeaders(agent({ agentId: "callcentre7" })), "Idempotency-Key": externalId("K") },
    });
    expect(answer.status, answer.text).toBe(201);
    const { reversalTransaction } = reverseResponseSchema.parse(answer.json);
    expect(reversalTransaction.reversedTransaction.identifier).toBe(debitIdentifier);
    const after = await accountState(database.db(), member1);
    expect(after.balance - before.balance).toBe(120n);
    expect(after.journalSum).toBe(after.balance);
    const [stored] = await database
      .db()
      .select({ agentId: transactions.agentId, kind: transactions.kind, partnerId: transactions.partnerId })
      .from(transactions)
      .where(eq(transactions.identifier, reversalTransaction.identifier));
    expect(stored).toEqual({ agentId: "callcentre7", kind: "REVERSAL", partnerId: demoPartnerId });
  });
});

describe("offline channels: refusals, with no data", () => {
  const before = async () => ({
    balance: (await accountState(database.db(), member1)).balance,
    changes: (await changesOf(member1)).length,
  });

  it("without X-Agent-Id: 401 TOKEN_INVALID on every operation", async () => {
    const state = await before();
    const operations = everyOperation(member1, agent({ agentId: null }));
    expectServiceError(await operations.account(), tokenInvalidFlat);
    expectServiceError(await operations.transactions(), tokenInvalidWrapped);
    expectServiceError(await operations.membership(), tokenInvalidFlat);
    expectServiceError(await operations.update(), tokenInvalidFlat);
    expectServiceError(await operations.reversal(), tokenInvalidWrapped);
    expect(await before()).toEqual(state);
  });

  it("with X-Agent-Id that is not alphanumeric: DATA_INVALID, as on every operation", async () => {
    expectServiceError(
      await getAccount("NORTHSTAR", member1, agent({ agentId: "agent 7" })),
      flat(400, "REQUEST_INVALID", "DATA_INVALID"),
    );
  });

  it("without the operation's scope: 403 INSUFFICIENT_SCOPE", async () => {
    const readOnly = everyOperation(member1, agent({ token: await clientToken("read") }));
    expectServiceError(await readOnly.account(), insufficientScopeFlat);
    expectServiceError(await readOnly.transactions(), insufficientScopeWrapped);
    expectServiceError(await readOnly.membership(), insufficientScopeFlat);
    expectServiceError(await readOnly.update(), insufficientScopeFlat);
    expectServiceError(await readOnly.reversal(), insufficientScopeWrapped);

    // Each scope opens its own operations only.
    const accountsOnly = everyOperation(member1, agent({ token: await clientToken("retrieve_account") }));
    expect((await accountsOnly.account()).status).toBe(200);
    expect((await accountsOnly.transactions()).status).toBe(200);
    expectServiceError(await accountsOnly.membership(), insufficientScopeFlat);
    expectServiceError(await accountsOnly.update(), insufficientScopeFlat);
    expectServiceError(await accountsOnly.reversal(), insufficientScopeWrapped);

    const writer = everyOperation(member1, agent({ token: await clientToken("write retrieve_membership") }));
    expectServiceError(await writer.account(), insufficientScopeFlat);
    expect((await writer.membership()).status).toBe(200);
  });

  it("another partner's member (TRADEWIND) is unreachable, answered as an unknown number", async () => {
    for (const account of [tradewindMember, unknownMember]) {
      const state = await changesOf(account);
      expectServiceError(await getAccount("TRADEWIND", account, agent()), unauthorisedFlat);
      expectServiceError(await getAccount("NORTHSTAR", account, agent()), unauthorisedFlat);
      // TRADEWIND's transactions are served on no path (E6 "invalid programme identifier").
      expectServiceError(await getTransactions("TRADEWIND", account, agent()), tokenInvalidWrapped);
      expectServiceError(await getTransactions("MERIDIAN", account, agent()), unauthorisedWrapped);
      expectServiceError(await getMembership(account, agent()), unauthorisedFlat);
      expectServiceError(await patchMembership(account, emailUpdate("X@EXAMPLE.COM"), agent()), unauthorisedFlat);
      expectServiceError(await agentReversal(account, "SBXOLDDEBIT0001"), invalidMember);
      expect(await changesOf(account)).toEqual(state);
    }
  });

  it("a member of a programme the partner lacks, or addressed under a programme it has not joined", async () => {
    expectServiceError(await getAccount("ZEPHYR", zephyrMember, agent()), unauthorisedFlat);
    expectServiceError(await getMembership(zephyrMember, agent()), unauthorisedFlat);
    expectServiceError(await patchMembership(zephyrMember, emailUpdate("Z@EXAMPLE.COM"), agent()), unauthorisedFlat);
    // member1 is a NORTHSTAR member and never joined MERIDIAN.
    expectServiceError(await getAccount("MERIDIAN", member1, agent()), unauthorisedFlat);
    expectServiceError(await getTransactions("MERIDIAN", member1, agent()), unauthorisedWrapped);
    expectServiceError(await agentReversal(member1, "SBXOLDDEBIT0001", agent(), "MERIDIAN"), invalidMember);
    expect(await changesOf(zephyrMember)).toEqual([]);
  });

  it("another partner's client token, or its key, does not reach the Demo Partner's members", async () => {
    const otherToken = await clientToken(offlineScopes, otherPartner.credentials);
    // Its token with the Demo Partner's key: the token is not this partner's.
    const withDemoKey = everyOperation(member1, agent({ token: otherToken }));
    expectServiceError(await withDemoKey.account(), tokenInvalidFlat);
    expectServiceError(await withDemoKey.membership(), tokenInvalidFlat);
    expectServiceError(await withDemoKey.update(), tokenInvalidFlat);
    expectServiceError(await withDemoKey.reversal(), tokenInvalidWrapped);
    // Its own key and token: the Demo Partner's members are not members of its programmes.
    const ownCall = agent({ token: otherToken, apiKey: otherPartner.apiKey });
    const own = everyOperation(member1, ownCall);
    expectServiceError(await own.account(), unauthorisedFlat);
    expectServiceError(await own.membership(), unauthorisedFlat);
    expectServiceError(await own.update(), unauthorisedFlat);
    expectServiceError(await own.reversal(), invalidMember);
    // ...while its own member is reachable to it.
    expect((await getAccount("TRADEWIND", tradewindMember, ownCall)).status).toBe(200);
  });

  it("P6: another partner's debit reads as unknown; nothing moves", async () => {
    const state = await accountState(database.db(), member1);
    expectServiceError(await agentReversal(member1, otherPartnerDebit), {
      ...wrapped(400, "REQUEST_INVALID", "DATA_INVALID"),
      path: "reversalTransaction.reversedTransaction.identifier",
    });
    expect(await accountState(database.db(), member1)).toEqual(state);
  });

  it("P6: INVALID_MEMBER when the path's membership number is not the debit's account", async () => {
    const debitIdentifier = await memberDebit(member1, "60");
    const state = await accountState(database.db(), member1);
    expectServiceError(await agentReversal(member3, debitIdentifier), invalidMember);
    expect(await accountState(database.db(), member1)).toEqual(state);
    // With the right number the same request goes through.
    expect((await agentReversal(member1, debitIdentifier)).status).toBe(201);
  });

  it("a revoked client token is refused", async () => {
    const token = await clientToken(offlineScopes);
    expect((await getAccount("NORTHSTAR", member1, agent({ token }))).status).toBe(200);
    await revokeAccessToken(database.db(), token);
    expectServiceError(await getAccount("NORTHSTAR", member1, agent({ token })), tokenInvalidFlat);
  });

  it("the primary variant that names no account stays a member-token path", async () => {
    const answer = await callRoute(ownTransactionsRoute, {
      url: withKey("/api/v1/programmes/NORTHSTAR/accounts/transactions"),
      params: { version: "v1", programmeIdentifier: "NORTHSTAR" },
      headers: { svc_client_applicationName: "PARTNERPORTAL", ...agentHeaders(agent()) },
    });
    expectServiceError(answer, tokenInvalidWrapped);
  });
});

describe("offline channels: member tokens and the agent id", () => {
  it("P8 with a member's own token records the X-Agent-Id when sent, and none otherwise", async () => {
    const token = await issueMemberToken(database.db(), member1);
    const withAgent = await patchMembership(member1, emailUpdate("alex@example.com"), { token, agentId: "desk9" });
    expect(withAgent.status, withAgent.text).toBe(204);
    const without = await patchMembership(member1, emailUpdate("alex2@example.com"), { token, agentId: null });
    expect(without.status, without.text).toBe(204);
    const [latest, previous] = await changesOf(member1);
    expect(previous).toMatchObject({ agentId: "desk9", elements: ["emailAddress"] });
    expect(latest).toMatchObject({ agentId: null, elements: ["emailAddress"] });
  });

  it("membership changes are append-only", async () => {
    const [row] = await database.db().select().from(membershipChanges).limit(1);
    expect(row).toBeDefined();
    await expect(
      database.db().update(membershipChanges).set({ agentId: "forged" }).where(eq(membershipChanges.id, row!.id)),
    ).rejects.toThrow();
  });
});
