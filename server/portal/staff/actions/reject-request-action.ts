"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { requestDecisionSchema } from "@/lib/portal/staff/staff-forms";
import { decideStaffRequest } from "../approve-staff-request";
import { staffAction } from "../staff-action";

/** ADMIN, not the requester: rejects a large goodwill credit or refund; nothing is sent. */
export const rejectRequestAction = staffAction(
  { action: "request.rejected", permission: "request.decide", input: requestDecisionSchema, reasonRequired: false },
  async (context) => {
    const decided = await decideStaffRequest(context, context.input, "reject");
    revalidatePath("/staff/approvals");
    return decided;
  },
);
