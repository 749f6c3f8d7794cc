import "server-only";
import { sentence } from "@/lib/forms/field-errors";
import { profileChanges, type ProfileChange } from "@/lib/portal/profile/profile-changes";
import type { ProfileFormValues } from "@/lib/portal/profile/profile-fields";
import {
  planProfileUpdate,
  profileFieldForPath,
  profileFormSchema,
  toProfileValues,
} from "@/lib/portal/profile/profile-plan";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { LoyaltyApiError } from "@/lib/loyalty-client/errors";
import { loyaltyService } from "@/server/portal/loyalty-service";
import type { AuditSubject } from "./append-audit-event";
import { readMemberProfile } from "./read-member";
import { StaffRefusal } from "./staff-refusal";
import { staffAgent } from "./staff-agent";
import type { StaffSession } from "./staff-session";

/** The service's wording is for partners; where a code says more to staff, this says it. */
const childMessages: Readonly<Record<string, string>> = {
  PHONE_NUMBER_INVALID: "The country code must be that of the member's country of residence.",
  POSTAL_ADDRESS_INVALID: "Check the postcode: it is not one of the member's country of residence.",
};

/** What an edit is about to do: the PATCHes to send and the audit row's before and after. */
export interface PlannedProfileEdit {
  membership: MembershipResponse;
  changes: ProfileChange[];
  patches: ReturnType<typeof planProfileUpdate>["patches"];
  audit: AuditSubject;
}

const asRecord = (changes: ProfileChange[], side: "before" | "after") =>
  Object.fromEntries(changes.map((change) => [change.field, change[side]]));

/**
 * Reads the membership as the agent and plans the edit with the member
 * form's own plan and contract schema, so staff can send exactly what a
 * member could: the same fields, the same rules, only what changed.
 */
export async function planMemberProfileEdit(
  staff: StaffSession,
  membershipNumber: string,
  values: ProfileFormValues,
): Promise<PlannedProfileEdit> {
  const read = await readMemberProfile(staff, membershipNumber);
  if (!read.ok) {
    throw new StaffRefusal(
      read.problem === "not-found"
        ? "There is no member of ours with this membership number."
        : (read.message ?? "The member's profile could not be read. Nothing was changed."),
    );
  }
  const membership = read.value;
  const checked = profileFormSchema(membership).safeParse(values);
  if (!checked.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of checked.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    throw new StaffRefusal("Some details need correcting.", { code: "invalid", fieldErrors });
  }
  const { patches } = planProfileUpdate(membership, values);
  const changes = profileChanges(membership, values);
  if (patches.length === 0 || changes.length === 0) {
    throw new StaffRefusal("Nothing to save: no details were changed.", { code: "invalid" });
  }
  return {
    membership,
    changes,
    patches,
    audit: {
      targetType: "member",
      targetId: membershipNumber,
      membershipNumber,
      before: asRecord(changes, "before"),
      after: asRecord(changes, "after"),
    },
  };
}

/**
 * Sends the planned PATCHes (P8) as the agent, in order; a refusal stops
 * there and is placed on the form's fields (saying which earlier changes
 * were saved). Answers the membership as stored afterwards, and the
 * changed fields as the service now holds them (upper-case ASCII).
 */
export async function sendMemberProfileEdit(
  staff: StaffSession,
  edit: PlannedProfileEdit,
): Promise<{ membership: MembershipResponse; stored: Record<string, string> }> {
  const agent = staffAgent(staff);
  const number = edit.membership.membershipIdentifier;
  for (const [index, patch] of edit.patches.entries()) {
    try {
      await loyaltyService().updateMembershipAsAgent(number, patch.body, agent);
    } catch (error) {
      if (!(error instanceof LoyaltyApiError) || error.status >= 500 || error.status === 429 || error.status === 401)
        throw error;
      const fieldErrors: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const child of error.childErrors) {
        const message = childMessages[child.code] ?? sentence(child.developerMessage ?? child.businessMessage);
        const field = child.path ? profileFieldForPath(child.path, patch) : undefined;
        if (field) fieldErrors[field] ??= message;
        else elsewhere.push(message);
      }
      const saved = index > 0 ? " The changes before it were saved." : "";
      throw new StaffRefusal(
        `The loyalty service refused a change: ${elsewhere[0] ?? error.body.businessMessage}${saved}`,
        { fieldErrors },
      );
    }
  }
  const after = await loyaltyService().retrieveMembershipAsAgent(number, agent);
  const values = toProfileValues(after);
  const stored = Object.fromEntries(edit.changes.map((change) => [change.field, values[change.field]]));
  return { membership: after, stored };
}
