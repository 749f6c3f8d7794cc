import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as grantRoute from "@/app/oauth/api/grant/route";
import * as revokeRoute from "@/app/oauth/api/revoke/route";
import sandbox from "@/sandbox.json";
import { LoyaltyTokenError } from "@/lib/loyalty-client/errors";
import { basicAuthorization, createTokenClient } from "@/lib/loyalty-client/token-client";
import { verifyAccessToken } from "@/server/loyalty/oauth/access-tokens";
import { callRoute, type RouteAnswer } from "../support/call-route";
import { expectOAuthError } from "../support/oauth-assertions";
import { issueLoginCode } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

/** Token revocation (RFC 7009) at the grant service, an extension. */
const { db } = setupTestDatabase();

const demo = sandbox.partners[0]!;
const memberClient = { clientId: demo.oauthClient!.clientId, secret: demo.oauthClient!.password };
const furtherClient = { clientId: demo.furtherProgrammes!.clientId, secret: demo.furtherProgrammes!.partnerSecret };
const tokenAnswer = z.object({ access_token: z.string(), refresh_token: z.string() });

/** A member's tokens as the portal gets them: a code from the login, exchanged at A2. */
async function memberTokens(membershipNumber = "3081000000000001") {
  const code = await issueLoginCode(db(), { membershipNumber, clientId: memberClient.clientId });
  const answer = await grant({ grant_type: "authorization_code", code });
  expect(answer.status, answer.text).toBe(200);
  return tokenAnswer.parse(answer.json);
}

function grant(form: Record<string, string>): Promise<RouteAnswer> {
  return callRoute(grantRoute, {
    method: "POST",
    url: "/oauth/api/grant",
    headers: { authorization: basicAuthorization(memberClient), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });
}

function revoke(
  form: Record<string, string>,
  options: { authorization?: string; method?: string } = {},
): Promise<RouteAnswer> {
  return callRoute(revokeRoute, {
    method: options.method ?? "POST",
    url: "/oauth/api/revoke",
    headers: {
      authorization: options.authorization ?? basicAuthorization(memberClient),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: options.method === "GET" ? undefined : new URLSearchParams(form).toString(),
  });
}

async function accessTokenWorks(token: string): Promise<boolean> {
  return (await verifyAccessToken(db(), token)).valid;
}

describe("POST {auth_url}/api/revoke", () => {
  it("revokes a refresh token and every token of its family: 200, no cache", async () => {
    const tokens = await memberTokens();
    expect(await accessTokenWorks(tokens.access_token)).toBe(true);
    const answer = await revoke({ token: tokens.refresh_token, token_type_hint: "refresh_token" });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await accessTokenWorks(tokens.access_token)).toBe(false);
    expectOAuthError(
      await grant({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
      400,
      "invalid_grant",
    );
  });

  it("revokes the family from its access token too, whatever the hint says", async () => {
    const tokens = await memberTokens();
    expect((await revoke({ token: tokens.access_token, token_type_hint: "refresh_token" })).status).toBe(200);
    expect(await accessTokenWorks(tokens.access_token)).toBe(false);
    expectOAuthError(
      await grant({ grant_type: "refresh_token", refresh_token: tokens.refresh_token }),
      400,
      "invalid_grant",
    );
  });

  it("answers 200 for a token it does not know, and leaves other families alone", async () => {
    const other = await memberTokens("3081000000000002");
    expect((await revoke({ token: "f".repeat(64) })).status).toBe(200);
    expect((await revoke({ token: "not-a-token", token_type_hint: "no_such_hint" })).status).toBe(200);
    expect(await accessTokenWorks(other.access_token)).toBe(true);
  });

  it("refuses another client's token and leaves it working", async () => {
    const tokens = await memberTokens();
    const answer = await revoke({ token: tokens.refresh_token }, { authorization: basicAuthorization(furtherClient) });
    expectOAuthError(answer, 400, "unauthorized_client");
    expect(await accessTokenWorks(tokens.access_token)).toBe(true);
  });

  it("authenticates the client like the grant service, and needs the token", async () => {
    const tokens = await memberTokens();
    const wrongSecret = basicAuthorization({ ...memberClient, secret: "not-the-secret" });
    expectOAuthError(
      await revoke({ token: tokens.refresh_token }, { authorization: wrongSecret }),
      401,
      "invalid_client",
    );
    expect(await accessTokenWorks(tokens.access_token)).toBe(true);
    expectOAuthError(await revoke({}), 400, "invalid_request");
    const get = await revoke({}, { method: "GET" });
    expectOAuthError(get, 405, "method_not_allowed");
    expect(get.headers.get("allow")).toBe("POST");
  });
});

describe("the portal's token client: revokeToken", () => {
  const tokenClient = createTokenClient({
    authUrl: "http://localhost:3000/oauth",
    partnerAuthUrl: "http://localhost:3000/partner-oauth",
    timeoutMs: 10_000,
    // The real route, in process: what the portal's fetch would reach.
    fetch: ((input: string | URL | Request, init?: RequestInit) =>
      revokeRoute.POST(new Request(input, init))) as typeof fetch,
  });

  it("signs a member out: the family is revoked", async () => {
    const tokens = await memberTokens();
    await tokenClient.revokeToken(memberClient, tokens.refresh_token, "refresh_token");
    expect(await accessTokenWorks(tokens.access_token)).toBe(false);
  });

  it("throws the service's refusal as a LoyaltyTokenError", async () => {
    await expect(
      tokenClient.revokeToken({ ...memberClient, secret: "not-the-secret" }, "f".repeat(64)),
    ).rejects.toBeInstanceOf(LoyaltyTokenError);
  });
});
