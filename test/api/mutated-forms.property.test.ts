import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as revokeRoute from "@/app/oauth/api/revoke/route";
import { oauthErrorBodySchema } from "@/lib/contract/oauth-error";
import { basicAuthorization } from "@/lib/loyalty-client/token-client";
import sandbox from "@/sandbox.json";
import { callRoute, type RouteAnswer } from "../support/call-route";
import { formChanges, marker, mutatedForm } from "../support/mutations";
import { issueLoginCode } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

/**
 * The token services' forms (A2 grant, the revocation extension), valid and
 * then broken in one to three places (test/support/mutations.ts): a token,
 * or an OAuth error resource that repeats nothing of what was sent (a refused
 * scope is named only when it is a known scope value), never a 5xx.
 */
const { db } = setupTestDatabase();
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
const memberClient = {
  clientId: sandbox.partners[0]!.oauthClient!.clientId,
  secret: sandbox.partners[0]!.oauthClient!.password,
};

function post(routeModule: object, url: string, body: string): Promise<RouteAnswer> {
  return callRoute(routeModule, {
    method: "POST",
    url,
    headers: { authorization: basicAuthorization(memberClient), "content-type": "application/x-www-form-urlencoded" },
    body,
  });
}

function expectHandled(answer: RouteAnswer): void {
  expect(answer.status, answer.text).toBeLessThan(500);
  if (answer.status === 200) return;
  oauthErrorBodySchema.parse(answer.json);
  expect(answer.text).not.toContain(marker);
}

const freshCode = () => issueLoginCode(db(), { membershipNumber: "3081000000000001", clientId: memberClient.clientId });

describe("mutated token-service forms: a token or an OAuth error, never a 5xx", () => {
  it("A2, the authorization_code grant (a fresh code each time)", async () => {
    await fc.assert(
      fc.asyncProperty(formChanges, async (changes) => {
        const form = { grant_type: "authorization_code", code: await freshCode() };
        expectHandled(await post(grantRoute, "/oauth/api/grant", mutatedForm(form, changes)));
      }),
      { numRuns: RUNS },
    );
  });

  it("A2, the client_credentials grant", async () => {
    await fc.assert(
      fc.asyncProperty(formChanges, async (changes) => {
        const form = { grant_type: "client_credentials", scope: "read" };
        expectHandled(await post(grantRoute, "/oauth/api/grant", mutatedForm(form, changes)));
      }),
      { numRuns: RUNS },
    );
  });

  it("the revocation endpoint", async () => {
    const granted = await post(
      grantRoute,
      "/oauth/api/grant",
      new URLSearchParams({ grant_type: "authorization_code", code: await freshCode() }).toString(),
    );
    expect(granted.status, granted.text).toBe(200);
    const { refresh_token: refreshToken } = granted.json as { refresh_token: string };
    await fc.assert(
      fc.asyncProperty(formChanges, async (changes) => {
        const form = { token: refreshToken, token_type_hint: "refresh_token" };
        expectHandled(await post(revokeRoute, "/oauth/api/revoke", mutatedForm(form, changes)));
      }),
      { numRuns: RUNS },
    );
  });
});
