"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { staffAccountActionSchema } from "@/lib/portal/staff/staff-forms";
import { prepareStaffPasswordReset } from "../reset-staff-password";
import { staffAction } from "../staff-action";

/** ADMIN: a new password for an account, answered once; the account's sessions end. */
export const resetStaffPasswordAction = staffAction(
  { action: "staff.password_reset", permission: "staff.manage", input: staffAccountActionSchema, reasonRequired: true },
  async ({ input, local }) => {
    const reset = await prepareStaffPasswordReset();
    const result = await local((tx) => reset(tx, input.staffId, new Date()));
    revalidatePath("/staff/accounts");
    return result;
  },
);
