"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { creditPointsSchema } from "@/lib/portal/staff/staff-forms";
import { planGoodwillCredit, sendGoodwillCredit } from "../credit-goodwill-points";
import { staffAction } from "../staff-action";

/** ADMIN: goodwill points credited through P4, with a reason; audited before and after the call. */
export const creditPointsAction = staffAction(
  { action: "points.credited", permission: "points.credit", input: creditPointsSchema, reasonRequired: true },
  async ({ input, staff, remote }) => {
    const planned = await planGoodwillCredit(staff, input, new Date());
    const credited = await remote(planned.audit, async () => {
      const result = await sendGoodwillCredit(staff, input, planned);
      return {
        result,
        after: { ...(planned.audit.after as object), balance: result.balanceAfter, dateMade: result.dateMade },
      };
    });
    revalidatePath(`/staff/members/${input.membershipNumber}`, "layout");
    return credited;
  },
);
