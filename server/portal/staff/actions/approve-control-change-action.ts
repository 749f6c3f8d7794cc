"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { requestDecisionSchema } from "@/lib/portal/staff/staff-forms";
import { decideControlChange } from "../decide-control-change";
import { staffAction } from "../staff-action";

/** ADMIN, not the one who asked: approves a looser control, which applies at once. */
export const approveControlChangeAction = staffAction(
  { action: "request.approved", permission: "request.decide", input: requestDecisionSchema, reasonRequired: false },
  async (context) => {
    const decided = await decideControlChange(context, "approve");
    revalidatePath("/staff/controls");
    return decided;
  },
);
