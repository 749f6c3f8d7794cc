import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unknownPartnerPath as unknownRoute } from "@/server/loyalty/http/partner-operation";
import { retrieveRequestLog as requestsRoute } from "@/server/loyalty/operations/retrieve-request-log";
import { retrieveProgrammeList as listRoute } from "@/server/loyalty/operations/retrieve-programme";
import { retrieveProgrammeByIdentifier as singleRoute } from "@/server/loyalty/operations/retrieve-programme";
import { debitCurrency as debitRoute } from "@/server/loyalty/operations/debit-currency";
import { requestLogResponseSchema, type RequestLogResponse } from "@/lib/contract/request-log";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { requestLog } from "@/server/loyalty/request-log/request-log-tables";
import { purgeRequestLog } from "@/server/loyalty/maintenance/purge-request-log";
import { loadConsoleRequestLog } from "@/server/loyalty/developers/console-request-log";
import { bufferRequestLogRow, flushRequestLog } from "@/server/loyalty/request-log/request-log-buffer";
import { callRoute, demoApiKey, demoLiveApiKey, noProgrammeApiKey, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();

function programme(identifier: string, apiKey = demoApiKey, extraQuery = "") {
  return callRoute(singleRoute, {
    url: withKey(`/api/v1/programmes/${identifier}${extraQuery}`, apiKey),
    params: { version: "v1", programmeIdentifier: identifier },
  });
}

async function readLog(query = "", apiKey = demoApiKey): Promise<RequestLogResponse> {
  const answer = await callRoute(requestsRoute, {
    url: withKey(`/api/v1/partner/requests${query}`, apiKey),
    params: { version: "v1" },
  });
  expect(answer.status, answer.text).toBe(200);
  return requestLogResponseSchema.strict().parse(answer.json);
}

const rowsOf = async (requestId: string) =>
  database.db().select().from(requestLog).where(eq(requestLog.requestId, requestId));

const debitPath = "/api/v1/programmes/NORTHSTAR/accounts/3081000000000001/debit-transaction-requests";
const debitParams = { version: "v1", programmeIdentifier: "NORTHSTAR", accountIdentifier: "3081000000000001" };

describe("the partner's request log", () => {
  it("records a refused P1 call with its request id, status and error codes, and finds it by that id", async () => {
    const answer = await programme("NOSUCHPROGRAMME");
    expect(answer.status).toBe(400);
    const requestId = answer.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const log = await readLog(`?request-id=${requestId}`);
    expect(log.requests).toHaveLength(1);
    const [entry] = log.requests;
    expect(entry).toMatchObject({
      requestId,
      operation: "retrieve-programme",
      method: "GET",
      path: "/api/v1/programmes/NOSUCHPROGRAMME",
      status: 400,
      errorCode: "PROGRAMME_NOT_FOUND",
    });
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Math.abs(Date.parse(entry!.requestedAt) - Date.now())).toBeLessThan(60_000);
    // The id is found in any case, as a partner may paste it.
    expect((await readLog(`?request-id=${requestId.toUpperCase()}`)).requests).toHaveLength(1);
  });

  it("shows the developer console a request answered a moment before, still waiting in the buffer", async () => {
    const answer = await programme("NOSUCHCONSOLE");
    const requestId = answer.headers.get("x-request-id")!;
    expect(await rowsOf(requestId)).toHaveLength(0);
    const [demoPartner] = await database
      .db()
      .select()
      .from(partners)
      .where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    const view = await loadConsoleRequestLog(database.db(), demoPartner!, { "request-id": requestId });
    expect(view.kind).toBe("found");
    expect(view.kind === "found" && view.entries.map((entry) => entry.requestId)).toEqual([requestId]);
  });

  it("writes off the response path: the row waits in the buffer until the batch is flushed", async () => {
    const answer = await programme("NORTHSTAR");
    const requestId = answer.headers.get("x-request-id")!;
    expect(await rowsOf(requestId)).toHaveLength(0);
    await flushRequestLog();
    const [row] = await rowsOf(requestId);
    expect(row).toMatchObject({ status: 200, operation: "retrieve-programme", environment: "staging" });
    expect(row!.errorCode).toBeNull();
  });

  it("keeps no key or secret: api_key and credential-like parameters are dropped, unknown ones lose their value", async () => {
    const answer = await callRoute(listRoute, {
      url: withKey(
        "/api/v1/programmes?membership-identifier=3081000000000001&client_secret=hunter2&access_token=abc&Start-Record=5",
      ),
      params: { version: "v1" },
    });
    await flushRequestLog();
    const [row] = await rowsOf(answer.headers.get("x-request-id")!);
    expect(row!.path).toBe("/api/v1/programmes?membership-identifier=3081000000000001&Start-Record=[removed]");
    const everything = JSON.stringify(await database.db().select({ path: requestLog.path }).from(requestLog));
    for (const secret of [demoApiKey, "hunter2", "access_token", "client_secret"])
      expect(everything).not.toContain(secret);
  });

  it("records the first child code, and requests to paths no operation serves", async () => {
    const malformed = await programme("NORTH1");
    const unknown = await callRoute(unknownRoute, {
      url: withKey("/api/v1/nothing-here"),
      params: { version: "v1", path: ["nothing-here"] },
    });
    expect(unknown.status).toBe(404);
    await flushRequestLog();
    const [malformedRow] = await rowsOf(malformed.headers.get("x-request-id")!);
    expect(malformedRow).toMatchObject({ status: 400, errorCode: "REQUEST_INVALID", childErrorCode: "DATA_INVALID" });
    const [unknownRow] = await rowsOf(unknown.headers.get("x-request-id")!);
    expect(unknownRow).toMatchObject({ operation: "unknown-path", status: 404, errorCode: "RESOURCE_NOT_FOUND" });
  });

  it("records nothing for an unknown api_key, and nothing for reads of the log itself", async () => {
    const stranger = await programme("NORTHSTAR", "ABCDEFGHIJKLMNOPQRSTUVWX");
    expect(stranger.status).toBe(401);
    const read = await callRoute(requestsRoute, {
      url: withKey("/api/v1/partner/requests"),
      params: { version: "v1" },
    });
    await flushRequestLog();
    expect(await rowsOf(stranger.headers.get("x-request-id")!)).toHaveLength(0);
    expect(await rowsOf(read.headers.get("x-request-id")!)).toHaveLength(0);
  });

  it("filters by operation and status (a class or one status), newest first, a page at a time", async () => {
    for (const identifier of ["NOSUCHA", "NOSUCHB", "NOSUCHC"]) await programme(identifier);
    await callRoute(listRoute, { url: withKey("/api/v1/programmes"), params: { version: "v1" } });

    const refused = await readLog("?operation=retrieve-programme&status=4xx&page-size=2");
    expect(refused.requests).toHaveLength(2);
    expect(refused.hasMore).toBe(true);
    expect(refused.requests.map((entry) => entry.path)).toEqual([
      "/api/v1/programmes/NOSUCHC",
      "/api/v1/programmes/NOSUCHB",
    ]);
    const next = await readLog("?operation=retrieve-programme&status=4xx&page-size=2&page=2");
    expect(next.page).toBe(2);
    expect(next.requests[0]!.path).toBe("/api/v1/programmes/NOSUCHA");

    const exact = await readLog("?status=200");
    expect(exact.requests.length).toBeGreaterThan(0);
    expect(exact.requests.every((entry) => entry.status === 200)).toBe(true);
    const unknownPaths = await readLog("?operation=unknown-path");
    expect(unknownPaths.requests.every((entry) => entry.operation === "unknown-path")).toBe(true);
    const times = (await readLog("?page-size=100")).requests.map((entry) => Date.parse(entry.requestedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("answers only the key's own partner and environment", async () => {
    const staging = await programme("NOSUCHSTAGING");
    const live = await programme("NOSUCHLIVE", demoLiveApiKey);
    const stagingId = staging.headers.get("x-request-id")!;
    const liveId = live.headers.get("x-request-id")!;

    expect((await readLog(`?request-id=${liveId}`)).requests).toHaveLength(0);
    expect((await readLog(`?request-id=${liveId}`, demoLiveApiKey)).requests).toHaveLength(1);
    expect((await readLog(`?request-id=${stagingId}`, demoLiveApiKey)).requests).toHaveLength(0);
    const otherPartner = await readLog("?page-size=100", noProgrammeApiKey);
    expect(otherPartner.requests.map((entry) => entry.requestId)).not.toContain(stagingId);
  });

  it("refuses a malformed query with DATA_INVALID (wrapped), naming each parameter", async () => {
    for (const [query, path] of [
      ["?status=4x", "status"],
      ["?operation=steal-points", "operation"],
      ["?request-id=not-a-uuid", "requestId"],
      ["?page=0", "page"],
      ["?page-size=101", "pageSize"],
      ["?page=1&page=2", "page"],
    ] as const) {
      const answer = await callRoute(requestsRoute, {
        url: withKey(`/api/v1/partner/requests${query}`),
        params: { version: "v1" },
      });
      expectServiceError(answer, {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "DATA_INVALID",
        path,
        shape: "wrapped",
      });
    }
    const post = await callRoute(requestsRoute, {
      method: "POST",
      url: withKey("/api/v1/partner/requests"),
      params: { version: "v1" },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });

  it("shows and keeps 7 days: purgeRequestLog deletes older rows only", async () => {
    const db = database.db();
    const [partner] = await db.select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    const now = new Date();
    const days = (count: number) => new Date(now.getTime() - count * 86_400_000);
    const row = (requestedAt: Date) => ({
      partnerId: partner!.id,
      environment: "staging" as const,
      requestId: randomUUID(),
      operation: "retrieve-account",
      method: "GET",
      path: "/api/v2/programmes/NORTHSTAR/accounts/1",
      status: 200,
      durationMs: 3.2,
      requestedAt,
    });
    const old = row(days(8));
    const recent = row(days(6));
    await db.insert(requestLog).values([old, recent]);

    expect((await readLog(`?request-id=${old.requestId}`)).requests).toHaveLength(0);
    expect((await readLog(`?request-id=${recent.requestId}`)).requests).toHaveLength(1);

    expect(await purgeRequestLog(db, now)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(old.requestId)).toHaveLength(0);
    expect(await rowsOf(recent.requestId)).toHaveLength(1);
    expect(await purgeRequestLog(db, now)).toBe(0);
  });

  it("writes a batch's rows exactly as they were buffered, awkward text and empty fields included", async () => {
    const db = database.db();
    const [partner] = await db.select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
    const requestedAt = new Date("2026-11-26T10:00:00.123Z");
    const awkward = `quote " apostrophe ' backslash \\ tab \t line\u2028 emoji 🎟 accents éü ${"x".repeat(2_000)}`;
    const full = {
      partnerId: partner!.id,
      environment: "staging" as const,
      requestId: randomUUID(),
      operation: "debit-currency",
      method: "POST",
      path: "/api/v1/programmes/NORTHSTAR/accounts/3081000000000001/debit-transaction-requests?a='%22",
      status: 422,
      errorCode: "DATA_INVALID",
      childErrorCode: "FIELD_INVALID",
      durationMs: 12.25,
      requestedAt,
      requestBody: JSON.stringify({ debitTransaction: { description: awkward, points: 1 } }),
      responseBody: JSON.stringify({ error: { message: awkward, list: [1, null, true] } }),
      scenario: "SERVICE_UNAVAILABLE",
    };
    const bare = {
      partnerId: partner!.id,
      environment: "live" as const,
      requestId: randomUUID(),
      operation: "retrieve-programme",
      method: "GET",
      path: "/api/v1/programmes",
      status: 200,
      durationMs: 0,
      requestedAt,
    };
    bufferRequestLogRow(db, full);
    bufferRequestLogRow(db, bare);
    await flushRequestLog();

    const [written] = await rowsOf(full.requestId);
    expect(written).toMatchObject({
      ...full,
      requestBody: JSON.parse(full.requestBody),
      responseBody: JSON.parse(full.responseBody),
    });
    const [writtenBare] = await rowsOf(bare.requestId);
    expect(writtenBare).toMatchObject({
      ...bare,
      errorCode: null,
      childErrorCode: null,
      requestBody: null,
      responseBody: null,
      scenario: null,
    });
  });
});

describe("what the request log keeps for Copy as curl", () => {
  it("keeps the headers and the body of a POST refused before its body was read, never the token", async () => {
    const body = {
      debitTransaction: {
        description: "SCENARIO-0001",
        monetaryAmount: { amount: "1000", currency: { code: "POINTS" } },
      },
    };
    const answer = await callRoute(debitRoute, {
      method: "POST",
      url: withKey(debitPath),
      params: debitParams,
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Authorization: "Bearer eyJhbGciOiJFUzI1NiJ9.secret-token",
        "Idempotency-Key": "debit-'$(x)'-0001",
        "X-Agent-Id": "AGENT7",
        "X-Sandbox-Scenario": "BALANCE_INSUFFICIENT",
        "X-Forwarded-For": "203.0.113.7",
      },
      body: JSON.stringify(body),
    });
    expect(answer.status, answer.text).toBe(400);
    await flushRequestLog();
    const [row] = await rowsOf(answer.headers.get("x-request-id")!);
    expect(row!.scenario).toBe("BALANCE_INSUFFICIENT");
    expect(row!.requestHeaders).toEqual({
      "Content-Type": "application/json",
      Accept: "application/json",
      Authorization: "Bearer",
      "Idempotency-Key": "debit-'$(x)'-0001",
      "X-Agent-Id": "AGENT7",
      "X-Sandbox-Scenario": "BALANCE_INSUFFICIENT",
    });
    expect(row!.requestBody).toEqual(body);
    const everything = JSON.stringify({ ...row, id: undefined });
    for (const secret of [demoApiKey, "secret-token", "eyJ", "203.0.113.7"]) expect(everything).not.toContain(secret);
  });

  it("keeps a programme's public name and masks the api_key its answer's link repeats", async () => {
    const answer = await programme("NORTHSTAR");
    expect(answer.status).toBe(200);
    const name = (answer.json as { name: string }).name;
    expect(answer.text).toContain(demoApiKey);
    await flushRequestLog();
    const [row] = await rowsOf(answer.headers.get("x-request-id")!);
    const logged = row!.responseBody as { name: string; _links: { self: { href: string } } };
    expect(logged.name).toBe(name);
    expect(logged._links.self.href).toContain("api_key=[redacted]");
    expect(JSON.stringify({ ...row, id: undefined })).not.toContain(demoApiKey);
  });

  it("keeps no headers or bodies for a live key", async () => {
    const answer = await callRoute(debitRoute, {
      method: "POST",
      url: withKey(debitPath, demoLiveApiKey),
      params: debitParams,
      headers: { "Content-Type": "application/json", "X-Sandbox-Scenario": "BALANCE_INSUFFICIENT" },
      body: "{}",
    });
    await flushRequestLog();
    const [row] = await rowsOf(answer.headers.get("x-request-id")!);
    expect(row).toMatchObject({ requestHeaders: null, requestBody: null, responseBody: null, scenario: null });
  });
});
