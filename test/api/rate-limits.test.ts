import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { retrieveProgrammeList as programmesRoute } from "@/server/loyalty/operations/retrieve-programme";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as loginRoute from "@/app/oauth/auth/login/route";
import sandbox from "@/sandbox.json";
import { basicAuthorization } from "@/lib/loyalty-client/token-client";
import { resetEnvironmentCache } from "@/server/config/env";
import { socketAddressHeader } from "@/server/http/client-address";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { rateLimitWindows } from "@/server/loyalty/rate-limits/rate-limit-tables";
import { clearPartnerCache } from "@/server/loyalty/partners/cached-partner-lookup";
import { flushBatchedCounters, resetBatchedCounters } from "@/server/loyalty/rate-limits/batched-counters";
import { consumeRateLimit } from "@/server/loyalty/rate-limits/consume-rate-limit";
import { passwordHashActivity } from "@/server/security/password-hash";
import { callRoute, demoApiKey, withKey, type RouteAnswer } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { expectOAuthError } from "../support/oauth-assertions";
import { setupTestDatabase } from "../support/test-database";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

const { db } = setupTestDatabase();

const demoPartner = sandbox.partners[0]!;
const client = demoPartner.oauthClient!;

function programmes(headers: Record<string, string> = {}): Promise<RouteAnswer> {
  return callRoute(programmesRoute, {
    url: withKey("/api/v1/programmes", demoApiKey),
    params: { version: "v1" },
    headers,
  });
}

async function setPartnerLimits(limits: { requestsPerSecond?: number; requestsPerDay?: number }): Promise<void> {
  await db()
    .update(partners)
    .set({ requestsPerSecond: limits.requestsPerSecond ?? 2_000, requestsPerDay: limits.requestsPerDay ?? 10_000_000 })
    .where(eq(partners.partnerIdentifier, demoPartner.partnerIdentifier));
  clearPartnerCache();
  resetBatchedCounters();
}

/** Sets environment variables for one test; env() reads them again. */
function withEnvironment(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) vi.stubEnv(name, value);
  resetEnvironmentCache();
}

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  resetEnvironmentCache();
  await setPartnerLimits({});
});

describe("partner operations: a rate per second and a quota per day, per api_key", () => {
  it("answers USAGE_RATE_EXCEEDED (429, wrapped) beyond the partner's rate, with Retry-After and RateLimit fields", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-05T10:00:00.250Z"));
    await setPartnerLimits({ requestsPerSecond: 3 });
    const answers = [];
    for (let index = 0; index < 5; index += 1) answers.push(await programmes());
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[0]!.headers.get("ratelimit-policy")).toBe('"rate";q=3;w=1, "daily";q=10000000;w=86400');
    expect(answers[2]!.headers.get("ratelimit")).toBe('"rate";r=0;t=1');
    const refused = answers[3]!;
    expectServiceError(refused, { status: 429, code: "USAGE_RATE_EXCEEDED", shape: "wrapped" });
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("ratelimit")).toBe('"rate";r=0;t=1');

    // The next second is a new window.
    vi.setSystemTime(new Date("2031-05-05T10:00:01.100Z"));
    expect((await programmes()).status).toBe(200);
  });

  it("answers USAGE_RATE_LIMIT_EXCEEDED once the day's quota is used, until midnight UTC", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-06T23:59:00Z"));
    await setPartnerLimits({ requestsPerDay: 2 });
    expect((await programmes()).status).toBe(200);
    expect((await programmes()).status).toBe(200);
    const refused = await programmes();
    expectServiceError(refused, { status: 429, code: "USAGE_RATE_LIMIT_EXCEEDED", shape: "wrapped" });
    expect(refused.headers.get("retry-after")).toBe("60");
    vi.setSystemTime(new Date("2031-05-07T00:00:00.500Z"));
    expect((await programmes()).status).toBe(200);
  });

  it("shares the count through the database: requests of other instances count", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-08T12:00:00Z"));
    await setPartnerLimits({ requestsPerDay: 10 });
    expect((await programmes()).status).toBe(200);
    await flushBatchedCounters();
    const [day] = await db()
      .select()
      .from(rateLimitWindows)
      .where(
        sql`${rateLimitWindows.bucket} like 'api-key:%:d' and ${rateLimitWindows.windowStart} = '2031-05-08T00:00:00Z'`,
      );
    expect(day?.requests).toBe(1);
    // Another instance has counted 8 requests meanwhile.
    await db()
      .update(rateLimitWindows)
      .set({ requests: 9 })
      .where(
        sql`${rateLimitWindows.bucket} = ${day!.bucket} and ${rateLimitWindows.windowStart} = ${day!.windowStart.toISOString()}`,
      );
    expect((await programmes()).status).toBe(200);
    await flushBatchedCounters();
    expectServiceError(await programmes(), { status: 429, code: "USAGE_RATE_LIMIT_EXCEEDED", shape: "wrapped" });
  });

  it("counts nothing and sends no RateLimit fields with RATE_LIMITS=off", async () => {
    withEnvironment({ RATE_LIMITS: "off" });
    await setPartnerLimits({ requestsPerSecond: 1 });
    for (let index = 0; index < 3; index += 1) {
      const answer = await programmes();
      expect(answer.status).toBe(200);
      expect(answer.headers.get("ratelimit")).toBeNull();
    }
  });
});

