import "server-only";
import type { Profile } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { env } from "@/server/config/env";
import { loyaltyEndpoints } from "@/server/portal/loyalty-service";
import { assertStateMatches, secureCodeState } from "./callback-state";
import { memberProfile, memberUser } from "./member-profile";
import { furtherProgrammesClient, jwksUrl, tokenService } from "./token-service";

export const furtherProgrammes = {
  meridian: { programme: "MERIDIAN", name: "Meridian Plus" },
  horizon: { programme: "HORIZON", name: "Horizon Club" },
} as const;
export type FurtherProvider = keyof typeof furtherProgrammes;

/** The portal's own first stop before A3 (app/login/secure-code): it makes the state alphanumeric. */
export function secureCodeStartUrl(): string {
  return `${portalOrigin()}/login/secure-code`;
}

function portalOrigin(): string {
  const config = env();
  return (config.NEXTAUTH_URL ?? config.APP_ORIGIN).replace(/\/$/, "");
}

/**
 * A further programme: A3 secure code page, then A4 secure key (POST with
 * the code in the query and the programme and business context as
 * headers, Basic with the partner secret). There is no refresh the portal
 * can use, so the session ends with the access token.
 */
export function furtherProgrammeProvider(id: FurtherProvider): OAuthConfig<Profile> {
  const { programme, name } = furtherProgrammes[id];
  const client = furtherProgrammesClient();
  return {
    id,
    name,
    type: "oauth",
    clientId: client.clientId,
    clientSecret: client.secret,
    client: { token_endpoint_auth_method: "client_secret_basic" },
    checks: ["pkce", "state"],
    idToken: false,
    authorization: {
      url: secureCodeStartUrl(),
      params: {
        response_type: "code",
        scope: "read",
        "programme-identifier": programme,
        "business-context-identifier": client.businessContext,
        brandName: env().PORTAL_BRAND_NAME,
      },
    },
    token: {
      url: `${loyaltyEndpoints().partnerAuthUrl.replace(/\/$/, "")}/secure/key`,
      async request({ params, checks }) {
        assertStateMatches(params.state, checks.state ? secureCodeState(checks.state) : undefined);
        if (!params.code) throw new Error("no authorisation code on the callback");
        const tokens = await tokenService().exchangeSecureKeyCode(client, {
          code: params.code,
          programme,
          businessContext: client.businessContext,
          codeVerifier: checks.code_verifier,
        });
        // A4's refresh token is a JWT that no endpoint accepts from a partner (docs/decisions.md): not kept.
        return { tokens: { access_token: tokens.accessToken, expires_in: tokens.expiresIn, token_type: "bearer" } };
      },
    },
    userinfo: { url: jwksUrl(), request: ({ tokens }) => memberProfile(tokens.access_token, programme) },
    profile: memberUser,
  };
}
