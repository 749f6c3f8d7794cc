import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountResponseSchema } from "@/lib/contract/retrieve-account";
import sandbox from "@/sandbox.json";
import { submitLogin } from "../support/login-form";
import { sharedApp } from "../support/shared-app";
import type { RunningApp } from "../support/start-app";

const partner = sandbox.partners[0]!;
const client: oauth.Client = { client_id: partner.oauthClient!.clientId };
const clientAuth = oauth.ClientSecretBasic(partner.oauthClient!.password);
const redirectUri = partner.oauthClient!.redirectUris[0]!;
const member = sandbox.members[0]!;

describe("the authorization-code flow with PKCE, driven by oauth4webapi over HTTP", () => {
  let app: RunningApp;
  let as: oauth.AuthorizationServer;

  beforeAll(async () => {
    app = await sharedApp();
    as = {
      issuer: app.origin,
      authorization_endpoint: `${app.origin}/oauth/auth/login`,
      token_endpoint: `${app.origin}/oauth/api/grant`,
    };
  });

  afterAll(async () => {
    await app?.stop();
  });

  async function logIn(scope = "read") {
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      response_type: "code",
      redirect_uri: redirectUri,
      scope,
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
    }).toString();
    const attempt = await submitLogin(url.toString(), member.username!, sandbox.password);
    expect(attempt.status, attempt.html).toBe(302);
    expect(attempt.location?.startsWith(`${redirectUri}?`)).toBe(true);
    const callbackParameters = oauth.validateAuthResponse(as, client, new URL(attempt.location!), state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      clientAuth,
      callbackParameters,
      redirectUri,
      codeVerifier,
      {
        [oauth.allowInsecureRequests]: true,
      },
    );
    return oauth.processAuthorizationCodeResponse(as, client, response);
  }

  async function retrieveAccount(accessToken: string) {
    return fetch(
      `${app.origin}/api/v2/programmes/NORTHSTAR/accounts/${member.membershipNumber}?api_key=${partner.apiKeys.staging}`,
      {
        headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      },
    );
  }

  it("logs the member in, exchanges the code, and reads the member's account with the token", async () => {
    const tokens = await logIn();
    expect(tokens.token_type).toBe("bearer");
    expect(tokens.scope).toBe("AUTHN-LEVEL-12");
    expect(tokens.refresh_token).toBeTruthy();
    expect(typeof tokens.expires_in).toBe("number");

    const answer = await retrieveAccount(tokens.access_token);
    expect(answer.status).toBe(200);
    const account = accountResponseSchema.parse(await answer.json());
    expect(account.balance?.amount).toBe(member.balance);
    expect(account.accountStatus).toBe("ACTIVE");
  });

  it("refreshes the token with the refresh grant, and the new token works", async () => {
    const tokens = await logIn();
    const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, tokens.refresh_token!, {
      [oauth.allowInsecureRequests]: true,
    });
    const refreshed = await oauth.processRefreshTokenResponse(as, client, response);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await retrieveAccount(refreshed.access_token)).status).toBe(200);
  });

  it("publishes the JWKS that verifies the access token", async () => {
    const tokens = await logIn();
    const { createRemoteJWKSet, jwtVerify } = await import("jose");
    const keys = createRemoteJWKSet(new URL(`${app.origin}/oauth/jwks`));
    const { payload } = await jwtVerify(tokens.access_token, keys);
    expect(payload.membership_number).toBe(member.membershipNumber);
    expect(payload.programme).toBe("NORTHSTAR");
  });
});
