"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { requestDecisionSchema } from "@/lib/portal/staff/staff-forms";
import { decideStaffRequest } from "../approve-staff-request";
import { staffAction } from "../staff-action";

/**
 * ADMIN, not the requester: approves a large goodwill credit or refund,
 * which is then performed exactly once (the database hands the request to
 * one approval only; the action's idempotency key covers a retry).
 */
export const approveRequestAction = staffAction(
  { action: "request.approved", permission: "request.decide", input: requestDecisionSchema, reasonRequired: false },
  async (context) => {
    const decided = await decideStaffRequest(context, context.input, "approve");
    revalidatePath("/staff/approvals");
    revalidatePath("/staff/members", "layout");
    return decided;
  },
);
