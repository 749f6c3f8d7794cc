import "server-only";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import type { MemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";

/** The signed-in member's profile, from the service's membership read model. */
export async function loadMembership(session: MemberSession): Promise<MembershipResponse> {
  return loyaltyService().retrieveMembership(session.membershipNumber, {
    accessToken: session.accessToken,
    customerIp: await customerIp(),
  });
}
