import type { Metadata } from "next";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";
import { MemberAccountCard } from "@/components/staff/member-account-card";
import { orderPrice } from "@/components/staff/member-orders";
import { MemberHeading } from "@/components/staff/member-heading";
import { MemberNotFound } from "@/components/staff/member-not-found";
import { OrderTimeline } from "@/components/staff/order-timeline";
import { RefundOrderForm } from "@/components/staff/refund-order-form";
import { SettleOrderForm } from "@/components/staff/settle-order-form";
import { StaffServiceProblem } from "@/components/staff/staff-service-problem";
import { formatMinorAmount } from "@/components/checkout/pay-label";
import { formatPoints } from "@/lib/i18n/format";
import { formatStaffDateTime } from "@/lib/portal/staff/staff-dates";
import { readStaffTimeZone } from "@/server/portal/staff/staff-time-zone";
import { isMembershipNumber } from "@/lib/portal/staff/member-number";
import { mayDo } from "@/lib/portal/staff/staff-roles";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { refundOrderAction } from "@/server/portal/staff/actions/refund-order-action";
import { settleOrderAction } from "@/server/portal/staff/actions/settle-order-action";
import { ownProgramme, readMemberAccount, readMemberProfile } from "@/server/portal/staff/read-member";
import { requireStaffPermission } from "@/server/portal/staff/staff-session";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { listReasonCodes } from "@/server/portal/staff/find-reason-codes";
import { readStaffControls } from "@/server/portal/staff/staff-controls";

export const metadata: Metadata = { title: "Order" };

/**
 * One of a member's orders: its saga timeline and the member's balance
 * beside it; an administrator refunds it (completed, within the window) or
 * settles it (needs attention) here.
 */
export default async function StaffOrderPage({
  params,
}: {
  params: Promise<{ membershipNumber: string; orderId: string }>;
}) {
  const { session: staff, allowed } = await requireStaffPermission("member.view");
  if (!allowed) return <ForbiddenPanel what="A member's order" />;
  const { membershipNumber, orderId } = await params;
  if (!isMembershipNumber(membershipNumber))
    return <MemberNotFound membershipNumber={membershipNumber} problem="malformed" />;
  const profile = await readMemberProfile(staff, membershipNumber);
  if (!profile.ok)
    return <MemberNotFound membershipNumber={membershipNumber} problem={profile.problem} message={profile.message} />;
  const order = await findMemberOrder(membershipNumber, orderId, {}, "staff");
  if (!order) {
    return (
      <div className="space-y-4">
        <MemberHeading membership={profile.value} title="Order not found" back />
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          This member has no such order.
        </p>
      </div>
    );
  }
  const db = await getPortalDatabase();
  const { timeZone } = await readStaffTimeZone();
  const [account, reasonCodes, controls] = await Promise.all([
    readMemberAccount(staff, ownProgramme(profile.value) ?? "", membershipNumber),
    listReasonCodes(db),
    readStaffControls(db),
  ]);

  return (
    <div className="space-y-6">
      <MemberHeading membership={profile.value} title={`Order ${order.orderNumber}`} back />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section
          aria-labelledby="order-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="order-heading" className="text-lg font-semibold text-slate-900">
            {order.productName}
          </h2>
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">Status</dt>
              <dd className="font-medium text-slate-900" data-testid="order-status">
                {order.status}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Paid</dt>
              <dd className="font-medium text-slate-900">{orderPrice(order)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Placed</dt>
              <dd className="font-medium text-slate-900">{formatStaffDateTime(order.createdAt, timeZone)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Card</dt>
              <dd className="font-medium text-slate-900">
                {order.card ? `${order.card.brand} ending ${order.card.last4}` : "None"}
              </dd>
            </div>
          </dl>
          <h3 className="mt-6 text-base font-semibold text-slate-900">Timeline</h3>
          <div className="mt-3">
            <OrderTimeline entries={order.timeline} label={`Timeline of ${order.orderNumber}`} timeZone={timeZone} />
          </div>
        </section>
        <div>
          {account.ok ? (
            <MemberAccountCard account={account.value} />
          ) : (
            <StaffServiceProblem problem={account.problem} message={account.message} what="balance" />
          )}
        </div>
      </div>
      {/* Rendered for every order an administrator opens, so a refund's or a settlement's outcome stays on
          screen when the page is rendered again without the form. */}
      {mayDo(staff.role, "order.refund") ? (
        <RefundOrderForm
          membershipNumber={membershipNumber}
          orderId={order.id}
          paid={{
            points: order.points > 0 ? `${formatPoints(order.points)} points` : null,
            cash: order.cashMinor > 0 ? formatMinorAmount(order.cashMinor, order.currency) : null,
          }}
          until={order.cancellableUntil ? formatStaffDateTime(order.cancellableUntil, timeZone) : null}
          reasonCodes={reasonCodes}
          {...(order.cashMinor > controls.refundApprovalCashMinor
            ? { approvalAbove: formatMinorAmount(controls.refundApprovalCashMinor, order.currency) }
            : {})}
          onRefund={refundOrderAction}
        />
      ) : null}
      {mayDo(staff.role, "order.settle") ? (
        <SettleOrderForm
          membershipNumber={membershipNumber}
          orderId={order.id}
          open={order.state === "needs_attention"}
          reasonCodes={reasonCodes}
          onSettle={settleOrderAction}
        />
      ) : null}
    </div>
  );
}
