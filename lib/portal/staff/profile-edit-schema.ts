import { z } from "zod";
import { profileFields, type ProfileField } from "@/lib/portal/profile/profile-fields";
import { membershipNumberSchema } from "./member-number";
import { withReasonCode } from "./reason";

/** The profile form's values as typed (every field a string), as the member's own form holds them. */
export const profileValuesSchema = z.object(
  Object.fromEntries(profileFields.map((field) => [field, z.string().max(200)])) as Record<ProfileField, z.ZodString>,
);

/**
 * A staff edit of a member's profile: the form's values (the server plans
 * the PATCHes again from the membership it reads itself, with the member
 * form's own plan and contract schema) and why.
 */
export const staffProfileEditSchema = withReasonCode({
  membershipNumber: membershipNumberSchema,
  values: profileValuesSchema,
});
export type StaffProfileEditInput = z.input<typeof staffProfileEditSchema>;
