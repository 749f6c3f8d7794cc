import "server-only";
import type { Profile } from "next-auth";
import { verifyMemberTokenClaims } from "@/lib/loyalty-client/member-token-claims";
import { jwksUrl } from "./token-service";

/**
 * next-auth's "userinfo" for the service, which has none: the member named
 * by the verified access token, who must belong to the programme the member
 * chose on the login page.
 */
export async function memberProfile(accessToken: string | undefined, programme: string): Promise<Profile> {
  if (!accessToken) throw new Error("the token answer carried no access token");
  const claims = await verifyMemberTokenClaims(accessToken, jwksUrl());
  if (claims.programme !== programme) throw new Error(`the token is for ${claims.programme}, not ${programme}`);
  return { sub: claims.membershipNumber, membershipNumber: claims.membershipNumber, programme: claims.programme };
}

/** The user next-auth hands to the jwt callback: the membership and nothing else. */
export function memberUser(profile: Profile) {
  if (!profile.membershipNumber || !profile.programme) throw new Error("profile without membership");
  return { id: profile.membershipNumber, membershipNumber: profile.membershipNumber, programme: profile.programme };
}
