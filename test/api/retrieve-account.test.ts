import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import { accountResponseSchema } from "@/lib/contract/retrieve-account";
import { accounts } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import sandbox from "@/sandbox.json";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { issueMemberToken, revokeAccessToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member1 = "3081000000000001";
let token: string;

beforeAll(async () => {
  token = await issueMemberToken(database.db(), member1);
});

function retrieve(
  options: {
    account?: string;
    programme?: string;
    query?: string;
    version?: string;
    token?: string | null;
    headers?: Record<string, string>;
    method?: string;
  } = {},
) {
  const account = options.account ?? member1;
  const programme = options.programme ?? "NORTHSTAR";
  const version = options.version ?? "v2";
  const bearer = options.token === undefined ? token : options.token;
  return callRoute(accountRoute, {
    method: options.method,
    url: withKey(`/api/${version}/programmes/${programme}/accounts/${account}${options.query ?? ""}`),
    params: { version, programmeIdentifier: programme, accountIdentifier: account },
    headers: { ...(bearer === null ? {} : { Authorization: `Bearer ${bearer}` }), ...options.headers },
  });
}

describe("P2 retrieve account", () => {
  it("returns every element when fields is omitted", async () => {
    const answer = await retrieve();
    expect(answer.status).toBe(200);
    const body = accountResponseSchema.strict().parse(answer.json);
    const seeded = sandbox.members[0]!;
    expect(body).toMatchObject({
      accountType: seeded.accountType,
      accountStatus: seeded.status,
      balance: { amount: seeded.balance, currency: { currencyCode: "POINTS" } },
    });
    expect(body.lastActivityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ["Balance", ["balance"]],
    ["accountStatus", ["accountStatus"]],
    ["LastActivityDate", ["lastActivityDate"]],
    ["AccountType", ["accountType"]],
    ["balance", ["balance"]],
    ["Balance,AccountType", ["balance", "accountType"]],
  ])("returns only the requested element for fields=%s", async (fields, keys) => {
    const answer = await retrieve({ query: `?fields=${fields}` });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json as object).sort()).toEqual([...keys].sort());
  });

  it.each(["Points", "", "Balance,,AccountType", "Balance;AccountType"])(
    "E5 DATA_INVALID for fields=%j",
    async (fields) => {
      expectServiceError(await retrieve({ query: `?fields=${fields}` }), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "DATA_INVALID",
        path: "fields",
        shape: "flat",
      });
    },
  );

  it.each([
    ["an account identifier shorter than 16 digits", { account: "308100000000001" }, "accountIdentifier"],
    ["an account identifier with letters", { account: "30810000000000AB" }, "accountIdentifier"],
    ["a programme identifier with digits", { programme: "NORTH5TAR" }, "programmeIdentifier"],
  ])("E5 DATA_INVALID for %s", async (_label, options, path) => {
    expectServiceError(await retrieve(options), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path,
      shape: "flat",
    });
  });

  it("reflects the balance as it is stored now", async () => {
    const db = database.db();
    const [member] = await db.select().from(members).where(eq(members.membershipNumber, "3081000000000003"));
    const [account] = await db.select().from(accounts).where(eq(accounts.memberId, member!.id));
    const answer = await retrieve({
      account: "3081000000000003",
      token: await issueMemberToken(db, "3081000000000003"),
      query: "?fields=Balance",
    });
    expect(answer.json).toEqual({
      balance: { amount: Number(account!.balance), currency: { currencyCode: "POINTS" } },
    });
  });

  it("E5 ACCOUNT_NOT_FOUND for a cancelled account", async () => {
    const cancelled = "3081000000000008";
    const answer = await retrieve({ account: cancelled, token: await issueMemberToken(database.db(), cancelled) });
    const body = expectServiceError(answer, { status: 400, code: "ACCOUNT_NOT_FOUND", shape: "flat" });
    expect(body).not.toHaveProperty("childError");
  });

  it("answers on v2 only", async () => {
    expectServiceError(await retrieve({ version: "v1" }), {
      status: 404,
      code: "REQUEST_INVALID",
      childCode: "VERSION_NOT_SUPPORTED",
      shape: "flat",
    });
  });

  it("answers 405 to other methods", async () => {
    const answer = await retrieve({ method: "POST" });
    expectServiceError(answer, {
      status: 405,
      code: "REQUEST_INVALID",
      childCode: "HTTP_METHOD_NOT_SUPPORTED",
      shape: "flat",
    });
    expect(answer.headers.get("allow")).toBe("GET");
  });
});

describe("P2 retrieve account: tokens", () => {
  it("requires a member token", async () => {
    const answer = await retrieve({ token: null });
    expectServiceError(answer, {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "TOKEN_INVALID",
      shape: "flat",
    });
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("refuses an empty Authorization header", async () => {
    const answer = await callRoute(accountRoute, {
      url: withKey(`/api/v2/programmes/NORTHSTAR/accounts/${member1}`),
      params: { version: "v2", programmeIdentifier: "NORTHSTAR", accountIdentifier: member1 },
      headers: { Authorization: "Bearer" },
    });
    expectServiceError(answer, { status: 401, code: "REQUEST_UNAUTHORIZED", childCode: "DATA_INVALID", shape: "flat" });
  });

  it.each([
    ["a random string", "not-a-jwt"],
    ["a tampered token", "TAMPER"],
  ])("refuses %s", async (_label, kind) => {
    const bad = kind === "TAMPER" ? `${token.slice(0, -4)}AAAA` : kind;
    expectServiceError(await retrieve({ token: bad }), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "TOKEN_INVALID",
      shape: "flat",
    });
  });

  it("refuses a revoked token", async () => {
    const db = database.db();
    const revokedToken = await issueMemberToken(db, member1);
    await revokeAccessToken(db, revokedToken);
    expectServiceError(await retrieve({ token: revokedToken }), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "TOKEN_INVALID",
      shape: "flat",
    });
  });

  it("refuses a client (partner) token where a member token is required", async () => {
    const clientToken = await issueMemberToken(database.db(), member1, { tokenUse: "client" });
    expectServiceError(await retrieve({ token: clientToken }), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "TOKEN_INVALID",
      shape: "flat",
    });
  });

  it("refuses a token issued to another partner than the api_key's", async () => {
    const foreign = await issueMemberToken(database.db(), member1, { partnerIdentifier: "NOPROGRAMME03" });
    expectServiceError(await retrieve({ token: foreign }), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      shape: "flat",
    });
  });

  it("never shows one member's account with another member's token", async () => {
    const otherToken = await issueMemberToken(database.db(), "3081000000000002");
    const answer = await retrieve({ token: otherToken });
    expectServiceError(answer, { status: 401, code: "REQUEST_UNAUTHORIZED", childCode: "UNAUTHORIZED", shape: "flat" });
    expect(answer.text).not.toContain("250000");
    expect(answer.text).not.toContain("INDIVIDUAL");
  });

  it("refuses the member's own account under another programme", async () => {
    expectServiceError(await retrieve({ programme: "MERIDIAN" }), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      shape: "flat",
    });
  });
});
