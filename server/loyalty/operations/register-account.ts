import "server-only";
import {
  registerAccountRequestSchema,
  registerAccountVersions,
  registrationPathSchema,
} from "@/lib/contract/register-account";
import { partnerOperation } from "@/server/loyalty/http/partner-operation";
import { validateInput } from "@/server/loyalty/http/validate-input";
import { registerMember } from "@/server/loyalty/members/register-member";

/** `POST /v2/memberships/{membership-identifier}/registrations`: API key only, 201 with an empty body. */
export const registerAccount = partnerOperation({
  name: "register-account",
  method: "POST",
  versions: registerAccountVersions,
  errorShape: "wrapped",
  takesJsonBody: true,
  // E10 "empty body": a body that is not JSON at all is missing data too.
  errors: { invalidJson: "MANDATORY_DATA_MISSING" },
  async handle({ db, params, body, partner, clock }) {
    const path = validateInput(registrationPathSchema, params, { invalid: "DATA_INVALID" });
    const request = validateInput(registerAccountRequestSchema(), jsonObjectOrAbsent(body), {
      invalid: "DATA_INVALID",
      missing: "MANDATORY_DATA_MISSING",
    });
    await registerMember(db, path.membershipIdentifier, request, { partner, at: clock.now() });
    return { status: 201 };
  },
});

/** `null`, an array or a scalar is no body at all: reported as the absent member (MANDATORY_DATA_MISSING). */
export function jsonObjectOrAbsent(body: unknown): unknown {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? body : undefined;
}
