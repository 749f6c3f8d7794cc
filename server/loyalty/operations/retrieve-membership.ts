import "server-only";
import { retrieveMembershipVersions, type MembershipResponse } from "@/lib/contract/retrieve-membership";
import { membershipPathSchema } from "@/lib/contract/update-membership";
import { requireOwnAccount } from "@/server/loyalty/http/member-token";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { ServiceError } from "@/server/loyalty/http/service-error";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { retrieveMembership as readMembership } from "@/server/loyalty/members/retrieve-membership";

/**
 * `GET /v3/memberships/{membership-identifier}`: the membership read model,
 * an extension (the spec leaves Retrieve Membership "not shown"), with the
 * same token rules as P8 and its flat error shape.
 */
export const retrieveMembership = partnerOperation({
  name: "retrieve-membership",
  method: "GET",
  versions: retrieveMembershipVersions,
  errorShape: "flat",
  token: "member",
  async handle({ db, params, url, member }) {
    const path = validateInput(membershipPathSchema, params, { invalid: "DATA_INVALID" });
    // No programme in this path: the membership must simply be the token's own.
    requireOwnAccount(member, member.programmeIdentifier, path.membershipIdentifier);
    const view = await readMembership(db, path.membershipIdentifier);
    if (!view)
      throw new ServiceError("MEMBER_NOT_AUTHORIZED", { developerMessage: "The membership no longer exists." });
    const body: MembershipResponse = { ...view, _links: { self: { href: url.toString() } } };
    return { status: 200, body };
  },
});
