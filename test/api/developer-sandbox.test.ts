import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as programmesRoute from "@/app/api/[version]/programmes/route";
import sandbox from "@/sandbox.json";
import {
  accounts,
  apiKeys,
  developerAccounts,
  members,
  partners,
  securityProfiles,
  transactions,
} from "@/server/db/schema";
import { listSandboxMembers, resetDeveloperSandbox } from "@/server/loyalty/developers/reset-developer-sandbox";
import {
  listApiKeys,
  listClients,
  replaceFurtherRedirectUris,
  replaceRedirectUris,
  rollApiKey,
  rollClientSecret,
} from "@/server/loyalty/developers/manage-keys";
import { redirectUrisSchema } from "@/lib/developers/redirect-uris-schema";
import { signInDeveloper, signInMessages } from "@/server/loyalty/developers/sign-in-developer";
import { endDeveloperSession, findDeveloperSession } from "@/server/loyalty/developers/developer-sessions";
import {
  signUpDeveloper,
  signUpMessages,
  signUpsPerAddressPerHour,
} from "@/server/loyalty/developers/sign-up-developer";
import { consumeRateLimit } from "@/server/loyalty/rate-limits/consume-rate-limit";
import { findRequestLog } from "@/server/loyalty/request-log/find-request-log";
import { flushRequestLog } from "@/server/loyalty/request-log/request-log-buffer";
import { callRoute, demoApiKey, withKey } from "../support/call-route";
import { debitBody, postDebit } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { clientToken, demoCredentials, getAccount } from "../support/offline-agents";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const password = "correct horse battery";

async function signUp(email: string) {
  const result = await signUpDeveloper(database.db(), { email, password, address: "192.0.2.7", now: new Date() });
  if (result.outcome !== "signed-up") throw new Error(`sign-up refused: ${result.message}`);
  const [account] = await database
    .db()
    .select()
    .from(partners)
    .where(eq(partners.partnerIdentifier, result.credentials.partnerIdentifier));
  return { ...result, partner: account! };
}

async function copyOf(partnerId: number, personaNumber: string) {
  const [row] = await database
    .db()
    .select({
      membershipNumber: members.membershipNumber,
      balance: accounts.balance,
      username: securityProfiles.username,
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.memberId, members.id))
    .leftJoin(securityProfiles, eq(securityProfiles.memberId, members.id))
    .where(and(eq(members.sandboxPartnerId, partnerId), eq(members.personaNumber, personaNumber)));
  if (!row) throw new Error(`no copy of ${personaNumber}`);
  return row;
}

function listProgrammes(apiKey: string) {
  return callRoute(programmesRoute, { url: withKey("/api/v1/programmes", apiKey), params: { version: "v1" } });
}

describe("developer accounts and their sandbox partners", () => {
  it("a sign-up makes a sandbox partner with its own key, clients and copies of every persona", async () => {
    const first = await signUp("Ada@Example.test");
    expect(first.credentials.stagingApiKey).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(first.partner.developerSandbox).toBe(true);
    expect((await listProgrammes(first.credentials.stagingApiKey)).status).toBe(200);

    const copies = await listSandboxMembers(database.db(), first.partner);
    expect(copies).toHaveLength(sandbox.members.length);
    for (const persona of sandbox.members) {
      const copy = await copyOf(first.partner.id, persona.membershipNumber);
      expect(copy.membershipNumber).not.toBe(persona.membershipNumber);
      expect(copy.membershipNumber).toMatch(/^\d{16}$/);
      expect(copy.balance).toBe(BigInt(persona.balance));
      expect(copy.username === null).toBe(persona.username === null);
    }
    const clients = await listClients(database.db(), first.partner.id);
    expect(clients.map((client) => client.kind).sort()).toEqual(["further_programmes", "member_login"]);

    const again = await signUpDeveloper(database.db(), {
      email: "ada@example.test",
      password,
      address: "192.0.2.7",
      now: new Date(),
    });
    expect(again).toMatchObject({ outcome: "refused", message: signUpMessages.taken });
  });

  it("signs in with the right password only, and locks an email after 5 failures", async () => {
    await signUp("grace@example.test");
    const now = new Date();
    expect((await signInDeveloper(database.db(), { email: "grace@example.test", password, now })).outcome).toBe(
      "signed-in",
    );
    const results = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      results.push(
        await signInDeveloper(database.db(), { email: "grace@example.test", password: "wrong password!", now }),
      );
    }
    expect(results.slice(0, 4).map((result) => "message" in result && result.message)).toEqual(
      Array(4).fill(signInMessages.incorrect),
    );
    expect(results.slice(4).map((result) => "message" in result && result.message)).toEqual(
      Array(2).fill(signInMessages.locked),
    );
    // Locked: even the right password is not verified.
    expect(await signInDeveloper(database.db(), { email: "grace@example.test", password, now })).toMatchObject({
      outcome: "refused",
      message: signInMessages.locked,
    });
  });

  it("the seeded developer account signs in to the Demo Partner, whose console lists the shared personas", async () => {
    const developer = sandbox.developers[0]!;
    const result = await signInDeveloper(database.db(), {
      email: developer.email,
      password: developer.password,
      now: new Date(),
    });
    expect(result.outcome).toBe("signed-in");
    const [demo] = await database.db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    const listed = await listSandboxMembers(database.db(), demo!);
    expect(listed.map((member) => member.membershipNumber).sort()).toEqual(
      sandbox.members.map((member) => member.membershipNumber).sort(),
    );
  });
});

