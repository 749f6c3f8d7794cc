"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { staffProfileEditSchema } from "@/lib/portal/staff/profile-edit-schema";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { customerDetails, refreshCustomer } from "../record-customer";
import { ownProgramme } from "../read-member";
import { staffAction } from "../staff-action";
import { planMemberProfileEdit, sendMemberProfileEdit } from "../update-member-profile";

/**
 * AGENT and ADMIN: a member's profile changed through P8 as the agent, with
 * a reason. The server reads the membership and plans the PATCHes itself
 * (the browser's preview is only a preview); the audit trail gets a row
 * before the call and one after, with the fields before and as stored.
 */
export const updateMemberProfileAction = staffAction(
  { action: "profile.updated", permission: "member.edit", input: staffProfileEditSchema, reasonRequired: true },
  async ({ input, staff, remote }) => {
    const edit = await planMemberProfileEdit(staff, input.membershipNumber, input.values);
    const saved = await remote(edit.audit, async () => {
      const result = await sendMemberProfileEdit(staff, edit);
      return { result, after: result.stored };
    });
    await refreshCustomer(
      await getPortalDatabase(),
      customerDetails(saved.membership, ownProgramme(saved.membership) ?? ""),
    ).catch(() => undefined);
    revalidatePath(`/staff/members/${input.membershipNumber}`, "layout");
    return { changed: edit.changes.map((change) => change.label) };
  },
);
