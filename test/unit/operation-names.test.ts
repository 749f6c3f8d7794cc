import { describe, expect, it } from "vitest";
import { loggedOperationId, operationNames, operationTitle } from "@/lib/contract/operation-names";
import { requestLogOperations } from "@/lib/contract/request-log";
import { filterCatalogue } from "@/lib/docs/errors/filter-codes";
import { documentedOperations, operationLabel as docsLabel } from "@/lib/docs/operations";
import { operationLabel as logLabel } from "@/lib/developers/request-log-view";
import { testingTimeExamples } from "@/lib/docs/guides/testing-time-examples";

describe("one name per operation", () => {
  it("the reference's summaries are the names of lib/contract/operation-names.ts", () => {
    for (const operation of documentedOperations) {
      expect(operation.summary, operation.id).toBe(operationNames[operation.id].name);
      expect(docsLabel(operation)).toBe(operationTitle(operation.id));
    }
  });

  it("the request log names a row as the docs do, telling P1's and P3's two operations apart by the path", () => {
    expect(logLabel("retrieve-programme", "/api/v1/programmes?location-identifier=ES")).toBe("List programmes · P1");
    expect(logLabel("retrieve-programme", "/api/v1/programmes/NORTHSTAR")).toBe("Retrieve a programme · P1");
    expect(logLabel("retrieve-transactions", "/api/v1/programmes/NORTHSTAR/accounts/transactions")).toBe(
      "List the member's transactions · P3",
    );
    expect(logLabel("retrieve-transactions", "/api/v1/programmes/NORTHSTAR/accounts/308/transactions")).toBe(
      "List an account's transactions · P3",
    );
    expect(logLabel("member-login", "/oauth/auth/login")).toBe("Member login · A1");
    expect(logLabel("retrieve-membership", "/api/v1/memberships/308")).toBe("Retrieve a membership");
    for (const operation of requestLogOperations) {
      if (operation !== "unknown-path") expect(loggedOperationId(operation, "/x"), operation).toBeDefined();
    }
  });
});

describe("the error catalogue's filter", () => {
  const lines = [
    { code: "BALANCE_INSUFFICIENT", anchor: "a", href: "/a", statuses: [400], message: "Not enough points." },
    { code: "SYSTEM_UNAVAILABLE", anchor: "b", href: "/b", statuses: [503], message: "Try again later." },
    { code: "TOKEN_EXPIRED", anchor: "c", href: "/c", statuses: [401], message: "The token has expired." },
  ];
  it("keeps the lines holding every word typed, in the code or its message, and of the status chosen", () => {
    expect(filterCatalogue(lines, "").map((line) => line.code)).toHaveLength(3);
    expect(filterCatalogue(lines, "balance insufficient").map((line) => line.code)).toEqual(["BALANCE_INSUFFICIENT"]);
    expect(filterCatalogue(lines, "  AGAIN ").map((line) => line.code)).toEqual(["SYSTEM_UNAVAILABLE"]);
    expect(filterCatalogue(lines, "token", 503)).toEqual([]);
    expect(filterCatalogue(lines, "", 401).map((line) => line.code)).toEqual(["TOKEN_EXPIRED"]);
  });
});

describe("the Testing time guide's examples", () => {
  it("read the clock's header and name the window's refusal, in curl and TypeScript", () => {
    const examples = testingTimeExamples("http://localhost:3000");
    expect(examples.curlReverse).toContain("x-sandbox-time");
    expect(examples.curlReverse).toContain("reverse-transaction-requests");
    expect(examples.typescript).toContain('response.headers.get("X-Sandbox-Time")');
    expect(examples.typescript).toContain("REVERSAL_NO_LONGER_PERMITTED");
    expect(examples.curlDebit).toContain("Idempotency-Key");
  });
});
