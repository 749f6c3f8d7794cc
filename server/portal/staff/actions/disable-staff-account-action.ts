"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { staffAccountActionSchema } from "@/lib/portal/staff/staff-forms";
import { disableStaffAccount } from "../disable-staff-account";
import { staffAction } from "../staff-action";

/** ADMIN: disables an account; its sessions end in the same transaction. */
export const disableStaffAccountAction = staffAction(
  { action: "staff.disabled", permission: "staff.manage", input: staffAccountActionSchema, reasonRequired: true },
  async ({ input, staff, local }) => {
    const disabled = await local((tx) => disableStaffAccount(tx, input.staffId, staff.staffId, new Date()));
    revalidatePath("/staff/accounts");
    return disabled;
  },
);
