import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { debitResponseSchema } from "@/lib/contract/debit-currency";
import { wrappedErrorBodySchema } from "@/lib/contract/error-body";
import { accountState, setBalance } from "../support/account-state";
import { expectServiceError } from "../support/error-assertions";
import { debitBody, externalId, postDebit } from "../support/ledger-requests";
import { issueMemberToken, revokeAccessToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member1 = "3081000000000001";
const emptyMember = "3081000000000010";
let token: string;

beforeAll(async () => {
  token = await issueMemberToken(database.db(), member1);
});

const wrapped = (code: string, childCode?: string, status = 400) => ({
  status,
  code,
  childCode,
  shape: "wrapped" as const,
});

describe("P5 debit currency", () => {
  it("debits: 201 with the spec's response; balance and journal move together", async () => {
    const before = await accountState(database.db(), member1);
    const body = debitBody({ externalReferenceIdentifier: "ORDER-7" });
    const answer = await postDebit({ account: member1, token, body });
    expect(answer.status, answer.text).toBe(201);
    const { debitTransaction } = debitResponseSchema.strict().parse(answer.json);
    expect(debitTransaction).toMatchObject({
      monetaryAmount: { amount: "100", formattedAmount: "100", currency: { currencyCode: "POINTS" } },
      description: "REWARD&FLIGHT",
      externalTransactionIdentifier: body.debitTransaction.externalTransactionIdentifier,
      externalReferenceIdentifier: "ORDER-7",
      externalReferenceDescription: "Order 42",
      externalPartnerIdentifier: "WEB",
      type: "REDEMPTION",
    });
    expect(debitTransaction.identifier).toMatch(/^[A-Z0-9]{1,32}$/);
    const after = await accountState(database.db(), member1);
    expect(before.balance - after.balance).toBe(100n);
    expect(after.journalSum).toBe(after.balance);
  });

  it("converts accented characters in the descriptions and echoes the identifiers unconverted", async () => {
    const answer = await postDebit({
      account: member1,
      token,
      body: debitBody({
        description: "CaféCrème",
        externalReferenceDescription: "Reserva en Málaga",
        externalTransactionIdentifier: externalId("Ñ"),
        externalReferenceIdentifier: "PEDIDO-Ñ1",
      }),
    });
    expect(answer.status, answer.text).toBe(201);
    const { debitTransaction } = debitResponseSchema.parse(answer.json);
    expect(debitTransaction.description).toBe("CafeCreme");
    expect(debitTransaction.externalReferenceDescription).toBe("Reserva en Malaga");
    expect(debitTransaction.externalTransactionIdentifier.startsWith("Ñ")).toBe(true);
    expect(debitTransaction.externalReferenceIdentifier).toBe("PEDIDO-Ñ1");
  });

  it("takes amounts up to 9999999999 end to end as integers", async () => {
    const rich = "3081000000000005";
    await setBalance(database.db(), rich, 9_999_999_999n);
    const richToken = await issueMemberToken(database.db(), rich);
    const answer = await postDebit({
      account: rich,
      token: richToken,
      body: debitBody({ monetaryAmount: { amount: "9999999999", currency: { currencyCode: "POINTS" } } }),
    });
    expect(answer.status, answer.text).toBe(201);
    expect(debitResponseSchema.parse(answer.json).debitTransaction.monetaryAmount.amount).toBe("9999999999");
    const after = await accountState(database.db(), rich);
    expect(after.balance).toBe(0n);
    expect(after.journalSum).toBe(0n);
  });

  it("E8 BALANCE_INSUFFICIENT with the balance unchanged", async () => {
    const emptyToken = await issueMemberToken(database.db(), emptyMember);
    const before = await accountState(database.db(), emptyMember);
    const body = expectServiceError(
      await postDebit({ account: emptyMember, token: emptyToken, body: debitBody() }),
      wrapped("BALANCE_INSUFFICIENT"),
    );
    expect(body).not.toHaveProperty("childError");
    const after = await accountState(database.db(), emptyMember);
    expect(after).toEqual(before);
  });

  it("E8 DUPLICATE_TRANSACTION: an identifier used before, without Idempotency-Key, whatever the body; nothing moves", async () => {
    const body = debitBody();
    const first = await postDebit({ account: member1, token, body });
    expect(first.status).toBe(201);
    const afterFirst = await accountState(database.db(), member1);
    const changed = {
      debitTransaction: {
        ...body.debitTransaction,
        monetaryAmount: { amount: "101", currency: { currencyCode: "POINTS" } },
      },
    };
    for (const again of [body, changed]) {
      const answer = await postDebit({ account: member1, token, body: again });
      expectServiceError(answer, {
        ...wrapped("REQUEST_INVALID", "DUPLICATE_TRANSACTION"),
        path: "debitTransaction.externalTransactionIdentifier",
      });
      expect(answer.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(await accountState(database.db(), member1)).toEqual(afterFirst);
  });

  it("E8 401 REQUEST_INVALID: a membership number that does not match the token", async () => {
    const body = expectServiceError(
      await postDebit({ account: "3081000000000002", token, body: debitBody() }),
      wrapped("REQUEST_INVALID", undefined, 401),
    );
    expect(body).not.toHaveProperty("childError");
  });

  it("E8 401 REQUEST_INVALID / DATA_INVALID: an invalid token value", async () => {
    expectServiceError(
      await postDebit({ account: member1, token: "invalid.token.value", body: debitBody() }),
      wrapped("REQUEST_INVALID", "DATA_INVALID", 401),
    );
  });

  it.each(["", "Bearer", "Bearer   "])(
    "E8 401 REQUEST_INVALID / DATA_INVALID: an Authorization header of %j (an empty token value)",
    async (authorization) => {
      const before = await accountState(database.db(), member1);
      expectServiceError(
        await postDebit({
          account: member1,
          token: null,
          body: debitBody(),
          headers: { Authorization: authorization },
        }),
        wrapped("REQUEST_INVALID", "DATA_INVALID", 401),
      );
      expect(await accountState(database.db(), member1)).toEqual(before);
    },
  );

  it("refuses a request without token as REQUEST_UNAUTHORIZED", async () => {
    expectServiceError(
      await postDebit({ account: member1, token: null, body: debitBody() }),
      wrapped("REQUEST_UNAUTHORIZED", undefined, 401),
    );
  });

  it("E8 HEADER_INVALID: a content type other than JSON", async () => {
    expectServiceError(
      await postDebit({ account: member1, token, body: debitBody(), headers: { "Content-Type": "text/xml" } }),
      wrapped("REQUEST_INVALID", "HEADER_INVALID"),
    );
  });

  it("E8 METHOD_NOT_SUPPORTED", async () => {
    expectServiceError(
      await postDebit({ account: member1, token, body: debitBody(), method: "PATCH" }),
      wrapped("REQUEST_INVALID", "METHOD_NOT_SUPPORTED"),
    );
  });

  it.each([
    [
      "product instance identifiers that repeat",
      {
        productSummary: [
          { productInstanceIdentifier: "P1", productTypeSummary: "SEAT" },
          { productInstanceIdentifier: "P1", productTypeSummary: "MEALS" },
        ],
      },
      "debitTransaction.productSummary[1].productInstanceIdentifier",
    ],
    ["a description with a space", { description: "REWARD FLIGHT" }, "debitTransaction.description"],
    [
      "an external partner identifier with a dash",
      { externalPartnerIdentifier: "WEB-1" },
      "debitTransaction.externalPartnerIdentifier",
    ],
    [
      "an external reference description with a tab",
      { externalReferenceDescription: "a\tb" },
      "debitTransaction.externalReferenceDescription",
    ],
    [
      "an external reference identifier with a slash",
      { externalReferenceIdentifier: "A/B" },
      "debitTransaction.externalReferenceIdentifier",
    ],
    [
      "an external transaction identifier with a slash",
      { externalTransactionIdentifier: "A/B" },
      "debitTransaction.externalTransactionIdentifier",
    ],
    [
      "a zero amount",
      { monetaryAmount: { amount: "0", currency: { currencyCode: "POINTS" } } },
      "debitTransaction.monetaryAmount.amount",
    ],
    [
      "an amount of 11 digits",
      { monetaryAmount: { amount: "10000000000", currency: { currencyCode: "POINTS" } } },
      "debitTransaction.monetaryAmount.amount",
    ],
    ["a date without time", { externalTransactionDate: "2026-01-15" }, "debitTransaction.externalTransactionDate"],
  ])("E8 DATA_INVALID: %s", async (_label, overrides, path) => {
    const before = await accountState(database.db(), member1);
    expectServiceError(await postDebit({ account: member1, token, body: debitBody(overrides) }), {
      ...wrapped("REQUEST_INVALID", "DATA_INVALID"),
      path,
    });
    expect((await accountState(database.db(), member1)).balance).toBe(before.balance);
  });

  it("E8 DATA_INVALID: an invalid X-Forwarded-For, and an account whose status forbids debits", async () => {
    expectServiceError(
      await postDebit({ account: member1, token, body: debitBody(), headers: { "X-Forwarded-For": "nope" } }),
      wrapped("REQUEST_INVALID", "DATA_INVALID"),
    );
    const blocked = "3081000000000006";
    const blockedToken = await issueMemberToken(database.db(), blocked);
    expectServiceError(
      await postDebit({ account: blocked, token: blockedToken, body: debitBody() }),
      wrapped("REQUEST_INVALID", "DATA_INVALID"),
    );
  });

  it.each([
    ["no debitTransaction", {}, undefined],
    [
      "a missing amount",
      { monetaryAmount: { currency: { currencyCode: "POINTS" } } },
      "debitTransaction.monetaryAmount.amount",
    ],
    [
      "a currency other than POINTS",
      { monetaryAmount: { amount: "5", currency: { currencyCode: "EUR" } } },
      "debitTransaction.monetaryAmount.currency.currencyCode",
    ],
    [
      "a product summary type outside the list",
      { productSummary: [{ productInstanceIdentifier: "P1", productTypeSummary: "BOAT" }] },
      "debitTransaction.productSummary[0].productTypeSummary",
    ],
    [
      "a product summary without its type",
      {
        productSummary: [{ productInstanceIdentifier: "P1", productFeatureSummary: [{ code: "SEAT", value: "12A" }] }],
      },
      "debitTransaction.productSummary[0].productTypeSummary",
    ],
    ["another type", { type: "COLLECTION" }, "debitTransaction.type"],
    ["a missing description", { description: undefined }, "debitTransaction.description"],
  ])("E8 MANDATORY_DATA_MISSING: %s", async (label, overrides, path) => {
    const body = label === "no debitTransaction" ? {} : debitBody(overrides);
    expectServiceError(await postDebit({ account: member1, token, body }), {
      ...wrapped("REQUEST_INVALID", "MANDATORY_DATA_MISSING"),
      path,
    });
  });

  it("E8 MANDATORY_DATA_MISSING: a body that is not JSON", async () => {
    expectServiceError(
      await postDebit({ account: member1, token, body: null, rawBody: "<xml/>" }),
      wrapped("REQUEST_INVALID", "MANDATORY_DATA_MISSING"),
    );
  });

  it("E8 401 REQUEST_INVALID / REQUEST_INVALID: a product summary with neither feature summary nor type", async () => {
    expectServiceError(
      await postDebit({
        account: member1,
        token,
        body: debitBody({ productSummary: [{ productInstanceIdentifier: "P1" }] }),
      }),
      wrapped("REQUEST_INVALID", "REQUEST_INVALID", 401),
    );
  });

  it("E8 400 REQUEST_INVALID / TOKEN_INVALID: an identifier not activated", async () => {
    const db = database.db();
    const inactive = "3081000000000004";
    const { accounts } = await import("@/server/loyalty/ledger/ledger-tables");
    const { members } = await import("@/server/loyalty/members/member-tables");
    const { eq } = await import("drizzle-orm");
    const [member] = await db.select().from(members).where(eq(members.membershipNumber, inactive));
    await db.update(accounts).set({ status: "INACTIVE" }).where(eq(accounts.memberId, member!.id));
    const inactiveToken = await issueMemberToken(db, inactive);
    expectServiceError(
      await postDebit({ account: inactive, token: inactiveToken, body: debitBody() }),
      wrapped("REQUEST_INVALID", "TOKEN_INVALID"),
    );
  });

  it("requires svc_client_application_name", async () => {
    expectServiceError(
      await postDebit({
        account: member1,
        token,
        body: debitBody(),
        headers: { svc_client_application_name: "not valid!" },
      }),
      wrapped("REQUEST_INVALID", "DATA_INVALID"),
    );
  });

  it("never answers 5xx nor moves points for random bodies", async () => {
    const before = await accountState(database.db(), member1);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc
            .record({
              debitTransaction: fc.dictionary(
                fc.constantFrom("monetaryAmount", "description", "type", "productSummary", "externalTransactionDate"),
                fc.jsonValue(),
              ),
            })
            .map((value) => JSON.stringify(value)),
        ),
        async (raw) => {
          const answer = await postDebit({ account: member1, token, body: null, rawBody: raw });
          expect(answer.status).toBeLessThan(500);
          if (answer.status !== 201) wrappedErrorBodySchema.parse(answer.json);
        },
      ),
      { numRuns: 150 },
    );
    expect((await accountState(database.db(), member1)).balance).toBe(before.balance);
  });
});

