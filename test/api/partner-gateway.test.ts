import { afterEach, describe, expect, it, vi } from "vitest";
import { retrieveProgrammeList as listRoute } from "@/server/loyalty/operations/retrieve-programme";
import { unknownPartnerPath as unknownRoute } from "@/server/loyalty/http/partner-operation";
import { unknownPartnerPath as testUnknownRoute } from "@/server/loyalty/http/partner-operation";
import { logger } from "@/server/observability/logger";
import { callRoute, demoApiKey, inactiveApiKey, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { setupTestDatabase } from "../support/test-database";

setupTestDatabase();

function programmesWith(query: string, version = "v1") {
  return callRoute(listRoute, { url: `/api/${version}/programmes${query}`, params: { version } });
}

describe("partner gateway: api_key", () => {
  it.each([
    ["missing", ""],
    ["empty", "?api_key="],
    ["23 characters", `?api_key=${demoApiKey.slice(0, 23)}`],
    ["25 characters", `?api_key=${demoApiKey}X`],
    ["not alphanumeric", `?api_key=${demoApiKey.slice(0, 23)}-`],
    ["well formed but unknown", "?api_key=ABCDEFGHIJKLMNOPQRSTUVWX"],
    ["a known key in the wrong case", `?api_key=${demoApiKey.toLowerCase()}`],
    ["sent twice", `?api_key=${demoApiKey}&api_key=${demoApiKey}`],
  ])("DEVELOPER_NOT_AUTHORIZED (wrapped) for a key %s", async (_label, query) => {
    const body = expectServiceError(await programmesWith(query), {
      status: 401,
      code: "DEVELOPER_NOT_AUTHORIZED",
      shape: "wrapped",
    });
    expect(body.businessMessage.length).toBeGreaterThan(0);
  });

  it("DEVELOPER_INACTIVE (wrapped) for the key of an inactive partner", async () => {
    expectServiceError(await programmesWith(`?api_key=${inactiveApiKey}`), {
      status: 403,
      code: "DEVELOPER_INACTIVE",
      shape: "wrapped",
    });
  });

  it("checks the key before anything else about the request", async () => {
    const answer = await callRoute(listRoute, {
      method: "DELETE",
      url: "/api/v9/programmes?location-identifier=GBR",
      params: { version: "v9" },
      headers: { Accept: "text/html" },
    });
    expectServiceError(answer, { status: 401, code: "DEVELOPER_NOT_AUTHORIZED", shape: "wrapped" });
  });
});

describe("partner gateway: version and paths", () => {
  it.each(["v2", "v3", "V1", "1", "vv1", "v1.0"])(
    "answers 404 VERSION_NOT_SUPPORTED for version %j",
    async (version) => {
      expectServiceError(await programmesWith(`?api_key=${demoApiKey}`, version), {
        status: 404,
        code: "REQUEST_INVALID",
        childCode: "VERSION_NOT_SUPPORTED",
        shape: "flat",
      });
    },
  );

  it("answers RESOURCE_NOT_FOUND (wrapped) for a path no operation serves", async () => {
    const answer = await callRoute(unknownRoute, {
      url: withKey("/api/v1/loyalty-cards"),
      params: { version: "v1", path: ["loyalty-cards"] },
    });
    expectServiceError(answer, { status: 404, code: "RESOURCE_NOT_FOUND", shape: "wrapped" });
  });

  it("answers RESOURCE_NOT_FOUND under /test/ for an operation without a test path", async () => {
    const answer = await callRoute(testUnknownRoute, {
      method: "POST",
      url: withKey("/api/test/v1/programmes/NORTHSTAR/accounts/3081000000000001/credit-transaction-requests"),
      params: {
        version: "v1",
        path: ["programmes", "NORTHSTAR", "accounts", "3081000000000001", "credit-transaction-requests"],
      },
    });
    expectServiceError(answer, { status: 404, code: "RESOURCE_NOT_FOUND", shape: "wrapped" });
  });

  it("still checks the key on an unknown path", async () => {
    const answer = await callRoute(unknownRoute, {
      url: "/api/v1/nothing",
      params: { version: "v1", path: ["nothing"] },
    });
    expectServiceError(answer, { status: 401, code: "DEVELOPER_NOT_AUTHORIZED", shape: "wrapped" });
  });
});

describe("partner gateway: request log and request id", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs one structured line per request with request id, operation, partner, status and duration", async () => {
    const info = vi.spyOn(logger, "info");
    const answer = await programmesWith(`?api_key=${demoApiKey}`);
    const requestId = answer.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = info.mock.calls
      .map((call) => call[0] as unknown as Record<string, unknown>)
      .find((fields) => fields.requestId === requestId);
    expect(line).toMatchObject({
      operation: "retrieve-programme",
      partner: "DEMOPARTNER01",
      status: 200,
      method: "GET",
    });
    expect(typeof line?.durationMs).toBe("number");
    expect(JSON.stringify(line)).not.toContain(demoApiKey);
  });

  it("logs refused requests too, without a partner when the key is unknown", async () => {
    const info = vi.spyOn(logger, "info");
    const answer = await programmesWith("?api_key=ABCDEFGHIJKLMNOPQRSTUVWX");
    const line = info.mock.calls
      .map((call) => call[0] as unknown as Record<string, unknown>)
      .find((fields) => fields.requestId === answer.headers.get("x-request-id"));
    expect(line).toMatchObject({ status: 401, partner: undefined });
  });
});
