import "server-only";
import { retrieveMembershipVersions, type MembershipResponse } from "@/lib/contract/retrieve-membership";
import { membershipPathSchema } from "@/lib/contract/update-membership";
import { requireMembershipAccess } from "@/server/loyalty/http/caller-access";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { retrieveMembership as readMembership } from "@/server/loyalty/members/retrieve-membership";

/**
 * `GET /v3/memberships/{membership-identifier}`: the membership read model,
 * an extension (the spec leaves Retrieve Membership "not shown"), with the
 * same token rules as P8 (an agent needs the scope retrieve_membership) and
 * its flat error shape.
 */
export const retrieveMembership = partnerOperation({
  name: "retrieve-membership",
  method: "GET",
  versions: retrieveMembershipVersions,
  errorShape: "flat",
  token: "member-or-agent",
  agentScope: "retrieve_membership",
  async handle({ db, params, url, partner, caller }) {
    const path = validateInput(membershipPathSchema, params, { invalid: "DATA_INVALID" });
    await requireMembershipAccess(db, caller, partner.id, path.membershipIdentifier);
    const view = await readMembership(db, path.membershipIdentifier);
    if (!view)
      throw new ServiceError("MEMBER_NOT_AUTHORIZED", { developerMessage: "The membership no longer exists." });
    const body: MembershipResponse = { ...view, _links: { self: { href: url.toString() } } };
    return { status: 200, body };
  },
});
