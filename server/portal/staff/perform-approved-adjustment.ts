import "server-only";
import { performGoodwillCredit, type GoodwillCreditDone } from "./credit-goodwill-points";
import { reasonCodeLabels } from "./find-reason-codes";
import type { StaffAdjustment } from "./record-staff-adjustment";
import { performRequestedRefund } from "./refund-by-request";
import type { StaffAuditContext } from "./staff-action-audit";
import type { StaffSession } from "./staff-session";

/** What an approved adjustment's action answered: the credit made, or the refunded order's state and status. */
export type ApprovedAdjustmentPerformed =
  | { kind: "goodwill_credit"; credit: GoodwillCreditDone }
  | { kind: "order_refund"; refund: { state: string; status: string } };

/**
 * Performs an approved adjustment's action as the administrator who sends
 * it, under the adjustment's own key: a goodwill credit (audited as
 * `points.credited`), or the order's refund through its saga (audited as
 * `order.refunded`, with the request's free text, else its code's words, on
 * the order's timeline); then settles the adjustment. `again` is a resend of
 * one whose outcome was unknown: an order its first attempt already put in
 * motion is answered as it stands rather than refused.
 */
export async function performApprovedAdjustment(
  context: { staff: StaffSession } & Pick<StaffAuditContext, "db" | "remote" | "notSent">,
  adjustment: StaffAdjustment,
  options: { again?: boolean } = {},
): Promise<ApprovedAdjustmentPerformed> {
  if (adjustment.kind === "goodwill_credit") {
    const credit = await performGoodwillCredit(context, adjustment, "points.credited");
    return { kind: "goodwill_credit", credit };
  }
  const labels = await reasonCodeLabels(context.db);
  const timelineReason = adjustment.reason ?? labels[adjustment.reasonCode] ?? adjustment.reasonCode;
  const refunded = await performRequestedRefund(context, adjustment, timelineReason, "order.refunded", options);
  return { kind: "order_refund", refund: { state: refunded.state, status: refunded.status } };
}
