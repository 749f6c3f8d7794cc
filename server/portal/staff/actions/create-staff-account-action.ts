"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { createStaffSchema } from "@/lib/portal/staff/staff-forms";
import { prepareStaffAccount } from "../create-staff-account";
import { staffAction } from "../staff-action";

/** ADMIN: a new staff account; its password is answered once, to be handed over, and never shown again. */
export const createStaffAccountAction = staffAction(
  { action: "staff.created", permission: "staff.manage", input: createStaffSchema, reasonRequired: true },
  async ({ input, staff, local }) => {
    const insert = await prepareStaffAccount(input.username, input.role);
    const created = await local((tx) => insert(tx, staff.username));
    revalidatePath("/staff/accounts");
    return created;
  },
);