describe("token services: per connecting address, before any password is hashed", () => {
  const inventedClient = basicAuthorization({ clientId: "NOPE-99999", secret: "invented-secret" });

  function grantFrom(address: string): Promise<RouteAnswer> {
    return callRoute(grantRoute, {
      method: "POST",
      url: "/oauth/api/grant",
      headers: {
        authorization: inventedClient,
        "content-type": "application/x-www-form-urlencoded",
        // A forged X-Forwarded-For changes nothing: the socket's address is counted.
        "x-forwarded-for": "198.51.100.7",
        [socketAddressHeader()]: address,
      },
      body: "grant_type=client_credentials",
    });
  }

  it("refuses A2 beyond the limit with 429 temporarily_unavailable, and verifies no secret for the refused", async () => {
    withEnvironment({ TOKEN_IP_RATE_LIMIT: "3", TOKEN_IP_RATE_WINDOW_SECONDS: "60" });
    // Windows are whole minutes of the clock: on a busy machine the requests could straddle a real minute's end,
    // and the new window would count from zero again. This clock stays in one window.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-09T10:00:00.250Z"));
    const before = passwordHashActivity().verifications;
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push(await grantFrom("203.0.113.50"));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 429, 429, 429]);
    expect(passwordHashActivity().verifications - before).toBe(3);
    const refused = answers[3]!;
    expectOAuthError(refused, 429, "temporarily_unavailable");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-policy")).toBe('"address";q=3;w=60');

    // Another address has its own count.
    expect((await grantFrom("203.0.113.51")).status).toBe(401);
  });

  it("refuses A1 beyond the limit with a 429 page", async () => {
    withEnvironment({ TOKEN_IP_RATE_LIMIT: "2", TOKEN_IP_RATE_WINDOW_SECONDS: "60" });
    // One window for the three requests, however long they take (see above).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-05-10T10:00:00.250Z"));
    const page = () =>
      callRoute(loginRoute, {
        url: `/oauth/auth/login?client_id=${client.clientId}&response_type=code`,
        headers: { [socketAddressHeader()]: "203.0.113.60" },
      });
    expect((await page()).status).toBe(200);
    expect((await page()).status).toBe(200);
    const refused = await page();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(refused.text).toContain("Too many requests");
    expect(refused.text).not.toContain("<form");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("consumeRateLimit, the limiter the portal's public forms reuse", () => {
  it("allows the limit per window and refuses the rest, in one statement each", async () => {
    const now = new Date("2031-06-01T08:00:10Z");
    const decisions = [];
    for (let index = 0; index < 4; index += 1) decisions.push(await consumeRateLimit(db(), "form:test", 3, 60, now));
    expect(decisions.map((decision) => decision.allowed)).toEqual([true, true, true, false]);
    expect(decisions.map((decision) => decision.remaining)).toEqual([2, 1, 0, 0]);
    expect(decisions[3]!.resetSeconds).toBe(50);
    expect((await consumeRateLimit(db(), "form:test", 3, 60, new Date("2031-06-01T08:01:00Z"))).allowed).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "allows exactly the limit of 20 concurrent requests, on PostgreSQL",
    ),
    async () => {
      const now = new Date("2031-06-02T08:00:00Z");
      const decisions = await Promise.all(
        Array.from({ length: 20 }, () => consumeRateLimit(db(), "form:burst", 5, 60, now)),
      );
      expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    },
  );
});