describe("sign-up limits and sessions", () => {
  it("refuses sign-ups beyond 20 an hour from one address, before any work", async () => {
    const now = new Date();
    for (let index = 0; index < signUpsPerAddressPerHour; index += 1)
      await consumeRateLimit(database.db(), "developer-sign-up:198.51.100.9", signUpsPerAddressPerHour, 3_600, now);
    const refused = await signUpDeveloper(database.db(), {
      email: "flood@example.test",
      password,
      address: "198.51.100.9",
      now,
    });
    expect(refused).toEqual({ outcome: "refused", message: signUpMessages.tooMany });
    const [row] = await database
      .db()
      .select()
      .from(developerAccounts)
      .where(eq(developerAccounts.email, "flood@example.test"));
    expect(row).toBeUndefined();
  });

  it("a session opens the account's partner until it ends or is signed out", async () => {
    const developer = await signUp("session@example.test");
    const db = database.db();
    const now = new Date();
    const found = await findDeveloperSession(db, developer.sessionId, now);
    expect(found?.partner.id).toBe(developer.partner.id);
    expect(found?.account.email).toBe("session@example.test");
    expect(
      await findDeveloperSession(db, developer.sessionId, new Date(now.getTime() + 9 * 3_600_000)),
    ).toBeUndefined();
    expect(await findDeveloperSession(db, "not-a-session", now)).toBeUndefined();
    await endDeveloperSession(db, developer.sessionId);
    expect(await findDeveloperSession(db, developer.sessionId, now)).toBeUndefined();
  });
});

describe("isolation between two developer sandboxes", () => {
  it("neither sees the other's members, requests or keys; an agent reaches only its own sandbox's members", async () => {
    const one = await signUp("one@example.test");
    const two = await signUp("two@example.test");
    const db = database.db();

    const oneMembers = (await listSandboxMembers(db, one.partner)).map((member) => member.membershipNumber);
    const twoMembers = (await listSandboxMembers(db, two.partner)).map((member) => member.membershipNumber);
    expect(oneMembers.filter((number) => twoMembers.includes(number))).toEqual([]);

    const oneKeys = await listApiKeys(db, one.partner.id);
    expect(oneKeys.map((key) => key.prefix)).toEqual([one.credentials.stagingApiKey.slice(0, 8)]);
    expect(await rollApiKey(db, one.partner.id, (await listApiKeys(db, two.partner.id))[0]!.id, new Date())).toBe(
      undefined,
    );

    const oneMember = (await copyOf(one.partner.id, "3081000000000001")).membershipNumber;
    const twoMember = (await copyOf(two.partner.id, "3081000000000001")).membershipNumber;
    const oneAgent = await clientToken("retrieve_account", {
      clientId: one.credentials.clientId,
      secret: one.credentials.clientSecret,
    });
    const own = await getAccount("NORTHSTAR", oneMember, { token: oneAgent, apiKey: one.credentials.stagingApiKey });
    expect(own.status, own.text).toBe(200);
    const other = await getAccount("NORTHSTAR", twoMember, { token: oneAgent, apiKey: one.credentials.stagingApiKey });
    expect(other.status).toBe(401);
    expect(other.json).toMatchObject({ code: "REQUEST_UNAUTHORIZED", childError: [{ code: "UNAUTHORIZED" }] });
    const shared = await getAccount("NORTHSTAR", "3081000000000001", {
      token: oneAgent,
      apiKey: one.credentials.stagingApiKey,
    });
    expect(shared.status).toBe(401);

    // The Demo Partner's agents keep the shared members, and do not reach a developer's copies.
    const demoAgent = await clientToken("retrieve_account", demoCredentials);
    expect((await getAccount("NORTHSTAR", "3081000000000001", { token: demoAgent })).status).toBe(200);
    expect((await getAccount("NORTHSTAR", oneMember, { token: demoAgent })).status).toBe(401);

    await flushRequestLog();
    const oneLog = await findRequestLog(db, {
      partnerId: one.partner.id,
      environment: "staging",
      page: 1,
      pageSize: 100,
    });
    const twoLog = await findRequestLog(db, {
      partnerId: two.partner.id,
      environment: "staging",
      page: 1,
      pageSize: 100,
    });
    expect(oneLog.entries.length).toBeGreaterThan(0);
    expect(twoLog.entries).toEqual([]);
  });
});

