import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as memberLoginRoute from "@/app/oauth/auth/login/route";
import * as secureCodeRoute from "@/app/partner-oauth/secure/code/route";
import * as secureKeyRoute from "@/app/partner-oauth/secure/key/route";
import sandbox from "@/sandbox.json";
import { accounts, type AccountStatus } from "@/server/loyalty/ledger/ledger-tables";
import { findMemberByUsername } from "@/server/loyalty/members/find-member";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { postReversal, reversalBody } from "../support/ledger-requests";
import { loginPageDriver } from "../support/login-page-driver";
import { setupTestDatabase } from "../support/test-database";

/**
 * E1 refuses a login only for an inactive, blocked or fraud account or an
 * expired password. A cancelled, deceased or group account logs in, and its
 * own token then meets the refusals of the operations: retrieve account (E5)
 * ACCOUNT_NOT_FOUND, reverse transaction (E9) ACCOUNT_NOT_AUTHORIZED, as
 * sandbox.json promises for demo.cancelled.
 */
const { db } = setupTestDatabase();

const demo = sandbox.partners[0]!;
const password = sandbox.password;
const registered = demo.oauthClient!.redirectUris[0]!;
const cancelledMember = "3081000000000008"; // demo.cancelled
const meridianMember = "3081000000000009"; // demo.meridian
const meridianUri = demo.furtherProgrammes!.redirectUris.MERIDIAN;

function basic(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${secret}`).toString("base64")}`;
}

const memberLogin = loginPageDriver(memberLoginRoute, "/oauth/auth/login", {
  client_id: demo.oauthClient!.clientId,
  response_type: "code",
  redirect_uri: registered,
  scope: "read reverse_transaction",
  state: "closed1",
});

const secureCode = loginPageDriver(secureCodeRoute, "/partner-oauth/secure/code", {
  response_type: "code",
  client_id: demo.furtherProgrammes!.clientId,
  "programme-identifier": "MERIDIAN",
  "business-context-identifier": demo.furtherProgrammes!.businessContextIdentifier,
  scope: "read reverse_transaction",
  state: "closed2",
});

async function setStatus(username: string, status: AccountStatus): Promise<void> {
  const member = await findMemberByUsername(db(), username);
  await db().update(accounts).set({ status }).where(eq(accounts.id, member!.account.id));
}

afterEach(async () => {
  await setStatus("demo.cancelled", "CANCELLED");
  await setStatus("demo.meridian", "ACTIVE");
});

/** A1, then A2: the member's own access token, as a partner obtains it. */
async function loginThroughA1(username: string): Promise<string> {
  const location = memberLogin.locationOf(await memberLogin.submit(username, password));
  const code = location.searchParams.get("code");
  expect(code, location.toString()).toMatch(/^[0-9a-f]{64}$/);
  const answer = await callRoute(grantRoute, {
    method: "POST",
    url: "/oauth/api/grant",
    headers: {
      authorization: basic(demo.oauthClient!.clientId, demo.oauthClient!.password),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ grant_type: "authorization_code", code: code!, redirect_uri: registered }).toString(),
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { access_token: string }).access_token;
}

/** A3, then A4: a further programme member's own access token. */
async function loginThroughA3(username: string): Promise<string> {
  const location = secureCode.locationOf(await secureCode.submit(username, password));
  const code = location.searchParams.get("code");
  expect(code, location.toString()).toMatch(/^[0-9a-f]{64}$/);
  const answer = await callRoute(secureKeyRoute, {
    method: "POST",
    url: `/partner-oauth/secure/key?${new URLSearchParams({ grant_type: "authorization_code", code: code! })}`,
    headers: {
      authorization: basic(demo.furtherProgrammes!.clientId, demo.furtherProgrammes!.partnerSecret),
      "business-context-identifier": demo.furtherProgrammes!.businessContextIdentifier,
      "programme-identifier": "MERIDIAN",
    },
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.json as { access_token: string }).access_token;
}

function retrieveAccount(account: string, token: string) {
  return callRoute(accountRoute, {
    url: withKey(`/api/v2/programmes/NORTHSTAR/accounts/${account}`),
    params: { version: "v2", programmeIdentifier: "NORTHSTAR", accountIdentifier: account },
    headers: { Authorization: `Bearer ${token}` },
  });
}

describe("A1: a cancelled account logs in and meets its refusals at the operations", () => {
  it("logs demo.cancelled in; with its token P2 says ACCOUNT_NOT_FOUND and P6 ACCOUNT_NOT_AUTHORIZED", async () => {
    const token = await loginThroughA1("demo.cancelled");

    expectServiceError(await retrieveAccount(cancelledMember, token), {
      status: 400,
      code: "ACCOUNT_NOT_FOUND",
      shape: "flat",
    });
    // The account's status decides before the transaction named is even looked for.
    expectServiceError(await postReversal({ account: cancelledMember, token, body: reversalBody("SBXNOSUCHDEBIT") }), {
      status: 400,
      code: "ACCOUNT_NOT_AUTHORIZED",
      shape: "wrapped",
    });
  });

  it.each(["DECEASED", "GROUP"] as const)("logs a %s account in too", async (status) => {
    await setStatus("demo.cancelled", status);
    const token = await loginThroughA1("demo.cancelled");
    expectServiceError(await postReversal({ account: cancelledMember, token, body: reversalBody("SBXNOSUCHDEBIT") }), {
      status: 400,
      code: "ACCOUNT_NOT_AUTHORIZED",
      shape: "wrapped",
    });
  });

  it("still refuses an inactive account, in E1's words, with no code", async () => {
    await setStatus("demo.cancelled", "INACTIVE");
    const location = memberLogin.locationOf(await memberLogin.submit("demo.cancelled", password));
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "REQUEST_UNAUTHORIZED",
      error_description: "UNAUTHORIZED: customer status inactive",
      state: "closed1",
    });
  });
});

describe("A3: the further programmes follow the same list", () => {
  it("logs a cancelled MERIDIAN account in through secure code and key; its reversal is ACCOUNT_NOT_AUTHORIZED", async () => {
    await setStatus("demo.meridian", "CANCELLED");
    const token = await loginThroughA3("demo.meridian");
    expectServiceError(
      await postReversal({
        account: meridianMember,
        programme: "MERIDIAN",
        token,
        body: reversalBody("SBXNOSUCHDEBIT"),
      }),
      { status: 400, code: "ACCOUNT_NOT_AUTHORIZED", shape: "wrapped" },
    );
  });

  it.each([
    ["INACTIVE", "UNAUTHORIZED: customer status inactive"],
    ["BLOCKED", "UNAUTHORIZED: account blocked"],
    ["FRAUD", "UNAUTHORIZED: account status fraud"],
  ] as const)("refuses a %s MERIDIAN account", async (status, description) => {
    await setStatus("demo.meridian", status);
    const location = secureCode.locationOf(await secureCode.submit("demo.meridian", password));
    expect(`${location.origin}${location.pathname}`).toBe(meridianUri);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: "REQUEST_UNAUTHORIZED",
      error_description: description,
      state: "closed2",
    });
  });
});
