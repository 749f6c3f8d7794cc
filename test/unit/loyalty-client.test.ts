import { describe, expect, it } from "vitest";
import { LoyaltyApiError, LoyaltyContractError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import { createLoyaltyClient } from "@/lib/loyalty-client/loyalty-client";

interface Captured {
  url: URL;
  init: RequestInit;
}

function clientAnswering(status: number, body: unknown, captured: Captured[] = []) {
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    captured.push({ url: new URL(String(input)), init: init ?? {} });
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    });
  };
  return createLoyaltyClient({
    baseUrl: "https://loyalty.example/api/",
    apiKey: "SBX0DEMO0PARTNER00000001",
    applicationName: "PARTNERPORTAL",
    timeoutMs: 1_000,
    fetch: fakeFetch as typeof fetch,
  });
}

describe("the loyalty client", () => {
  it("sends the api_key, the token, the customer's address and the agent; returns the validated body", async () => {
    const captured: Captured[] = [];
    const client = clientAnswering(200, { balance: { amount: 12, currency: { currencyCode: "POINTS" } } }, captured);
    const account = await client.retrieveAccount(
      "NORTHSTAR",
      "3081000000000001",
      { accessToken: "tok", customerIp: "203.0.113.9", agentId: "agent 7" },
      ["Balance"],
    );
    expect(account.balance?.amount).toBe(12);
    const [request] = captured;
    expect(request?.url.pathname).toBe("/api/v2/programmes/NORTHSTAR/accounts/3081000000000001");
    expect(request?.url.searchParams.get("api_key")).toBe("SBX0DEMO0PARTNER00000001");
    expect(request?.url.searchParams.get("fields")).toBe("Balance");
    const headers = request?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer tok");
    expect(headers["X-Forwarded-For"]).toBe("203.0.113.9");
    expect(headers["X-Agent-Id"]).toBe("agent7");
  });

  it("sends the Idempotency-Key as the IETF draft writes it (a quoted string), only when given", async () => {
    const captured: Captured[] = [];
    const client = clientAnswering(400, { error: { code: "BALANCE_INSUFFICIENT", businessMessage: "no" } }, captured);
    const context = { accessToken: "t", idempotencyKey: 'order-42/debit "1"' };
    await client.debitAccount("NORTHSTAR", "1", {} as never, context).catch(() => undefined);
    await client.reverseTransaction("NORTHSTAR", "1", {} as never, { accessToken: "t" }).catch(() => undefined);
    expect((captured[0]?.init.headers as Record<string, string>)["Idempotency-Key"]).toBe('"order-42/debit \\"1\\""');
    expect((captured[1]?.init.headers as Record<string, string>)["Idempotency-Key"]).toBeUndefined();
  });

  it("reads the partner's request log with its filters, and validates the page it gets", async () => {
    const captured: Captured[] = [];
    const entry = {
      requestId: "3f2c8a1e-5b7d-4c9a-8e21-6d0f4b3a9c57",
      operation: "retrieve-programme",
      method: "GET",
      path: "/api/v1/programmes/NOSUCH",
      status: 400,
      errorCode: "PROGRAMME_NOT_FOUND",
      durationMs: 2.5,
      requestedAt: "2026-11-22T10:00:00.000Z",
    };
    const client = clientAnswering(200, { page: 2, pageSize: 10, hasMore: false, requests: [entry] }, captured);
    const log = await client.retrieveRequestLog({
      operation: "retrieve-programme",
      status: "4xx",
      requestId: entry.requestId,
      page: 2,
      pageSize: 10,
    });
    expect(log.requests).toEqual([entry]);
    const url = captured[0]!.url;
    expect(url.pathname).toBe("/api/v1/partner/requests");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      operation: "retrieve-programme",
      status: "4xx",
      "request-id": entry.requestId,
      page: "2",
      "page-size": "10",
      api_key: "SBX0DEMO0PARTNER00000001",
    });
    await expect(clientAnswering(200, { requests: "nope" }).retrieveRequestLog()).rejects.toBeInstanceOf(
      LoyaltyContractError,
    );
  });

  it("sends svc_client_applicationName on the primary transactions variant only", async () => {
    const captured: Captured[] = [];
    const client = clientAnswering(200, {}, captured);
    await client.retrieveTransactions(
      "primary",
      "NORTHSTAR",
      "1",
      { startRecord: 1, endRecord: 5 },
      { accessToken: "t" },
    );
    await client.retrieveTransactions("other", "MERIDIAN", "3081000000000009", {}, { accessToken: "t" });
    expect((captured[0]?.init.headers as Record<string, string>).svc_client_applicationName).toBe("PARTNERPORTAL");
    expect(captured[0]?.url.pathname).toBe("/api/v1/programmes/NORTHSTAR/accounts/transactions");
    expect(captured[0]?.url.searchParams.get("end-record")).toBe("5");
    expect((captured[1]?.init.headers as Record<string, string>).svc_client_applicationName).toBeUndefined();
    expect(captured[1]?.url.pathname).toBe("/api/v1/programmes/MERIDIAN/accounts/3081000000000009/transactions");
  });

  it("turns flat and wrapped error bodies into typed errors with field paths", async () => {
    const child = {
      code: "DATA_INVALID",
      path: "member.dateOfBirth",
      businessMessage: "b",
      developerMessage: "bad date",
      developerLink: "l",
    };
    const flat = clientAnswering(400, {
      code: "REQUEST_INVALID",
      businessMessage: "b",
      developerLink: "l",
      childError: [child],
    });
    const error = await flat.updateMembership("1", {}, { accessToken: "t" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LoyaltyApiError);
    expect((error as LoyaltyApiError).has("DATA_INVALID")).toBe(true);
    expect((error as LoyaltyApiError).fieldErrors()).toEqual({ "member.dateOfBirth": "bad date" });

    const wrapped = clientAnswering(400, {
      error: { code: "BALANCE_INSUFFICIENT", businessMessage: "no", developerLink: "l" },
    });
    const refusal = await wrapped
      .debitAccount("NORTHSTAR", "1", {} as never, { accessToken: "t" })
      .catch((caught: unknown) => caught);
    expect((refusal as LoyaltyApiError).code).toBe("BALANCE_INSUFFICIENT");
    expect((refusal as LoyaltyApiError).status).toBe(400);
  });

  it("refuses answers that break the contract", async () => {
    const client = clientAnswering(200, { balance: { amount: "lots" } });
    await expect(client.retrieveAccount("NORTHSTAR", "1", { accessToken: "t" })).rejects.toBeInstanceOf(
      LoyaltyContractError,
    );
    const html = clientAnswering(502, "<html>");
    await expect(html.retrieveProgrammes()).rejects.toBeInstanceOf(LoyaltyContractError);
  });

  it("reports a service that cannot be reached", async () => {
    const client = createLoyaltyClient({
      baseUrl: "http://127.0.0.1:1/api",
      apiKey: "SBX0DEMO0PARTNER00000001",
      applicationName: "PARTNERPORTAL",
      timeoutMs: 500,
    });
    await expect(client.retrieveProgrammes()).rejects.toBeInstanceOf(LoyaltyUnavailableError);
  });

  it("accepts the empty 201 and 204 of register and update", async () => {
    await expect(clientAnswering(201, undefined).registerAccount("1", {})).resolves.toBeUndefined();
    await expect(
      clientAnswering(204, undefined).updateMembership("1", {}, { accessToken: "t" }),
    ).resolves.toBeUndefined();
  });
});
