import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";

/** Who an access token speaks for: the claims partner operations check. */
export interface MemberTokenClaims {
  membershipNumber: string;
  programme: string;
}

const claimsSchema = z.object({
  membership_number: z.string().regex(/^\d{16,24}$/),
  programme: z.string().regex(/^[A-Z]{1,20}$/),
});

const keySets = new Map<string, JWTVerifyGetKey>();

/**
 * Reads the member from an access token after verifying its signature and
 * expiry against the service's published keys ({auth_url}/jwks). The grant
 * service issues no id_token and has no userinfo endpoint, so the token's
 * own claims are the only statement of who logged in.
 */
export async function verifyMemberTokenClaims(accessToken: string, jwksUrl: string): Promise<MemberTokenClaims> {
  let keys = keySets.get(jwksUrl);
  if (!keys) {
    // jose caches the set and refetches it when a token names an unknown key.
    keys = createRemoteJWKSet(new URL(jwksUrl));
    keySets.set(jwksUrl, keys);
  }
  const { payload } = await jwtVerify(accessToken, keys, { algorithms: ["ES256", "RS256", "PS256", "EdDSA"] });
  const claims = claimsSchema.parse(payload);
  return { membershipNumber: claims.membership_number, programme: claims.programme };
}
