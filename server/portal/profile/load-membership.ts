import "server-only";
import { cache } from "react";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import type { MemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";

// The profile page and the page's language both read the profile within one request: one call serves both.
const retrieveMembership = cache(async (membershipNumber: string, accessToken: string) =>
  loyaltyService().retrieveMembership(membershipNumber, { accessToken, customerIp: await customerIp() }),
);

/** The signed-in member's profile, from the service's membership read model. */
export async function loadMembership(session: MemberSession): Promise<MembershipResponse> {
  return retrieveMembership(session.membershipNumber, session.accessToken);
}
