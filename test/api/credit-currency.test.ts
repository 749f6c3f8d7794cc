import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import { creditResponseSchema } from "@/lib/contract/credit-currency";
import { errorBodySchema } from "@/lib/contract/error-body";
import { accountState } from "../support/account-state";
import { callRoute, noProgrammeApiKey, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { creditBody, externalId, postCredit } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member1 = "3081000000000001";
const household = "3081000000000002";

const dataInvalid = { status: 400, code: "REQUEST_INVALID", childCode: "DATA_INVALID", shape: "flat" } as const;

describe("P4 credit currency", () => {
  it("credits at once: 201, the spec's response, and the balance and journal move together", async () => {
    const before = await accountState(database.db(), member1);
    const body = creditBody({ externalReferenceDescription: "ROOM-2", externalPartnerIdentifier: "WEB" });
    const answer = await postCredit({ account: member1, body });
    expect(answer.status, answer.text).toBe(201);
    const response = creditResponseSchema.strict().parse(answer.json);
    expect(response).toMatchObject({
      description: "HOTEL-STAY",
      monetaryAmount: { amount: "1500", formattedAmount: "1500", currency: { currencyCode: "POINTS" } },
      externalTransactionIdentifier: body.externalTransactionIdentifier,
      externalTransactionDate: "2026-01-15T10:00:00.000Z",
      externalReferenceIdentifier: "BK123",
      externalReferenceDescription: "ROOM-2",
      externalPartnerIdentifier: "WEB",
      externalSource: "DEMOSHOP",
      type: "COLLECTION",
    });
    const after = await accountState(database.db(), member1);
    expect(after.balance - before.balance).toBe(1500n);
    expect(after.journalSum).toBe(after.balance);
  });

  it("shows the credit at once in retrieve account", async () => {
    const token = await issueMemberToken(database.db(), member1);
    const read = async () =>
      (
        (
          await callRoute(accountRoute, {
            url: withKey(`/api/v2/programmes/NORTHSTAR/accounts/${member1}?fields=Balance`),
            params: { version: "v2", programmeIdentifier: "NORTHSTAR", accountIdentifier: member1 },
            headers: { Authorization: `Bearer ${token}` },
          })
        ).json as { balance: { amount: number } }
      ).balance.amount;
    const before = await read();
    expect(
      (
        await postCredit({
          account: member1,
          body: creditBody({ monetaryAmount: { amount: "777", currency: { currencyCode: "POINTS" } } }),
        })
      ).status,
    ).toBe(201);
    expect(await read()).toBe(before + 777);
  });

  it("accepts a date-only transaction date, and the upper limit of 999999 points", async () => {
    const answer = await postCredit({
      account: member1,
      body: creditBody({
        externalTransactionDate: "2025-06-01",
        monetaryAmount: { amount: "999999", currency: { currencyCode: "POINTS" } },
      }),
    });
    expect(answer.status, answer.text).toBe(201);
    expect(creditResponseSchema.parse(answer.json).externalTransactionDate).toBe("2025-06-01T00:00:00.000Z");
  });

  it("credits a household account named HOUSEHOLD or by its surname, case and accents aside", async () => {
    for (const familyName of ["HOUSEHOLD", "Sample", "SAMPLE", "Sámple"]) {
      const answer = await postCredit({ account: household, body: creditBody({ person: { name: { familyName } } }) });
      expect(answer.status, `${familyName}: ${answer.text}`).toBe(201);
    }
  });

  it("E7 MEMBERSHIP_NUMBER_NAME_MISMATCH: another family name, or HOUSEHOLD for an individual account", async () => {
    for (const [account, familyName] of [
      [member1, "Sample"],
      [member1, "HOUSEHOLD"],
      [household, "Example"],
    ] as const) {
      expectServiceError(await postCredit({ account, body: creditBody({ person: { name: { familyName } } }) }), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "MEMBERSHIP_NUMBER_NAME_MISMATCH",
        path: "person.name.familyName",
        shape: "flat",
      });
    }
  });

  it("E7 DUPLICATE_TRANSACTION: an identifier used before, without Idempotency-Key, whatever the body", async () => {
    const body = creditBody();
    const first = await postCredit({ account: member1, body });
    expect(first.status).toBe(201);
    const afterFirst = await accountState(database.db(), member1);

    const bodies = [body, { ...body, monetaryAmount: { amount: "1", currency: { currencyCode: "POINTS" } } }];
    for (const again of bodies) {
      const answer = await postCredit({ account: member1, body: again });
      expectServiceError(answer, {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "DUPLICATE_TRANSACTION",
        path: "externalTransactionIdentifier",
        shape: "flat",
      });
      expect(answer.headers.get("idempotent-replayed")).toBeNull();
    }
    const afterAll = await accountState(database.db(), member1);
    expect(afterAll.balance).toBe(afterFirst.balance);
    expect(afterAll.journalCount).toBe(afterFirst.journalCount);
  });

  it("with Idempotency-Key, the same credit again answers the first time's answer and moves nothing", async () => {
    const body = creditBody();
    const headers = { "Idempotency-Key": `credit-${externalId()}` };
    const first = await postCredit({ account: member1, body, headers });
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const afterFirst = await accountState(database.db(), member1);
    const retry = await postCredit({ account: member1, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await accountState(database.db(), member1)).toEqual(afterFirst);
  });

  it("E7 ACCOUNT_INVALID: an account that does not exist, or is not active", async () => {
    for (const account of ["3081999999999999", "42", "3081000000000008", "3081000000000006"]) {
      expectServiceError(await postCredit({ account, body: creditBody() }), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "ACCOUNT_INVALID",
        shape: "flat",
      });
    }
  });

  it("E7 ACCOUNT_INVALID: a transaction date in the future, or not after the join date", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const date of [tomorrow, "2015-03-01", "2014-12-31T23:59:59Z"]) {
      expectServiceError(await postCredit({ account: member1, body: creditBody({ externalTransactionDate: date }) }), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "ACCOUNT_INVALID",
        path: "externalTransactionDate",
        shape: "flat",
      });
    }
    expect(
      (await postCredit({ account: member1, body: creditBody({ externalTransactionDate: "2015-03-01T09:00:00Z" }) }))
        .status,
    ).toBe(201);
  });

  it.each([
    [
      "a zero amount",
      { monetaryAmount: { amount: "0", currency: { currencyCode: "POINTS" } } },
      "monetaryAmount.amount",
    ],
    [
      "a negative amount",
      { monetaryAmount: { amount: "-5", currency: { currencyCode: "POINTS" } } },
      "monetaryAmount.amount",
    ],
    [
      "an amount above 6 digits",
      { monetaryAmount: { amount: "1000000", currency: { currencyCode: "POINTS" } } },
      "monetaryAmount.amount",
    ],
    [
      "a numeric amount",
      { monetaryAmount: { amount: 100, currency: { currencyCode: "POINTS" } } },
      "monetaryAmount.amount",
    ],
    [
      "a decimal amount",
      { monetaryAmount: { amount: "10.5", currency: { currencyCode: "POINTS" } } },
      "monetaryAmount.amount",
    ],
    [
      "a currency in lower case",
      { monetaryAmount: { amount: "10", currency: { currencyCode: "points" } } },
      "monetaryAmount.currency.currencyCode",
    ],
    ["a missing amount", { monetaryAmount: { currency: { currencyCode: "POINTS" } } }, "monetaryAmount.amount"],
    [
      "a missing currency code",
      { monetaryAmount: { amount: "10", currency: {} } },
      "monetaryAmount.currency.currencyCode",
    ],
    ["an external source over 10", { externalSource: "DEMOSHOPXYZ1" }, "externalSource"],
    ["a missing external source", { externalSource: undefined }, "externalSource"],
    ["a reference identifier over 10", { externalReferenceIdentifier: "ABCDEFGHIJK" }, "externalReferenceIdentifier"],
    ["a description with a space", { description: "HOTEL STAY" }, "description"],
    ["an empty description", { description: "" }, "description"],
    [
      "a transaction identifier with a slash",
      { externalTransactionIdentifier: "A/B" },
      "externalTransactionIdentifier",
    ],
    ["a missing transaction identifier", { externalTransactionIdentifier: undefined }, "externalTransactionIdentifier"],
    ["a bad transaction date", { externalTransactionDate: "15/01/2026" }, "externalTransactionDate"],
    ["a missing transaction date", { externalTransactionDate: undefined }, "externalTransactionDate"],
    ["another type", { type: "REDEMPTION" }, "type"],
    ["a missing type", { type: undefined }, "type"],
    ["a family name with digits", { person: { name: { familyName: "Ex4mple" } } }, "person.name.familyName"],
    ["a missing family name", { person: { name: { firstName: "Alex" } } }, "person.name.familyName"],
    [
      "a first name with digits",
      { person: { name: { firstName: "Al3x", familyName: "Example" } } },
      "person.name.firstName",
    ],
    ["a missing person", { person: undefined }, "person"],
    ["a channel over 3", { externalPartnerIdentifier: "WEBX" }, "externalPartnerIdentifier"],
    [
      "an unknown product type",
      { productSummary: [{ productInstanceIdentifier: "P1", productTypeSummary: "BOAT" }] },
      "productSummary[0].productTypeSummary",
    ],
  ])("E7 DATA_INVALID: %s", async (_label, overrides, path) => {
    const before = await accountState(database.db(), member1);
    expectServiceError(await postCredit({ account: member1, body: creditBody(overrides) }), { ...dataInvalid, path });
    expect((await accountState(database.db(), member1)).balance).toBe(before.balance);
  });

  it("E7 DATA_INVALID: invalid JSON, and an invalid X-Forwarded-For", async () => {
    expectServiceError(await postCredit({ account: member1, body: null, rawBody: "{not json" }), dataInvalid);
    expectServiceError(
      await postCredit({ account: member1, body: creditBody(), headers: { "X-Forwarded-For": "1.2.3" } }),
      dataInvalid,
    );
  });

  it("E7 INVALID_PROMOTER_CODE: crediting through a partner without an active programme", async () => {
    expectServiceError(await postCredit({ account: member1, body: creditBody(), apiKey: noProgrammeApiKey }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "INVALID_PROMOTER_CODE",
      shape: "flat",
    });
  });

  it("E7 PROGRAMME_INVALID: a programme credit does not serve", async () => {
    for (const programme of ["MERIDIAN", "ZEPHYR", "NOSUCH"]) {
      expectServiceError(await postCredit({ account: member1, programme, body: creditBody() }), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "PROGRAMME_INVALID",
        path: "programmeIdentifier",
        shape: "flat",
      });
    }
  });

  it("E7 405 HTTP_METHOD_NOT_SUPPORTED and 415 HEADER_INVALID", async () => {
    const method = await postCredit({ account: member1, body: creditBody(), method: "PUT" });
    expectServiceError(method, {
      status: 405,
      code: "REQUEST_INVALID",
      childCode: "HTTP_METHOD_NOT_SUPPORTED",
      shape: "flat",
    });
    expect(method.headers.get("allow")).toBe("POST");
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded"]) {
      expectServiceError(
        await postCredit({ account: member1, body: creditBody(), headers: { "Content-Type": contentType } }),
        {
          status: 415,
          code: "REQUEST_INVALID",
          childCode: "HEADER_INVALID",
          shape: "flat",
        },
      );
    }
  });

  it("never answers 5xx nor moves points for random bodies", async () => {
    const before = await accountState(database.db(), member1);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc.anything().map((value) => JSON.stringify(value) ?? "null"),
        ),
        async (raw) => {
          const answer = await postCredit({ account: member1, body: null, rawBody: raw });
          expect(answer.status).toBeLessThan(500);
          if (answer.status !== 201) errorBodySchema.parse(answer.json);
        },
      ),
      { numRuns: 150 },
    );
    const after = await accountState(database.db(), member1);
    expect(after.balance).toBe(before.balance);
    expect(after.journalCount).toBe(before.journalCount);
  });

  it("keeps every identifier unique per partner across accounts", async () => {
    const id = externalId("X");
    expect(
      (await postCredit({ account: member1, body: creditBody({ externalTransactionIdentifier: id }) })).status,
    ).toBe(201);
    expectServiceError(
      await postCredit({
        account: household,
        body: creditBody({ externalTransactionIdentifier: id, person: { name: { familyName: "Sample" } } }),
      }),
      {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "DUPLICATE_TRANSACTION",
        shape: "flat",
      },
    );
  });
});
