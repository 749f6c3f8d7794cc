import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { registerAccount as membershipRegistrationsRoute } from "@/server/loyalty/operations/register-account";
import { membershipResource as membershipRoute } from "@/server/loyalty/operations/update-membership";
import { retrieveRequestLog as requestLogRoute } from "@/server/loyalty/operations/retrieve-request-log";
import { retrieveProductPrices as productPricesRoute } from "@/server/loyalty/operations/retrieve-product-prices";
import { creditCurrency as creditRoute } from "@/server/loyalty/operations/credit-currency";
import { debitCurrency as debitRoute } from "@/server/loyalty/operations/debit-currency";
import { reverseTransaction as reverseRoute } from "@/server/loyalty/operations/reverse-transaction";
import { retrieveAccount as accountRoute } from "@/server/loyalty/operations/retrieve-account";
import { retrieveAccountTransactions as accountTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { retrieveOwnTransactions as ownTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { retrieveProgrammeByIdentifier as programmeRoute } from "@/server/loyalty/operations/retrieve-programme";
import { retrieveProgrammeList as programmesRoute } from "@/server/loyalty/operations/retrieve-programme";
import { anchorOf, catalogueEntries, type CatalogueEntry } from "@/lib/docs/errors/catalogue";
import { errorDocOf } from "@/lib/docs/errors/error-docs";
import { documentedOperation, documentedOperations } from "@/lib/docs/operations";
import type { OperationId } from "@/lib/docs/operations/types";
import { rowsOf } from "@/server/db/rows";
import { flushRequestLog } from "@/server/loyalty/request-log/request-log-buffer";
import { callRoute, demoApiKey, demoLiveApiKey, origin, withKey } from "../support/call-route";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

const member = "3081000000000001";
const programme = { programmeIdentifier: "NORTHSTAR" };
const account = { ...programme, accountIdentifier: member };

/** Each documented operation: its route and a request to it (version from the docs). */
const requests: Record<OperationId, { route: object; path: string; params: Record<string, string> }> = {
  retrieveProgrammeList: { route: programmesRoute, path: "/programmes", params: {} },
  retrieveProgramme: { route: programmeRoute, path: "/programmes/NORTHSTAR", params: programme },
  retrieveAccount: { route: accountRoute, path: `/programmes/NORTHSTAR/accounts/${member}`, params: account },
  retrieveOwnTransactions: {
    route: ownTransactionsRoute,
    path: "/programmes/NORTHSTAR/accounts/transactions",
    params: programme,
  },
  retrieveAccountTransactions: {
    route: accountTransactionsRoute,
    path: `/programmes/NORTHSTAR/accounts/${member}/transactions`,
    params: account,
  },
  creditCurrency: {
    route: creditRoute,
    path: `/programmes/NORTHSTAR/accounts/${member}/credit-transaction-requests`,
    params: account,
  },
  debitCurrency: {
    route: debitRoute,
    path: `/programmes/NORTHSTAR/accounts/${member}/debit-transaction-requests`,
    params: account,
  },
  reverseTransaction: {
    route: reverseRoute,
    path: `/programmes/NORTHSTAR/accounts/${member}/reverse-transaction-requests`,
    params: account,
  },
  registerAccount: {
    route: membershipRegistrationsRoute,
    path: `/memberships/${member}/registrations`,
    params: { membershipIdentifier: member },
  },
  updateMembership: {
    route: membershipRoute,
    path: `/memberships/${member}`,
    params: { membershipIdentifier: member },
  },
  retrieveMembership: {
    route: membershipRoute,
    path: `/memberships/${member}`,
    params: { membershipIdentifier: member },
  },
  retrieveProductPrices: { route: productPricesRoute, path: "/product-prices", params: {} },
  retrieveRequestLog: { route: requestLogRoute, path: "/partner/requests", params: {} },
};

function send(id: OperationId, apiKey: string, scenario?: string) {
  const operation = documentedOperation(id);
  const request = requests[id];
  const version = operation.versions[0]!;
  const method = operation.method.toUpperCase();
  return callRoute(request.route, {
    method,
    url: withKey(`/api/${version}${request.path}`, apiKey),
    params: { version, ...request.params },
    headers: {
      ...(scenario === undefined ? {} : { "X-Sandbox-Scenario": scenario }),
      ...(method === "GET" ? {} : { "Content-Type": "application/json" }),
    },
    body: method === "GET" ? undefined : "{}",
  });
}

function inScope(entry: CatalogueEntry, id: OperationId): boolean {
  const scope = errorDocOf(entry.name, entry.message).scope;
  return scope === "every" || (Array.isArray(scope) && scope.includes(id));
}

const pairs = documentedOperations.flatMap((operation) =>
  catalogueEntries.filter((entry) => inScope(entry, operation.id)).map((entry) => ({ operation, entry })),
);

async function ledgerState() {
  const result = await database.db().execute(
    sql`select (select coalesce(sum(balance), 0) from loyalty.accounts)::text as balances,
               (select count(*) from loyalty.transactions)::text as entries`,
  );
  return rowsOf<{ balances: string; entries: string }>(result)[0];
}

describe("X-Sandbox-Scenario on a staging key: every (operation, error) pair of the catalogue", () => {
  let before: unknown;
  beforeAll(async () => {
    before = await ledgerState();
  });

  it("covers every operation and a pair for each catalogue entry that names an operation", () => {
    expect(new Set(pairs.map((pair) => pair.operation.id)).size).toBe(documentedOperations.length);
    const named = catalogueEntries.filter((entry) => errorDocOf(entry.name, entry.message).scope !== "unknown-path");
    for (const entry of named)
      expect(
        pairs.some((pair) => pair.entry.name === entry.name),
        entry.name,
      ).toBe(true);
  });

  it.each(pairs.map((pair) => [pair.operation.id, pair.entry.name, pair] as const))(
    "%s answers %s exactly as catalogued",
    async (_id, _name, { operation, entry }) => {
      const answer = await send(operation.id, demoApiKey, entry.name);
      expect(answer.status, answer.text).toBe(entry.status);
      const wrapped = entry.gateway || operation.errorShape === "wrapped";
      const body = (wrapped ? (answer.json as { error: unknown }).error : answer.json) as Record<string, unknown>;
      expect(wrapped ? Object.keys(answer.json as object) : ["code"]).toEqual(wrapped ? ["error"] : ["code"]);
      expect(body.code).toBe(entry.code);
      expect(body.developerLink).toBe(`${origin}/docs/api/errors#${anchorOf(entry.code)}`);
      expect(body.businessMessage).toBe(entry.message);
      const children = body.childError as { code: string; developerLink: string }[] | undefined;
      if (entry.childCode) {
        expect(children?.map((child) => child.code)).toEqual([entry.childCode]);
        expect(children?.[0]?.developerLink).toBe(`${origin}/docs/api/errors#${anchorOf(entry.childCode)}`);
      } else {
        expect(children).toBeUndefined();
      }
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it("changes no balance and writes no journal entry", async () => {
    expect(await ledgerState()).toEqual(before);
  });
});

describe("X-Sandbox-Scenario refusals and live keys", () => {
  it("refuses a name the operation cannot answer, naming those it can, without echoing the value", async () => {
    const answer = await send("retrieveProgrammeList", demoApiKey, "BALANCE_INSUFFICIENT");
    expect(answer.status).toBe(400);
    const body = answer.json as { code: string; childError: { code: string }[]; developerMessage: string };
    expect(body.code).toBe("REQUEST_INVALID");
    expect(body.childError[0]!.code).toBe("DATA_INVALID");
    expect(body.developerMessage).toContain("X-Sandbox-Scenario");
    expect(body.developerMessage).toContain("NOT_ACCEPTABLE");
    expect(body.developerMessage).not.toContain("BALANCE_INSUFFICIENT");

    const unknown = await send("debitCurrency", demoApiKey, "<script>NO_SUCH_ERROR");
    expect(unknown.status).toBe(400);
    expect(unknown.text).not.toContain("NO_SUCH_ERROR");
    expect(unknown.text).toContain("BALANCE_INSUFFICIENT");
  });

  it("on a live key the header changes nothing: every operation answers as without it", async () => {
    for (const operation of documentedOperations) {
      const plain = await send(operation.id, demoLiveApiKey);
      const withHeader = await send(operation.id, demoLiveApiKey, "BALANCE_INSUFFICIENT");
      expect([withHeader.status, operation.id]).toEqual([plain.status, operation.id]);
      const strip = (text: string) =>
        text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID");
      expect(strip(withHeader.text)).toBe(strip(plain.text));
    }
  });

  it("the request log records the forced answer with its scenario and redacted bodies", async () => {
    const answer = await send("debitCurrency", demoApiKey, "BALANCE_INSUFFICIENT");
    await flushRequestLog();
    const requestId = answer.headers.get("x-request-id")!;
    const [row] = rowsOf<{ scenario: string; response_body: unknown; error_code: string }>(
      await database
        .db()
        .execute(
          sql`select scenario, response_body, error_code from loyalty.request_log where request_id = ${requestId}::uuid`,
        ),
    );
    expect(row).toMatchObject({ scenario: "BALANCE_INSUFFICIENT", error_code: "BALANCE_INSUFFICIENT" });
    expect(JSON.stringify(row!.response_body)).toContain("BALANCE_INSUFFICIENT");
  });
});
