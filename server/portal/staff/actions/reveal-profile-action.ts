"use server";

import "server-only";
import { revealContactSchema } from "@/lib/portal/staff/staff-forms";
import { contactView } from "../contact-view";
import { readMemberProfile } from "../read-member";
import { staffAction } from "../staff-action";
import { StaffRefusal } from "../staff-refusal";

/**
 * An agent opens a member's profile form, which holds the email and phone
 * numbers in full: a POST (never a link or a URL a reload repeats), recorded
 * once as `member.contact_revealed` for the edit, answering the membership
 * for the form. Reloading the page shows them hidden again.
 */
export const revealProfileAction = staffAction(
  { action: "member.contact_revealed", permission: "member.edit", input: revealContactSchema, reasonRequired: false },
  async ({ input, staff, local }) => {
    const read = await readMemberProfile(staff, input.membershipNumber);
    if (!read.ok) throw new StaffRefusal("The member's profile could not be read. Try again.");
    const full = contactView(read.value, false);
    return local(async () => ({
      result: read.value,
      audit: {
        targetType: "member",
        targetId: input.membershipNumber,
        membershipNumber: input.membershipNumber,
        // What was shown, never the values themselves.
        after: {
          revealed: [...(full.email ? ["email"] : []), ...full.phones.map((phone) => phone.label)],
          purpose: "edit profile",
        },
      },
    }));
  },
);
