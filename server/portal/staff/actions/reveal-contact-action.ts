"use server";

import "server-only";
import { revealContactSchema } from "@/lib/portal/staff/staff-forms";
import { contactView } from "../contact-view";
import { readMemberProfile } from "../read-member";
import { staffAction } from "../staff-action";
import { StaffRefusal } from "../staff-refusal";

/**
 * An agent sees a member's email and phone partly hidden; revealing them in
 * full is recorded (`member.contact_revealed`), as the member's own data
 * read for a task that needs it.
 */
export const revealContactAction = staffAction(
  { action: "member.contact_revealed", permission: "member.view", input: revealContactSchema, reasonRequired: false },
  async ({ input, staff, local }) => {
    const read = await readMemberProfile(staff, input.membershipNumber);
    if (!read.ok) throw new StaffRefusal("The member's contact details could not be read. Try again.");
    const view = contactView(read.value, false);
    return local(async () => ({
      result: view,
      audit: {
        targetType: "member",
        targetId: input.membershipNumber,
        membershipNumber: input.membershipNumber,
        // What was shown, never the values themselves.
        after: { revealed: [...(view.email ? ["email"] : []), ...view.phones.map((phone) => phone.label)] },
      },
    }));
  },
);