describe("keys", () => {
  it("a rolled api_key stops at once, the new one works, and the last-used time moves with use", async () => {
    const developer = await signUp("keys@example.test");
    const db = database.db();
    const [key] = await listApiKeys(db, developer.partner.id);
    expect(key!.lastUsedAt).toBeNull();
    expect((await listProgrammes(developer.credentials.stagingApiKey)).status).toBe(200);
    await expect.poll(async () => (await listApiKeys(db, developer.partner.id))[0]!.lastUsedAt).not.toBeNull();

    const rolled = await rollApiKey(db, developer.partner.id, key!.id, new Date());
    expect(rolled).toMatch(/^[A-Za-z0-9]{24}$/);
    const old = await listProgrammes(developer.credentials.stagingApiKey);
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ error: { code: "DEVELOPER_NOT_AUTHORIZED" } });
    const [fresh] = await listApiKeys(db, developer.partner.id);
    expect(fresh!.lastUsedAt).toBeNull();
    expect((await listProgrammes(rolled!)).status).toBe(200);
    await expect.poll(async () => (await listApiKeys(db, developer.partner.id))[0]!.lastUsedAt).not.toBeNull();
    const [revoked] = await db.select().from(apiKeys).where(eq(apiKeys.id, key!.id));
    expect(revoked!.revokedAt).not.toBeNull();
  });

  it("a rolled client secret stops at once, and the client's last use is shown", async () => {
    const developer = await signUp("secret@example.test");
    const db = database.db();
    const credentials = { clientId: developer.credentials.clientId, secret: developer.credentials.clientSecret };
    await clientToken("read", credentials);
    const client = (await listClients(db, developer.partner.id)).find((entry) => entry.kind === "member_login")!;
    expect(client.lastUsedAt).not.toBeNull();
    const secret = await rollClientSecret(db, developer.partner.id, client.id, new Date());
    expect(secret).toBeDefined();
    await expect(clientToken("read", credentials)).rejects.toThrow();
    await clientToken("read", { clientId: credentials.clientId, secret: secret! });
  });
});

