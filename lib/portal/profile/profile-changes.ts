import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { profileFieldLabels, profileFields, type ProfileField, type ProfileFormValues } from "./profile-fields";
import { comparable, toProfileValues } from "./profile-plan";

/** One field a save would change: what is stored and what was typed. */
export interface ProfileChange {
  field: ProfileField;
  label: string;
  before: string;
  after: string;
}

/**
 * The fields whose typed value differs from the stored one, compared as
 * the service stores text (so retyping a value in lower case is no
 * change): the staff console's preview before saving, and the audit
 * trail's before and after.
 */
export function profileChanges(membership: MembershipResponse, values: ProfileFormValues): ProfileChange[] {
  const stored = toProfileValues(membership);
  return profileFields
    .filter((field) => comparable(field, values[field]) !== comparable(field, stored[field]))
    .map((field) => ({ field, label: profileFieldLabels[field], before: stored[field], after: values[field] }));
}
