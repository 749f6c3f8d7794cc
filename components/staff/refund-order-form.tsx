"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { StaffActionResult } from "@/lib/actions/action-result";
import { reasonSchema } from "@/lib/portal/staff/reason";
import { refundOutcome } from "@/lib/portal/staff/refund-words";
import type { RefundOrderInput } from "@/lib/portal/staff/staff-forms";
import { ReasonField } from "./reason-field";
import { StaffFormCard, StaffOutcomeCard } from "./staff-form-card";
import { useStaffActionForm } from "./use-staff-action-form";

const schema = z.object({ reason: reasonSchema });

/** ADMIN: refund a completed order (points reversed, card refunded) with a reason. */
export function RefundOrderForm({
  membershipNumber,
  orderId,
  until,
  paid,
  onRefund,
}: {
  membershipNumber: string;
  orderId: string;
  /**
   * The end of the reversal window, as the page words it; null once the
   * order cannot be refunded (then only the outcome of a refund made here
   * stays on screen: the page is rendered again after it, without the form).
   */
  until: string | null;
  /** What the member paid, in words ("9,000 points", "£90.00"): what the refund gives back. */
  paid: { points: string | null; cash: string | null };
  onRefund: (input: RefundOrderInput) => Promise<StaffActionResult<{ state: string; status: string }>>;
}) {
  const form = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { reason: "" } });
  const refund = useStaffActionForm({
    form,
    fields: ["reason"],
    action: ({ reason }: z.output<typeof schema>) => onRefund({ membershipNumber, orderId, reason }),
    said: ({ state }) => refundOutcome(state, paid),
    onSuccess: () => form.reset({ reason: "" }),
    refused: {
      title: "The order was not refunded",
      notSent: "The refund could not be sent. Check the order before trying again.",
    },
  });

  if (until === null) return <StaffOutcomeCard message={refund.status} />;
  return (
    <StaffFormCard
      form={refund}
      submit={{ label: "Refund order", pendingLabel: "Refunding…" }}
      heading="Refund this order"
      intro={
        <p className="text-sm text-slate-600">
          Gives back {[paid.cash, paid.points].filter(Boolean).join(" and ")} in full: the points to the member&apos;s
          account, the cash to the card. Possible until {until}.
        </p>
      }
    >
      <ReasonField registration={form.register("reason")} error={form.formState.errors.reason?.message} />
    </StaffFormCard>
  );
}