describe("redirect URIs", () => {
  it("replaces the developer's own clients' addresses only, kept exactly as written", async () => {
    const developer = await signUp("redirects@example.test");
    const other = await signUp("other-redirects@example.test");
    const db = database.db();
    const clients = await listClients(db, developer.partner.id);
    const login = clients.find((client) => client.kind === "member_login")!;
    const further = clients.find((client) => client.kind === "further_programmes")!;
    expect(await replaceRedirectUris(db, developer.partner.id, login.id, ["https://app.example/Callback/"])).toBe(true);
    expect(await replaceRedirectUris(db, other.partner.id, login.id, ["https://evil.example/"])).toBe(false);
    expect(await replaceRedirectUris(db, developer.partner.id, further.id, ["https://app.example/x"])).toBe(false);
    const meridianOnly = { MERIDIAN: "https://app.example/meridian" };
    expect(await replaceFurtherRedirectUris(db, developer.partner.id, further.id, meridianOnly)).toBe(false);
    const both = { ...meridianOnly, HORIZON: "https://app.example/horizon" };
    expect(await replaceFurtherRedirectUris(db, other.partner.id, further.id, both)).toBe(false);
    expect(await replaceFurtherRedirectUris(db, developer.partner.id, further.id, both)).toBe(true);
    const after = await listClients(db, developer.partner.id);
    expect(after.find((client) => client.id === login.id)!.redirectUris).toEqual([
      { uri: "https://app.example/Callback/", programme: null },
    ]);
    expect(
      after
        .find((client) => client.id === further.id)!
        .redirectUris.map((uri) => [uri.programme, uri.uri])
        .sort(),
    ).toEqual([
      ["HORIZON", "https://app.example/horizon"],
      ["MERIDIAN", "https://app.example/meridian"],
    ]);
    expect(redirectUrisSchema.safeParse("https://a.example/cb\nhttps://a.example/cb").success).toBe(false);
    expect(redirectUrisSchema.safeParse("javascript:alert(1)").success).toBe(false);
    expect(redirectUrisSchema.safeParse("https://a.example/cb#x").success).toBe(false);
    expect(redirectUrisSchema.parse(" https://a.example/cb \n\nhttp://localhost:4000/cb")).toEqual([
      "https://a.example/cb",
      "http://localhost:4000/cb",
    ]);
  });
});

describe("reset", () => {
  it("puts the copies back to their seeded balances and histories, revokes their tokens, and leaves the rest", async () => {
    const developer = await signUp("reset@example.test");
    const other = await signUp("untouched@example.test");
    const db = database.db();
    const member = await copyOf(developer.partner.id, "3081000000000001");
    const journalSize = async (partnerId: number) => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(transactions)
        .innerJoin(accounts, eq(accounts.id, transactions.accountId))
        .innerJoin(members, eq(members.id, accounts.memberId))
        .where(eq(members.sandboxPartnerId, partnerId));
      return row!.count;
    };
    const seededJournal = await journalSize(developer.partner.id);
    const token = await issueMemberToken(db, member.membershipNumber, {
      scope: "read",
      partnerIdentifier: developer.partner.partnerIdentifier,
    });
    const debit = await postDebit({
      token,
      body: debitBody(),
      account: member.membershipNumber,
      apiKey: developer.credentials.stagingApiKey,
    });
    expect(debit.status, debit.text).toBe(201);
    expect((await copyOf(developer.partner.id, "3081000000000001")).balance).toBeLessThan(member.balance);
    const otherBefore = await journalSize(other.partner.id);

    await resetDeveloperSandbox(db, developer.partner, new Date());
    const after = await copyOf(developer.partner.id, "3081000000000001");
    expect(after.membershipNumber).toBe(member.membershipNumber);
    expect(after.balance).toBe(member.balance);
    expect(await journalSize(developer.partner.id)).toBe(seededJournal);
    expect(await journalSize(other.partner.id)).toBe(otherBefore);
    const refused = await getAccount("NORTHSTAR", member.membershipNumber, {
      token,
      agentId: null,
      apiKey: developer.credentials.stagingApiKey,
    });
    expect(refused.status).toBe(401);
    // The shared sandbox is untouched by a developer's reset.
    expect((await listProgrammes(demoApiKey)).status).toBe(200);
  });

  it("leaves the journal append-only outside a reset, and for the shared members even inside one", async () => {
    const developer = await signUp("append-only@example.test");
    const db = database.db();
    const copyEntry = sql`delete from loyalty.transactions where account_id in (
      select a.id from loyalty.accounts a join loyalty.members m on m.id = a.member_id where m.sandbox_partner_id = ${developer.partner.id})`;
    await expect(db.execute(copyEntry)).rejects.toThrow();
    const sharedEntry = sql`delete from loyalty.transactions where account_id in (
      select a.id from loyalty.accounts a join loyalty.members m on m.id = a.member_id where m.membership_number = '3081000000000001')`;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('loyalty.sandbox_reset', 'on', true)`);
        await tx.execute(sharedEntry);
      }),
    ).rejects.toThrow();
  });
});
