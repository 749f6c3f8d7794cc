"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useState } from "react";
import type { z } from "zod";
import type { StaffActionResult } from "@/lib/actions/action-result";
import { withReasonCode, type ReasonCodeOption } from "@/lib/portal/staff/reason";
import { refundOutcome } from "@/lib/portal/staff/refund-words";
import type { RefundOrderInput } from "@/lib/portal/staff/staff-forms";
import { ReasonCodeFields } from "./reason-code-fields";
import { StaffFormCard, StaffOutcomeCard } from "./staff-form-card";
import { useStaffActionForm } from "./use-staff-action-form";

const schema = withReasonCode({});
const empty = { reasonCode: "", reason: "" };

/** ADMIN: refund a completed order (points reversed, card refunded) with a reason. */
export function RefundOrderForm({
  membershipNumber,
  orderId,
  until,
  reasonCodes,
  approvalAbove,
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
  reasonCodes: readonly ReasonCodeOption[];
  /** When set, the refund's cash is above the approval threshold (its words, e.g. "£100.00"): it is requested. */
  approvalAbove?: string;
  /** What the member paid, in words ("9,000 points", "£90.00"): what the refund gives back. */
  paid: { points: string | null; cash: string | null };
  onRefund: (
    input: RefundOrderInput,
  ) => Promise<StaffActionResult<{ state: string; status: string; requested: boolean }>>;
}) {
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: empty,
  });
  // One per form shown: a double submission stores one request.
  const [formKey, setFormKey] = useState(() => crypto.randomUUID());
  const refund = useStaffActionForm({
    form,
    fields: ["reasonCode", "reason"],
    action: ({ reasonCode, reason }: z.output<typeof schema>) =>
      onRefund({ membershipNumber, orderId, formKey, reasonCode, ...(reason ? { reason } : {}) }),
    said: ({ state, requested }) =>
      requested
        ? "Refund requested: another administrator approves it in Approvals. Nothing was refunded yet."
        : refundOutcome(state, paid),
    onSuccess: () => {
      form.reset(empty);
      setFormKey(crypto.randomUUID());
    },
    refused: {
      title: "The order was not refunded",
      notSent: "The refund could not be sent. Check the order before trying again.",
    },
  });

  if (until === null) return <StaffOutcomeCard message={refund.status} />;
  return (
    <StaffFormCard
      form={refund}
      submit={
        approvalAbove
          ? { label: "Request refund", pendingLabel: "Requesting…" }
          : { label: "Refund order", pendingLabel: "Refunding…" }
      }
      heading="Refund this order"
      intro={
        <p className="text-sm text-slate-600">
          Gives back {[paid.cash, paid.points].filter(Boolean).join(" and ")} in full: the points to the member&apos;s
          account, the cash to the card. Possible until {until}.
          {approvalAbove
            ? ` The card part is more than ${approvalAbove}: another administrator must approve the refund.`
            : null}
        </p>
      }
    >
      <ReasonCodeFields
        codes={reasonCodes}
        code={{ registration: form.register("reasonCode"), error: form.formState.errors.reasonCode?.message }}
        details={{ registration: form.register("reason"), error: form.formState.errors.reason?.message }}
      />
    </StaffFormCard>
  );
}
