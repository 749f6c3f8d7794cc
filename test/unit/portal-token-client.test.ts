import { describe, expect, it } from "vitest";
import { LoyaltyContractError, LoyaltyTokenError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import { basicAuthorization, createTokenClient } from "@/lib/loyalty-client/token-client";

interface Captured {
  url: URL;
  init: RequestInit;
}

function clientAnswering(status: number, body: unknown, captured: Captured[] = []) {
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit) => {
    captured.push({ url: new URL(String(input)), init: init ?? {} });
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  };
  return createTokenClient({
    authUrl: "https://loyalty.example/oauth/",
    partnerAuthUrl: "https://loyalty.example/partner-oauth",
    timeoutMs: 1_000,
    fetch: fakeFetch as typeof fetch,
  });
}

const member = { clientId: "DEMO-10001", secret: "sandbox-client-secret" };
const further = { clientId: "DEMO10001", secret: "sandbox-partner-secret" };
const grantAnswer = {
  access_token: "a.b.c",
  refresh_token: "r1",
  token_type: "bearer",
  expires_in: 1800,
  scope: "AUTHN-LEVEL-12",
  svc_refresh_expires_in: 2592000,
};

describe("the token client", () => {
  it("encodes client credentials as RFC 6749 §2.3.1 asks (form-urlencoded, then base64)", () => {
    const header = basicAuthorization({ clientId: "A B", secret: "p:w%&" });
    expect(Buffer.from(header.slice("Basic ".length), "base64").toString()).toBe("A+B:p%3Aw%25%26");
  });

  it("exchanges a code at A2: POST, Basic auth, form body with redirect URI and PKCE verifier; the AUTHN level in scope is ignored", async () => {
    const captured: Captured[] = [];
    const tokens = await clientAnswering(200, grantAnswer, captured).exchangeCode(member, {
      code: "c".repeat(64),
      redirectUri: "http://localhost:3000/api/auth/callback/loyalty",
      codeVerifier: "v".repeat(43),
    });
    expect(tokens).toEqual({ accessToken: "a.b.c", refreshToken: "r1", expiresIn: 1800 });
    const [call] = captured;
    expect(call?.url.toString()).toBe("https://loyalty.example/oauth/api/grant");
    expect(call?.init.method).toBe("POST");
    const headers = call?.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(basicAuthorization(member));
    expect(headers["Content-Type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(String(call?.init.body)))).toEqual({
      grant_type: "authorization_code",
      code: "c".repeat(64),
      redirect_uri: "http://localhost:3000/api/auth/callback/loyalty",
      code_verifier: "v".repeat(43),
    });
  });

  it("refreshes at A2 with the refresh_token grant", async () => {
    const captured: Captured[] = [];
    await clientAnswering(200, { ...grantAnswer, refresh_token: "r2" }, captured).refresh(member, "r1");
    expect(Object.fromEntries(new URLSearchParams(String(captured[0]?.init.body)))).toEqual({
      grant_type: "refresh_token",
      refresh_token: "r1",
    });
  });

  it("asks A4 with POST, the parameters in the query, the programme and business context as headers, and no body", async () => {
    const captured: Captured[] = [];
    const tokens = await clientAnswering(
      200,
      { access_token: "x.y.z", refresh_token: "j.w.t", token_type: "bearer", expires_in: 1800, jti: "1" },
      captured,
    ).exchangeSecureKeyCode(further, {
      code: "d".repeat(64),
      programme: "MERIDIAN",
      businessContext: "DEMOPARTNER",
      codeVerifier: "w".repeat(43),
    });
    expect(tokens.accessToken).toBe("x.y.z");
    const [call] = captured;
    expect(call?.init.method).toBe("POST");
    expect(call?.init.body).toBeUndefined();
    expect(call?.url.pathname).toBe("/partner-oauth/secure/key");
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      grant_type: "authorization_code",
      code: "d".repeat(64),
      client_id: "DEMO10001",
      code_verifier: "w".repeat(43),
    });
    expect(call?.init.headers).toMatchObject({
      Accept: "application/json",
      Authorization: basicAuthorization(further),
      "business-context-identifier": "DEMOPARTNER",
      "programme-identifier": "MERIDIAN",
    });
  });

  it("turns refusals into LoyaltyTokenError, outages into LoyaltyUnavailableError, nonsense into LoyaltyContractError", async () => {
    const refused = clientAnswering(400, {
      error: "invalid_grant",
      error_description: "refresh token unknown",
    }).refresh(member, "r1");
    await expect(refused).rejects.toBeInstanceOf(LoyaltyTokenError);
    await expect(refused).rejects.toMatchObject({ error: "invalid_grant", status: 400 });
    await expect(clientAnswering(503, { oops: true }).refresh(member, "r1")).rejects.toBeInstanceOf(
      LoyaltyUnavailableError,
    );
    await expect(clientAnswering(200, { access_token: "a" }).refresh(member, "r1")).rejects.toBeInstanceOf(
      LoyaltyContractError,
    );
    const unreachable = createTokenClient({
      authUrl: "https://loyalty.example/oauth",
      partnerAuthUrl: "https://loyalty.example/partner-oauth",
      timeoutMs: 1_000,
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(unreachable.refresh(member, "r1")).rejects.toBeInstanceOf(LoyaltyUnavailableError);
  });
});
