import "server-only";
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { primaryProgramme } from "@/lib/contract/primary-programme";
import { loyaltyEndpoints } from "@/server/portal/loyalty-service";
import { assertStateMatches } from "./callback-state";
import { memberProfile, memberUser } from "./member-profile";
import { jwksUrl, memberLoginClient, tokenService } from "./token-service";

export { primaryProgramme };

/**
 * The primary programme: A1 login page and A2 grant service, authorization
 * code with PKCE and state, client_secret_basic. The token request is our
 * own because A2's `scope` is an authentication level (AUTHN-LEVEL-12), not
 * OAuth scopes, and there is neither id_token nor userinfo.
 */
export function loyaltyProvider(): OAuthConfig<Profile> {
  const authUrl = loyaltyEndpoints().authUrl.replace(/\/$/, "");
  const client = memberLoginClient();
  return {
    id: "loyalty",
    name: "Northstar Club",
    type: "oauth",
    clientId: client.clientId,
    clientSecret: client.secret,
    client: { token_endpoint_auth_method: "client_secret_basic" },
    checks: ["pkce", "state"],
    idToken: false,
    authorization: {
      url: `${authUrl}/auth/login`,
      params: { response_type: "code", scope: "read write reverse_transaction" },
    },
    token: {
      url: `${authUrl}/api/grant`,
      async request({ params, checks, provider }) {
        assertStateMatches(params.state, checks.state);
        if (!params.code) throw new Error("no authorisation code on the callback");
        const tokens = await tokenService().exchangeCode(client, {
          code: params.code,
          redirectUri: provider.callbackUrl,
          codeVerifier: checks.code_verifier,
        });
        return {
          tokens: {
            access_token: tokens.accessToken,
            refresh_token: tokens.refreshToken,
            expires_in: tokens.expiresIn,
            token_type: "bearer",
          },
        };
      },
    },
    userinfo: { url: jwksUrl(), request: ({ tokens }) => memberProfile(tokens.access_token, primaryProgramme) },
    profile: memberUser,
  };
}
