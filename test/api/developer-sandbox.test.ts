import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { retrieveProgrammeList as programmesRoute } from "@/server/loyalty/operations/retrieve-programme";
import sandbox from "@/sandbox.json";
import { env, resetEnvironmentCache } from "@/server/config/env";
import { developerAccounts } from "@/server/loyalty/developers/developer-tables";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members, registrationThrottles } from "@/server/loyalty/members/member-tables";
import { securityProfiles } from "@/server/loyalty/members/security-profile-tables";
import { apiKeys, partners } from "@/server/loyalty/partners/partner-tables";
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
import { signUpDeveloper, signUpMessages } from "@/server/loyalty/developers/sign-up-developer";
import { keyUsageIntervalMs } from "@/server/loyalty/developers/key-usage";
import { consumeRateLimit } from "@/server/loyalty/rate-limits/consume-rate-limit";
import { findRequestLog } from "@/server/loyalty/request-log/find-request-log";
import { flushRequestLog } from "@/server/loyalty/request-log/request-log-buffer";
import { rowsOf } from "@/server/db/rows";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as memberLoginRoute from "@/app/oauth/auth/login/route";
import * as secureCodeRoute from "@/app/partner-oauth/secure/code/route";
import { placeholderRedirectUri } from "@/server/loyalty/developers/provision-sandbox-partner";
import { loginMessages } from "@/server/loyalty/login/login-messages";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { registerAccount as registrationRoute } from "@/server/loyalty/operations/register-account";
import { callRoute, demoApiKey, withKey, type RouteAnswer } from "../support/call-route";
import { creditBody, debitBody, postCredit, postDebit } from "../support/ledger-requests";
import { loginPageDriver } from "../support/login-page-driver";
import { issueMemberToken } from "../support/member-tokens";
import {
  agentHeaders,
  clientToken,
  demoCredentials,
  getAccount,
  getMembership,
  patchMembership,
} from "../support/offline-agents";
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
    expect(
      (await signInDeveloper(database.db(), { email: "grace@example.test", password, address: "192.0.2.7", now }))
        .outcome,
    ).toBe("signed-in");
    const results = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      results.push(
        await signInDeveloper(database.db(), {
          email: "grace@example.test",
          password: "wrong password!",
          address: "192.0.2.7",
          now,
        }),
      );
    }
    expect(results.slice(0, 4).map((result) => "message" in result && result.message)).toEqual(
      Array(4).fill(signInMessages.incorrect),
    );
    expect(results.slice(4).map((result) => "message" in result && result.message)).toEqual(
      Array(2).fill(signInMessages.locked),
    );
    // Locked: even the right password is not verified.
    expect(
      await signInDeveloper(database.db(), { email: "grace@example.test", password, address: "192.0.2.7", now }),
    ).toMatchObject({
      outcome: "refused",
      message: signInMessages.locked,
    });
  });

  it("the seeded developer account signs in to the Demo Partner, whose console lists the shared personas", async () => {
    const developer = sandbox.developers[0]!;
    const result = await signInDeveloper(database.db(), {
      email: developer.email,
      password: developer.password,
      address: "192.0.2.7",
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
    const signUpsPerAddressPerHour = env().DEVELOPER_SIGN_UPS_PER_ADDRESS_PER_HOUR;
    expect(signUpsPerAddressPerHour).toBe(20);
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

  it("refuses every sign-up in live mode, before any work: live mode holds no sandbox account", async () => {
    const hex = (bytes: number) => randomBytes(bytes).toString("hex");
    const live: Record<string, string> = {
      APP_MODE: "live",
      NEXTAUTH_SECRET: hex(32),
      LOYALTY_API_KEY: hex(12).toUpperCase(),
      LOYALTY_CLIENT_SECRET: hex(16),
      LOYALTY_PARTNER_SECRET: hex(16),
      PAYMENTS_SECRET_KEY: `sk_live_${hex(12)}`,
      PAYMENTS_PUBLISHABLE_KEY: `pk_live_${hex(12)}`,
      PAYMENTS_BASE_URL: "https://payments.processor.example",
    };
    const saved = Object.fromEntries(Object.keys(live).map((name) => [name, process.env[name]]));
    const count = async (table: typeof developerAccounts | typeof partners) =>
      (
        await database
          .db()
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
      )[0]!.n;
    const before = [await count(developerAccounts), await count(partners)];
    Object.assign(process.env, live);
    resetEnvironmentCache();
    try {
      const refused = await signUpDeveloper(database.db(), {
        email: "live@example.test",
        password,
        address: "192.0.2.99",
        now: new Date(),
      });
      expect(refused).toEqual({ outcome: "refused", message: signUpMessages.live });
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      resetEnvironmentCache();
    }
    expect([await count(developerAccounts), await count(partners)]).toEqual(before);
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
  const offlineScopes = "retrieve_account retrieve_membership write reverse_transaction";
  const emailUpdate = {
    member: { person: { emailAddresses: { preferredEmailAddress: { emailAddress: "X@EXAMPLE.COM" } } } },
  };

  /** What a developer's server does with its own key and client: an agent's token, and its members' numbers. */
  async function developerSandbox(email: string) {
    const developer = await signUp(email);
    const agent = await clientToken(offlineScopes, {
      clientId: developer.credentials.clientId,
      secret: developer.credentials.clientSecret,
    });
    const copies = (await listSandboxMembers(database.db(), developer.partner)).map(
      (member) => member.membershipNumber,
    );
    const member1 = (await copyOf(developer.partner.id, "3081000000000001")).membershipNumber;
    return {
      ...developer,
      agent,
      copies,
      member1,
      call: { token: agent, apiKey: developer.credentials.stagingApiKey },
    };
  }

  /** The recorded profile changes of a membership: a refused PATCH must add none. */
  async function changeCount(membershipNumber: string): Promise<number> {
    const [row] = rowsOf<{ n: number }>(
      await database.db().execute(
        sql`select count(*)::int as n from loyalty.membership_changes c join loyalty.members m on m.id = c.member_id
             where m.membership_number = ${membershipNumber}`,
      ),
    );
    return row!.n;
  }

  it("neither sees the other's members, requests or keys; each one's agent (X-Agent-Id) is refused on the other's members", async () => {
    const one = await developerSandbox("one@example.test");
    const two = await developerSandbox("two@example.test");
    const db = database.db();

    // Members: disjoint lists, each of its own copies.
    expect(one.copies.filter((number) => two.copies.includes(number))).toEqual([]);

    for (const [self, other] of [
      [one, two],
      [two, one],
    ] as const) {
      // Keys and clients: each lists only its own, and cannot roll or edit the other's.
      const ownKeys = await listApiKeys(db, self.partner.id);
      expect(ownKeys.map((key) => key.prefix)).toEqual([self.credentials.stagingApiKey.slice(0, 8)]);
      const ownClients = await listClients(db, self.partner.id);
      expect(ownClients.map((client) => client.clientId)).toContain(self.credentials.clientId);
      expect(ownClients.map((client) => client.clientId)).not.toContain(other.credentials.clientId);
      const otherKey = (await listApiKeys(db, other.partner.id))[0]!;
      const otherClient = (await listClients(db, other.partner.id)).find((client) => client.kind === "member_login")!;
      expect(await rollApiKey(db, self.partner.id, otherKey.id, new Date())).toBeUndefined();
      expect(await rollClientSecret(db, self.partner.id, otherClient.id, new Date())).toBeUndefined();
      expect(await replaceRedirectUris(db, self.partner.id, otherClient.id, ["https://evil.example/"])).toBe(false);

      // Offline channels: its own member is reached, every one of the other's copies and the shared members refused.
      const own = await getAccount("NORTHSTAR", self.member1, self.call);
      expect(own.status, own.text).toBe(200);
      expect(agentHeaders(self.call)["X-Agent-Id"]).toBe("agent7");
      for (const number of [...other.copies.slice(0, 3), other.member1, "3081000000000001"]) {
        for (const answer of [
          await getAccount("NORTHSTAR", number, self.call),
          await getMembership(number, self.call),
        ]) {
          expect(answer.status, `${number}: ${answer.text}`).toBe(401);
          expect(answer.json).toMatchObject({ code: "REQUEST_UNAUTHORIZED", childError: [{ code: "UNAUTHORIZED" }] });
        }
      }
      const changesBefore = await changeCount(other.member1);
      const patched = await patchMembership(other.member1, emailUpdate, self.call);
      expect(patched.status, patched.text).toBe(401);
      expect(await changeCount(other.member1)).toBe(changesBefore);
      // Its own member's profile it may change.
      expect((await patchMembership(self.member1, emailUpdate, self.call)).status).toBe(204);
    }

    // The Demo Partner's agents keep the shared members, and do not reach a developer's copies.
    const demoAgent = await clientToken("retrieve_account", demoCredentials);
    expect((await getAccount("NORTHSTAR", "3081000000000001", { token: demoAgent })).status).toBe(200);
    expect((await getAccount("NORTHSTAR", one.member1, { token: demoAgent })).status).toBe(401);

    // Request logs: both made requests above; each log holds its own and none of the other's.
    const requestsOf = async (partnerId: number) =>
      (await findRequestLog(db, { partnerId, environment: "staging", page: 1, pageSize: 100 })).entries;
    await flushRequestLog();
    const oneLog = await requestsOf(one.partner.id);
    const twoLog = await requestsOf(two.partner.id);
    expect(oneLog.length).toBeGreaterThan(0);
    expect(twoLog.length).toBeGreaterThan(0);
    const oneIds = new Set(oneLog.map((entry) => entry.requestId));
    expect(twoLog.filter((entry) => oneIds.has(entry.requestId))).toEqual([]);
    expect(oneLog.some((entry) => entry.path.includes(two.member1))).toBe(true);
    expect(twoLog.some((entry) => entry.path.includes(one.member1))).toBe(true);
    const [rows] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from loyalty.request_log where partner_id in (${one.partner.id}, ${two.partner.id})`,
      ),
    );
    expect(oneLog.length + twoLog.length).toBe(rows!.n);
  });
});

describe("isolation between sandboxes: signing members in, and every partner operation", () => {
  const demo = sandbox.partners[0]!;
  const memberLoginPath = "/oauth/auth/login";
  const secureCodePath = "/partner-oauth/secure/code";

  /** A1 through a member-login client, to the redirect URI registered for it. */
  const memberLogin = (clientId: string, redirectUri = placeholderRedirectUri) =>
    loginPageDriver(memberLoginRoute, memberLoginPath, {
      client_id: clientId,
      response_type: "code",
      redirect_uri: redirectUri,
      state: "iso1",
    });
  /** A3 to MERIDIAN through a further-programmes client (its one registered URI for MERIDIAN). */
  const secureCode = (clientId: string, businessContext: string) =>
    loginPageDriver(secureCodeRoute, secureCodePath, {
      response_type: "code",
      client_id: clientId,
      "programme-identifier": "MERIDIAN",
      "business-context-identifier": businessContext,
      state: "iso2",
    });
  /** The page with every field's value blanked (the CSRF token, the username typed). */
  const strip = (answer: RouteAnswer) => answer.text.replace(/value="[^"]*"/g, 'value=""');
  const codeOf = (driver: ReturnType<typeof memberLogin>, answer: RouteAnswer) =>
    driver.locationOf(answer).searchParams.get("code");

  async function developer(email: string) {
    const signedUp = await signUp(email);
    const username = async (persona: string) => (await copyOf(signedUp.partner.id, persona)).username!.toLowerCase();
    return {
      ...signedUp,
      member1: (await copyOf(signedUp.partner.id, "3081000000000001")).membershipNumber,
      username: await username("3081000000000001"),
      meridianUsername: await username("3081000000000009"),
      a1: memberLogin(signedUp.credentials.clientId),
      a3: secureCode(signedUp.credentials.furtherClientId, signedUp.credentials.businessContextIdentifier),
    };
  }

  it("signs a developer's member in through that developer's own clients only; any other client is told the credentials are wrong", async () => {
    const one = await developer("sign-in-one@example.test");
    const two = await developer("sign-in-two@example.test");
    const demoA1 = memberLogin(demo.oauthClient!.clientId, demo.oauthClient!.redirectUris[0]!);
    const demoA3 = secureCode(demo.furtherProgrammes!.clientId, demo.furtherProgrammes!.businessContextIdentifier);

    for (const [self, other] of [
      [one, two],
      [two, one],
    ] as const) {
      // The other developer's member, with the right (published) password: the page again, in the words and the
      // page of an unknown username, so nothing tells that the member exists anywhere.
      const refused = await self.a1.submit(other.username, sandbox.password);
      const unknown = await self.a1.submit("nobody.anywhere", sandbox.password);
      expect(refused.status).toBe(200);
      expect(refused.headers.get("location")).toBeNull();
      expect(self.a1.messageOf(refused)).toBe(loginMessages.invalidCredentials);
      expect(strip(refused)).toBe(strip(unknown));
      // Nor the Demo Partner's members, through A1 or A3.
      expect(self.a1.messageOf(await self.a1.submit("demo.member1", sandbox.password))).toBe(
        loginMessages.invalidCredentials,
      );
      expect(self.a3.messageOf(await self.a3.submit("demo.meridian", sandbox.password))).toBe(
        loginMessages.invalidCredentials,
      );
      // A3 keeps the other's further-programme member out too.
      const refusedA3 = await self.a3.submit(other.meridianUsername, sandbox.password);
      expect(self.a3.messageOf(refusedA3)).toBe(loginMessages.invalidCredentials);
      expect(strip(refusedA3)).toBe(strip(await self.a3.submit("nobody.anywhere", sandbox.password)));
    }

    // The Demo Partner's clients do not sign a developer's member in either.
    expect(demoA1.messageOf(await demoA1.submit(one.username, sandbox.password))).toBe(
      loginMessages.invalidCredentials,
    );
    expect(demoA3.messageOf(await demoA3.submit(one.meridianUsername, sandbox.password))).toBe(
      loginMessages.invalidCredentials,
    );

    // Each one's own clients sign its own members in, and the Demo Partner's its own.
    for (const self of [one, two]) {
      expect(codeOf(self.a1, await self.a1.submit(self.username, sandbox.password))).toMatch(/^[0-9a-f]{64}$/);
      expect(codeOf(self.a3, await self.a3.submit(self.meridianUsername, sandbox.password))).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(codeOf(demoA1, await demoA1.submit("demo.member1", sandbox.password))).toMatch(/^[0-9a-f]{64}$/);
  });

  let pair: Promise<[Awaited<ReturnType<typeof developer>>, Awaited<ReturnType<typeof developer>>]> | undefined;
  /** Two developers for the operations below, made once. */
  const twoDevelopers = () =>
    (pair ??= Promise.all([developer("operations-one@example.test"), developer("operations-two@example.test")]));
  const balanceOf = async (membershipNumber: string) =>
    (await findMemberByMembershipNumber(database.db(), membershipNumber))!.account.balance;

  it("takes a member's token, from its own developer's client, with that developer's api_key only", async () => {
    const [one, two] = await twoDevelopers();

    // A member's own token, from its own developer's clients, works with that developer's key only.
    const code = codeOf(one.a1, await one.a1.submit(one.username, sandbox.password));
    const grant = await callRoute(grantRoute, {
      method: "POST",
      url: "/oauth/api/grant",
      headers: {
        authorization: `Basic ${Buffer.from(`${one.credentials.clientId}:${one.credentials.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code!,
        redirect_uri: placeholderRedirectUri,
      }).toString(),
    });
    expect(grant.status, grant.text).toBe(200);
    const token = (grant.json as { access_token: string }).access_token;
    const asMember = (apiKey: string) => getAccount("NORTHSTAR", one.member1, { token, agentId: null, apiKey });
    expect((await asMember(one.credentials.stagingApiKey)).status).toBe(200);
    for (const apiKey of [two.credentials.stagingApiKey, demoApiKey])
      expect((await asMember(apiKey)).status, apiKey).toBe(401);
    // A debit (the member's own token) likewise moves nothing through another developer's key.
    const before = await balanceOf(one.member1);
    const debit = await postDebit({
      account: one.member1,
      token,
      apiKey: two.credentials.stagingApiKey,
      body: debitBody(),
    });
    expect(debit.status, debit.text).toBe(401);
    expect(await balanceOf(one.member1)).toBe(before);
  });

  it("credits (api_key only) a developer's own members only: another sandbox's member is an unknown account", async () => {
    const [one, two] = await twoDevelopers();
    const credit = (account: string, apiKey: string) =>
      postCredit({ account, apiKey, body: creditBody({ person: { name: { familyName: "Example" } } }) });
    const before = await balanceOf(one.member1);
    const unknownAccount = await credit("3999999999999999", two.credentials.stagingApiKey);
    expect(unknownAccount.status).toBe(400);
    for (const [account, apiKey] of [
      [one.member1, two.credentials.stagingApiKey],
      [one.member1, demoApiKey],
      ["3081000000000001", two.credentials.stagingApiKey],
    ] as const) {
      const refused = await credit(account, apiKey);
      expect(refused.status, refused.text).toBe(400);
      expect(withoutIds(refused.json), `${account} with ${apiKey}`).toEqual(withoutIds(unknownAccount.json));
    }
    expect(await balanceOf(one.member1)).toBe(before);
    const own = await credit(one.member1, one.credentials.stagingApiKey);
    expect(own.status, own.text).toBe(201);
    expect(await balanceOf(one.member1)).toBe(before + 1500n);
  });

  it("registers (P7, api_key only) a developer's own members only: another's is no membership, its details not compared", async () => {
    const [one, two] = await twoDevelopers();
    const unregistered = (await copyOf(one.partner.id, "3081000000000003")).membershipNumber;
    const registration = (membership: string, apiKey: string, username: string, postCode = "SW1A1AA") =>
      callRoute(registrationRoute, {
        method: "POST",
        url: withKey(`/api/v2/memberships/${membership}/registrations`, apiKey),
        params: { version: "v2", membershipIdentifier: membership },
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          member: {
            securityProfile: {
              credentials: { identifier: username, password: "Secret#2026" },
              securityResponses: [
                { questionIdentifier: "1", response: "Rex" },
                { questionIdentifier: "2", response: "Leeds" },
              ],
            },
            postalAddress: { postCode },
          },
        }),
      });
    const unknownMembership = await registration("3999999999999998", two.credentials.stagingApiKey, "taker.unknown");
    expect(unknownMembership.status).toBe(400);
    for (const apiKey of [two.credentials.stagingApiKey, demoApiKey])
      for (const postCode of ["SW1A1AA", "M11AE"]) {
        const refused = await registration(unregistered, apiKey, "taker.other", postCode);
        expect(refused.status, refused.text).toBe(400);
        expect(withoutIds(refused.json)).toEqual(withoutIds(unknownMembership.json));
      }
    const record = await findMemberByMembershipNumber(database.db(), unregistered);
    expect(record!.securityProfile).toBeNull();
    // The wrong postcodes were not counted against the member (no lock another developer could set off).
    expect(
      await database
        .db()
        .select()
        .from(registrationThrottles)
        .where(eq(registrationThrottles.memberId, record!.member.id)),
    ).toEqual([]);
    const registered = await registration(unregistered, one.credentials.stagingApiKey, "owner.registers");
    expect(registered.status, registered.text).toBe(201);
  });
});

/** An error body without what differs between two answers anyway (request ids, links to them). */
function withoutIds(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body, (key, value: unknown) =>
      /^(requestId|transactionId|developerLink)$/i.test(key) ? "" : value,
    ),
  );
}

describe("keys", () => {
  const writtenInTime = { timeout: 20_000 };

  it("a rolled api_key stops at once, the new one works, and the last-used time moves with use", async () => {
    const developer = await signUp("keys@example.test");
    const db = database.db();
    const [key] = await listApiKeys(db, developer.partner.id);
    expect(key!.lastUsedAt).toBeNull();
    expect((await listProgrammes(developer.credentials.stagingApiKey)).status).toBe(200);
    // The use is written off the response path: a busy machine may take longer than poll's default second.
    await expect
      .poll(async () => (await listApiKeys(db, developer.partner.id))[0]!.lastUsedAt, writtenInTime)
      .not.toBeNull();
    const firstUse = (await listApiKeys(db, developer.partner.id))[0]!.lastUsedAt!;
    // A use past the write interval (10 s, keyUsageIntervalMs) moves it on.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + keyUsageIntervalMs + 1_000);
      expect((await listProgrammes(developer.credentials.stagingApiKey)).status).toBe(200);
      await expect
        .poll(async () => (await listApiKeys(db, developer.partner.id))[0]!.lastUsedAt!.getTime(), writtenInTime)
        .toBeGreaterThanOrEqual(firstUse.getTime() + keyUsageIntervalMs);
    } finally {
      vi.useRealTimers();
    }

    const rolled = await rollApiKey(db, developer.partner.id, key!.id, new Date());
    expect(rolled).toMatch(/^[A-Za-z0-9]{24}$/);
    const old = await listProgrammes(developer.credentials.stagingApiKey);
    expect(old.status).toBe(401);
    expect(old.json).toMatchObject({ error: { code: "DEVELOPER_NOT_AUTHORIZED" } });
    const [fresh] = await listApiKeys(db, developer.partner.id);
    expect(fresh!.lastUsedAt).toBeNull();
    expect((await listProgrammes(rolled!)).status).toBe(200);
    await expect
      .poll(async () => (await listApiKeys(db, developer.partner.id))[0]!.lastUsedAt, writtenInTime)
      .not.toBeNull();
    const [revoked] = await db.select().from(apiKeys).where(eq(apiKeys.id, key!.id));
    expect(revoked!.revokedAt).not.toBeNull();
  });

  it("a rolled client secret stops at once, and the client's last use moves with each use", async () => {
    const developer = await signUp("secret@example.test");
    const db = database.db();
    const credentials = { clientId: developer.credentials.clientId, secret: developer.credentials.clientSecret };
    const loginClient = async () =>
      (await listClients(db, developer.partner.id)).find((entry) => entry.kind === "member_login")!;
    expect((await loginClient()).lastUsedAt).toBeNull();
    await clientToken("read", credentials);
    const client = await loginClient();
    expect(client.lastUsedAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await clientToken("read", credentials);
    expect((await loginClient()).lastUsedAt!.getTime()).toBeGreaterThan(client.lastUsedAt!.getTime());
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
