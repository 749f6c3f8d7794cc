import "server-only";
import { cache } from "react";
import type { AccountResponse } from "@/lib/contract/retrieve-account";
import type { MemberSession } from "@/server/portal/auth/member-session";
import { customerIp } from "@/server/portal/customer-ip";
import { loyaltyService } from "@/server/portal/loyalty-service";

// The layout (balance in the header) and the account page render in one
// request: one P2 call serves both.
const retrieveAccount = cache(async (programme: string, membershipNumber: string, accessToken: string) =>
  loyaltyService().retrieveAccount(programme, membershipNumber, { accessToken, customerIp: await customerIp() }),
);

/** P2 Retrieve account for the signed-in member. */
export function loadAccount(session: MemberSession): Promise<AccountResponse> {
  return retrieveAccount(session.programme, session.membershipNumber, session.accessToken);
}
