"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { changeControlSchema } from "@/lib/portal/staff/staff-forms";
import { changeStaffControl } from "../change-staff-control";
import { staffAction } from "../staff-action";

/**
 * ADMIN: a new value for one of the console's controls. Stricter applies at
 * once (`control.changed`); looser waits for a second administrator
 * (`control.change_requested`).
 */
export const changeControlAction = staffAction(
  { action: "control.changed", permission: "controls.change", input: changeControlSchema, reasonRequired: true },
  async (context) => {
    const changed = await changeStaffControl(context);
    revalidatePath("/staff/controls");
    return changed;
  },
);