describe("P5 debit: the response matches what is stored", () => {
  it("answers with the journal entry as retrieve transactions will show it", async () => {
    const { transactions } = await import("@/server/loyalty/ledger/ledger-tables");
    const { eq } = await import("drizzle-orm");
    const answer = await postDebit({
      account: member1,
      token,
      body: debitBody({ productSummary: [{ productInstanceIdentifier: "P-1", productTypeSummary: "SEAT" }] }),
    });
    const { debitTransaction } = debitResponseSchema.parse(answer.json);
    const [stored] = await database
      .db()
      .select()
      .from(transactions)
      .where(eq(transactions.identifier, debitTransaction.identifier));
    expect(stored?.dateMade.toISOString()).toBe(debitTransaction.dateMade);
    expect(stored?.pointsDelta).toBe(-100n);
    expect(stored?.productSummary).toEqual([{ productInstanceIdentifier: "P-1", productTypeSummary: "SEAT" }]);
    expect(stored?.serviceReference).toMatch(/^R[0-9A-Z]{9}$/);
  });
});

describe("P5 debit: a repeat after the balance fell", () => {
  it("is a duplicate without a key, and replays the original with its Idempotency-Key", async () => {
    const member = "3081000000000011";
    await setBalance(database.db(), member, 300n);
    const memberToken = await issueMemberToken(database.db(), member);
    const body = debitBody({ monetaryAmount: { amount: "200", currency: { currencyCode: "POINTS" } } });
    const headers = { "Idempotency-Key": `debit-${externalId()}` };
    const first = await postDebit({ account: member, token: memberToken, body, headers });
    expect(first.status).toBe(201);
    // The balance (100) no longer covers the debit: the identifier is judged first.
    expectServiceError(
      await postDebit({ account: member, token: memberToken, body }),
      wrapped("REQUEST_INVALID", "DUPLICATE_TRANSACTION"),
    );
    const retry = await postDebit({ account: member, token: memberToken, body, headers });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect((await accountState(database.db(), member)).balance).toBe(100n);
  });
});

