import "server-only";
import {
  membershipPathSchema,
  updateMembershipRequestSchema,
  updateMembershipVersions,
} from "@/lib/contract/update-membership";
import { requireMembershipAccess } from "@/server/loyalty/http/caller-access";
import { partnerOperation, type PartnerEndpoint } from "@/server/loyalty/http/partner-operation";
import { withHeaders } from "@/server/loyalty/http/partner-request";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { updateMembership as applyMembershipUpdate } from "@/server/loyalty/members/update-membership";
import { utcToday } from "@/lib/contract/register-account";
import { jsonObjectOrAbsent } from "./register-account";
import { retrieveMembership } from "./retrieve-membership";

/**
 * `PATCH /v3/memberships/{membership-identifier}` (also under /test/): the
 * member's own token or an agent's (client token, X-Agent-Id, scope write),
 * flat errors, 204 with an empty body.
 */
export const updateMembership = partnerOperation({
  name: "update-membership",
  method: "PATCH",
  versions: updateMembershipVersions,
  errorShape: "flat",
  token: "member-or-agent",
  agentScope: "write",
  takesJsonBody: true,
  forwardedForFirstOnly: true,
  // E11: a body that breaks the JSON contract is MANDATORY_DATA_MISSING.
  errors: { invalidJson: "MANDATORY_DATA_MISSING" },
  async handle({ db, params, body, caller, partner, agentId, clock }) {
    const path = validateInput(membershipPathSchema, params, { invalid: "DATA_INVALID" });
    // Checked before the body, so a caller that may not reach the membership learns nothing of the rules.
    await requireMembershipAccess(db, caller, partner.id, path.membershipIdentifier);
    const now = clock.now();
    const request = validateInput(updateMembershipRequestSchema(utcToday(now)), jsonObjectOrAbsent(body), {
      invalid: "DATA_INVALID",
      missing: "MANDATORY_DATA_MISSING",
    });
    await applyMembershipUpdate(db, path.membershipIdentifier, request, { partnerId: partner.id, agentId, at: now });
    return { status: 204 };
  },
});

/** The route's requests: GET the read model, PATCH the update; any other method a 405 naming both. */
export const membershipResource: PartnerEndpoint = {
  async serve(request, params) {
    if (request.method === "GET") return retrieveMembership.serve(request, params);
    const reply = await updateMembership.serve(request, params);
    if (request.method === "PATCH" || reply.status !== 405) return reply;
    return withHeaders(reply, { Allow: "GET, PATCH" });
  },
};
