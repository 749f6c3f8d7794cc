import { and, desc, eq, gte, lt } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { retrieveOwnTransactions as ownRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { retrieveAccountTransactions as accountRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { retrieveOwnTransactions as testOwnRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { transactionsResponseSchema, type TransactionsResponse } from "@/lib/contract/retrieve-transactions";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { seededMoment } from "@/server/loyalty/sandbox/seed-transactions";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member1 = "3081000000000001";
const meridianMember = "3081000000000009";
const applicationName = { svc_client_applicationName: "PARTNERPORTAL" };
let token: string;
let meridianToken: string;
// The moment the seeded histories count back from (partners are stamped with it), rather than today: a run
// that passes midnight UTC after the run's database was seeded would otherwise be a day out.
let seededAt: Date;

beforeAll(async () => {
  token = await issueMemberToken(database.db(), member1);
  meridianToken = await issueMemberToken(database.db(), meridianMember);
  const [demo] = await database
    .db()
    .select({ createdAt: partners.createdAt })
    .from(partners)
    .where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  seededAt = demo!.createdAt;
});

/** The UTC date `daysAgo` days before the seed, as the seed dates its histories. */
const seededDaysAgo = (daysAgo: number) => seededMoment(seededAt, daysAgo, 0).toISOString().slice(0, 10);

function own(
  query = "",
  options: {
    token?: string | null;
    headers?: Record<string, string>;
    programme?: string;
    method?: string;
    testPath?: boolean;
  } = {},
) {
  const programme = options.programme ?? "NORTHSTAR";
  const bearer = options.token === undefined ? token : options.token;
  const prefix = options.testPath ? "/api/test" : "/api";
  return callRoute(options.testPath ? testOwnRoute : ownRoute, {
    method: options.method,
    url: withKey(`${prefix}/v1/programmes/${programme}/accounts/transactions${query}`),
    params: { version: "v1", programmeIdentifier: programme },
    headers: {
      ...applicationName,
      ...(bearer === null ? {} : { Authorization: `Bearer ${bearer}` }),
      ...options.headers,
    },
  });
}

function ofAccount(
  account: string,
  programme: string,
  query = "",
  options: { token?: string; headers?: Record<string, string> } = {},
) {
  return callRoute(accountRoute, {
    url: withKey(`/api/v1/programmes/${programme}/accounts/${account}/transactions${query}`),
    params: { version: "v1", programmeIdentifier: programme, accountIdentifier: account },
    headers: { Authorization: options.token ?? meridianToken, ...options.headers },
  });
}

function items(json: unknown): NonNullable<TransactionsResponse["transaction"]> {
  return transactionsResponseSchema.strict().parse(json).transaction ?? [];
}

function identifiers(json: unknown): string[] {
  return items(json).map((item) =>
    "debitTransaction" in item ? item.debitTransaction.identifier : item.creditTransaction.identifier,
  );
}

/** The journal of a member as stored, latest first, without the debits too large to retrieve. */
async function storedJournal(membershipNumber: string, range: { from?: Date; before?: Date } = {}) {
  const db = database.db();
  const rows = await db
    .select({
      identifier: transactions.identifier,
      kind: transactions.kind,
      delta: transactions.pointsDelta,
      dateMade: transactions.dateMade,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(members, eq(members.id, accounts.memberId))
    .where(
      and(
        eq(members.membershipNumber, membershipNumber),
        range.from ? gte(transactions.dateMade, range.from) : undefined,
        range.before ? lt(transactions.dateMade, range.before) : undefined,
      ),
    )
    .orderBy(desc(transactions.dateMade), desc(transactions.id));
  return rows.filter((row) => !(row.kind === "DEBIT" && row.delta < -999_999n));
}

describe("P3 retrieve transactions: primary-programme variant", () => {
  it("returns the 20 latest transactions by default, latest first, in the contract's shape", async () => {
    const answer = await own();
    expect(answer.status).toBe(200);
    const journal = await storedJournal(member1);
    expect(identifiers(answer.json)).toEqual(journal.slice(0, 20).map((row) => row.identifier));
  });

  it("tells credits and debits apart, with posted dates, amounts and references", async () => {
    const list = items((await own("?start-record=1&end-record=20")).json);
    const credit = list.find(
      (item) => "creditTransaction" in item && item.creditTransaction.identifier === "SBXCREDIT0001",
    );
    expect(credit).toMatchObject({
      creditTransaction: {
        amount: { amount: 2000, formattedAmount: "2000", currency: { currencyCode: "POINTS" } },
        externalSource: "DEMOSHOP",
      },
    });
    const tenDaysAgo = seededDaysAgo(10);
    expect(credit && "creditTransaction" in credit ? credit.creditTransaction.dateMade : "").toBe(tenDaysAgo);
    const debit = list.find((item) => "debitTransaction" in item);
    expect(
      debit && "debitTransaction" in debit ? debit.debitTransaction.externalReferenceIdentifier : undefined,
    ).toMatch(/^[A-Za-z0-9]{1,10}$/);
  });

  it("counts start-record and end-record from the latest transaction", async () => {
    const journal = await storedJournal(member1);
    expect(identifiers((await own("?start-record=3&end-record=7")).json)).toEqual(
      journal.slice(2, 7).map((row) => row.identifier),
    );
    expect(identifiers((await own("?end-record=2")).json)).toEqual(journal.slice(0, 2).map((row) => row.identifier));
  });

  it("never returns a debit above 6 digits", async () => {
    const all = [...identifiers((await own("?start-record=1&end-record=20")).json)];
    const older = await own(`?date-made-to=${seededDaysAgo(150)}`);
    all.push(...identifiers(older.json));
    expect(all).not.toContain("SBXBIGDEBIT0001");
    expect(identifiers(older.json).length).toBeGreaterThan(0);
  });

  it("filters by date, the end day excluded", async () => {
    const day = seededDaysAgo;
    const from = day(45);
    const to = day(10);
    const answer = await own(`?date-made-from=${from}&date-made-to=${to}`);
    const expected = await storedJournal(member1, {
      from: new Date(`${from}T00:00:00Z`),
      before: new Date(`${to}T00:00:00Z`),
    });
    expect(identifiers(answer.json)).toEqual(expected.map((row) => row.identifier));
    expect(identifiers(answer.json)).toContain("SBXOLDDEBIT0001");
    expect(identifiers(answer.json)).not.toContain("SBXCREDIT0001");
    const inclusive = await own(`?date-made-from=${from}&date-made-to=${day(9)}`);
    expect(identifiers(inclusive.json)).toContain("SBXCREDIT0001");
  });

  it("omits `transaction` when nothing matches", async () => {
    const answer = await own("?date-made-from=2001-01-01&date-made-to=2001-02-01");
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({});
    const emptyMember = "3081000000000010";
    const empty = await own("", { token: await issueMemberToken(database.db(), emptyMember) });
    expect(empty.json).toEqual({});
  });

  it("accepts external-source and ignores it", async () => {
    expect(identifiers((await own("?external-source=elsewhere")).json)).toEqual(identifiers((await own()).json));
  });

  it("answers under the /test/ prefix", async () => {
    expect(identifiers((await own("", { testPath: true })).json)).toEqual(identifiers((await own()).json));
  });

  it("serves the sample URL with the member's own account in the path", async () => {
    const answer = await ofAccount(member1, "NORTHSTAR", "", { token: `Bearer ${token}`, headers: applicationName });
    expect(identifiers(answer.json)).toEqual(identifiers((await own()).json));
  });

  it.each([
    ["end-record above 20", "?end-record=21"],
    ["start-record 0", "?start-record=0&end-record=5"],
    ["a negative start-record", "?start-record=-1&end-record=5"],
    ["a negative end-record", "?end-record=-5"],
    ["a non-numeric end-record", "?end-record=ten"],
    ["a bad date", "?date-made-from=2026-13-01"],
    ["a date in another format", "?date-made-to=01/02/2026"],
    ["external-source over 10 characters", "?external-source=ABCDEFGHIJK"],
    ["a parameter name not in lower case", "?Start-Record=1&end-record=3"],
    ["a parameter sent twice", "?end-record=3&end-record=4"],
  ])("E6 DATA_INVALID for %s", async (_label, query) => {
    expectServiceError(await own(query), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "wrapped",
    });
  });

  it("E6 DATA_INVALID for an invalid X-Forwarded-For", async () => {
    expectServiceError(await own("", { headers: { "X-Forwarded-For": "10.0.0.1 10.0.0.2" } }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "wrapped",
    });
  });

  it("E6 DATE_RANGE_INVALID when date-made-from is later than date-made-to", async () => {
    expectServiceError(await own("?date-made-from=2026-05-02&date-made-to=2026-05-01"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATE_RANGE_INVALID",
      shape: "wrapped",
    });
  });

  it.each(["?start-record=5&end-record=4", "?start-record=5&end-record=5", "?start-record=20"])(
    "E6 RECORD_RANGE_INVALID for %s",
    async (query) => {
      expectServiceError(await own(query), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "RECORD_RANGE_INVALID",
        shape: "wrapped",
      });
    },
  );

  it("E6 401 DATA_INVALID for an Authorization header with an empty value", async () => {
    const answer = await callRoute(ownRoute, {
      url: withKey("/api/v1/programmes/NORTHSTAR/accounts/transactions"),
      params: { version: "v1", programmeIdentifier: "NORTHSTAR" },
      headers: { ...applicationName, Authorization: "" },
    });
    expectServiceError(answer, {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "DATA_INVALID",
      shape: "wrapped",
    });
  });

  it.each([
    ["a missing token", { token: null }],
    ["an invalid token", { token: "abc.def.ghi" }],
    ["another programme than the primary one", { programme: "MERIDIAN" }],
    ["an unknown programme", { programme: "ZEPHYR" }],
  ] as const)("E6 401 TOKEN_INVALID for %s", async (_label, options) => {
    expectServiceError(await own("", options), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "TOKEN_INVALID",
      shape: "wrapped",
    });
  });

  it("E6 401 TOKEN_INVALID for an expired token", async () => {
    const expired = await issueMemberToken(database.db(), member1);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    try {
      expectServiceError(await own("", { token: expired }), {
        status: 401,
        code: "REQUEST_UNAUTHORIZED",
        childCode: "TOKEN_INVALID",
        shape: "wrapped",
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("requires svc_client_applicationName with the registered value", async () => {
    for (const headers of [{ svc_client_applicationName: "OTHERAPP" }]) {
      expectServiceError(await own("", { headers }), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "DATA_INVALID",
        shape: "wrapped",
      });
    }
    const missing = await callRoute(ownRoute, {
      url: withKey("/api/v1/programmes/NORTHSTAR/accounts/transactions"),
      params: { version: "v1", programmeIdentifier: "NORTHSTAR" },
      headers: { Authorization: `Bearer ${token}` },
    });
    expectServiceError(missing, { status: 400, code: "REQUEST_INVALID", childCode: "DATA_INVALID", shape: "wrapped" });
  });

  it("never shows one member's transactions with another's token", async () => {
    const answer = await ofAccount("3081000000000002", "NORTHSTAR", "", {
      token: `Bearer ${token}`,
      headers: applicationName,
    });
    expectServiceError(answer, { status: 401, code: "REQUEST_UNAUTHORIZED", shape: "wrapped" });
    expect(answer.text).not.toContain("SBX3081000000000002");
  });
});

describe("P3 retrieve transactions: other variant (further programmes)", () => {
  it("returns the member's 12 transactions with date-times, with a bare JWT in Authorization", async () => {
    const answer = await ofAccount(meridianMember, "MERIDIAN");
    expect(answer.status).toBe(200);
    const list = items(answer.json);
    expect(list).toHaveLength(12);
    const journal = await storedJournal(meridianMember);
    expect(identifiers(answer.json)).toEqual(journal.map((row) => row.identifier));
    for (const item of list) {
      const transaction = "debitTransaction" in item ? item.debitTransaction : item.creditTransaction;
      expect(transaction.dateMade).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d+(Z|[+-]\d{2}:\d{2})$/);
      if ("debitTransaction" in item) expect(item.debitTransaction.externalReferenceIdentifier).toBeTruthy();
    }
  });

  it("accepts a record range up to 99999", async () => {
    const answer = await ofAccount(meridianMember, "MERIDIAN", "?start-record=2&end-record=99999");
    expect(items(answer.json)).toHaveLength(11);
    expectServiceError(await ofAccount(meridianMember, "MERIDIAN", "?end-record=100000"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "wrapped",
    });
  });

  it("does not need svc_client_applicationName", async () => {
    expect((await ofAccount(meridianMember, "MERIDIAN")).status).toBe(200);
  });

  it("refuses another member's account and a primary-programme token on a further programme", async () => {
    expectServiceError(await ofAccount("3081000000000001", "MERIDIAN"), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      shape: "wrapped",
    });
    expectServiceError(await ofAccount(meridianMember, "MERIDIAN", "", { token: `Bearer ${token}` }), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      shape: "wrapped",
    });
  });

  it("E6 DATA_INVALID for an account identifier that is not numeric", async () => {
    expectServiceError(await ofAccount("ABC", "MERIDIAN"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "accountIdentifier",
      shape: "wrapped",
    });
  });
});
