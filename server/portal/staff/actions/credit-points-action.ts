"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { creditPointsSchema } from "@/lib/portal/staff/staff-forms";
import { performGoodwillCredit, planGoodwillCredit } from "../credit-goodwill-points";
import { recordStaffAdjustment } from "../record-staff-adjustment";
import { staffAction } from "../staff-action";
import { readStaffControls } from "../staff-controls";
import { StaffRefusal } from "../staff-refusal";

/**
 * ADMIN: goodwill points through P4, with a reason code. Held to the role's
 * daily limit; above the approval threshold it is stored as a request that
 * another administrator approves (`points.credit_requested`), else credited
 * at once, audited before and after the call. Either way the credit is
 * stored before anything is sent, under the form's key.
 */
export const creditPointsAction = staffAction(
  { action: "points.credited", permission: "points.credit", input: creditPointsSchema, reasonRequired: true },
  async ({ input, staff, reason, reasonCode, db, remote, localIf, notSent, replayed }) => {
    const now = new Date();
    // Reads the member first: only a member of ours in the credit's programme is credited or requested for.
    const planned = await planGoodwillCredit(staff, input, now);
    const controls = await readStaffControls(db);
    const needsApproval = input.points > controls.goodwillApprovalPoints;
    const adjustment = {
      kind: "goodwill_credit" as const,
      formKey: input.formKey,
      membershipNumber: input.membershipNumber,
      points: input.points,
      reasonCode: reasonCode!,
      ...(reason ? { reason } : {}),
      expiresAt: needsApproval ? new Date(now.getTime() + controls.approvalExpiryMinutes * 60_000) : null,
    };
    revalidatePath(`/staff/members/${input.membershipNumber}`, "layout");
    if (needsApproval) {
      let stored = await localIf(async (tx) => {
        const { adjustment: request, created } = await recordStaffAdjustment(tx, staff, adjustment, now);
        if (!created) return undefined;
        return {
          result: request,
          audit: {
            ...planned.audit,
            targetType: "member",
            after: { points: input.points, requestId: request.id, expiresAt: request.expiresAt?.toISOString() },
          },
        };
      }, "points.credit_requested");
      if (!stored) {
        // The same form sent again: the request it stored the first time, recorded then.
        replayed();
        stored = (await recordStaffAdjustment(db, staff, adjustment, now)).adjustment;
      }
      revalidatePath("/staff/approvals");
      return { requested: true as const, requestId: stored.id, points: input.points, balanceAfter: null };
    }
    const { adjustment: stored } = await recordStaffAdjustment(db, staff, adjustment, now);
    if (stored.status === "pending") throw new StaffRefusal("This credit waits for another administrator's approval.");
    const done = await performGoodwillCredit({ staff, db, remote, notSent }, stored);
    return { requested: false as const, requestId: stored.id, ...done };
  },
);