describe("P5 debit: a revoked token, checked by the debit statement itself", () => {
  const tokenInvalid = wrapped("REQUEST_INVALID", "DATA_INVALID", 401);

  it("moves nothing and answers the token error", async () => {
    const db = database.db();
    const revoked = await issueMemberToken(db, member1);
    await revokeAccessToken(db, revoked);
    const before = await accountState(db, member1);
    const answer = await postDebit({ account: member1, token: revoked, body: debitBody() });
    expectServiceError(answer, tokenInvalid);
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer .*error="invalid_token"/);
    expect(await accountState(db, member1)).toEqual(before);
  });

  it("does not replay a debit to a token revoked since, with or without its Idempotency-Key", async () => {
    const db = database.db();
    const live = await issueMemberToken(db, member1);
    const body = debitBody();
    const headers = { "Idempotency-Key": `revoked-${externalId()}` };
    expect((await postDebit({ account: member1, token: live, body, headers })).status).toBe(201);
    await revokeAccessToken(db, live);
    expectServiceError(await postDebit({ account: member1, token: live, body, headers }), tokenInvalid);
    expectServiceError(await postDebit({ account: member1, token: live, body }), tokenInvalid);
  });

  it.each([
    ["an invalid body", { body: null, rawBody: "<xml/>" }],
    ["a body with a missing field", { body: { debitTransaction: {} } }],
    ["another member's account", { account: "3081000000000002" }],
    [
      "a balance too small",
      { body: debitBody({ monetaryAmount: { amount: "9999999999", currency: { currencyCode: "POINTS" } } }) },
    ],
  ])("answers the token error before judging %s, as when the gateway checks revocation", async (_label, overrides) => {
    const db = database.db();
    const revoked = await issueMemberToken(db, member1);
    await revokeAccessToken(db, revoked);
    const before = await accountState(db, member1);
    expectServiceError(
      await postDebit({ account: member1, token: revoked, body: debitBody(), ...overrides }),
      tokenInvalid,
    );
    expect(await accountState(db, member1)).toEqual(before);
  });
});
