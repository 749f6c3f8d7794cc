"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { resendRequestSchema } from "@/lib/portal/staff/staff-forms";
import { resendStaffAdjustment } from "../resend-staff-adjustment";
import { staffAction } from "../staff-action";

/**
 * ADMIN (who may approve): sends again a request whose outcome is unknown,
 * as the administrator who presses it, under the request's own idempotency
 * key, so a first attempt that did arrive is replayed, not repeated. The
 * database hands the request to one resend only; a request performed or
 * failed is refused in words.
 */
export const resendRequestAction = staffAction(
  { action: "request.resent", permission: "request.decide", input: resendRequestSchema, reasonRequired: false },
  async (context) => {
    const resent = await resendStaffAdjustment(context, context.input);
    revalidatePath("/staff/approvals");
    revalidatePath("/staff/members", "layout");
    return resent;
  },
);
