"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { requestDecisionSchema } from "@/lib/portal/staff/staff-forms";
import { decideControlChange } from "../decide-control-change";
import { staffAction } from "../staff-action";

/** ADMIN, not the one who asked: rejects a looser control; nothing changes. */
export const rejectControlChangeAction = staffAction(
  { action: "request.rejected", permission: "request.decide", input: requestDecisionSchema, reasonRequired: false },
  async (context) => {
    const decided = await decideControlChange(context, "reject");
    revalidatePath("/staff/controls");
    return decided;
  },
);
