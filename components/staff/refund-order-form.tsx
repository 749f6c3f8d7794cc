"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import type { StaffActionResult } from "@/lib/portal/action-result";
import { reasonSchema } from "@/lib/portal/staff/reason";
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
  onRefund: (input: RefundOrderInput) => Promise<StaffActionResult<{ state: string; status: string }>>;
}) {
  const form = useForm<z.input<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { reason: "" } });
  const [status, setStatus] = useState<string>();
  const { messages, alertRef, send, submitWith } = useStaffActionForm({
    form,
    fields: ["reason"],
    notSent: "The refund could not be sent. Check the order before trying again.",
    onSuccess: (data: { status: string }) => {
      setStatus(`The order is ${data.status.toLowerCase()}.`);
      form.reset({ reason: "" });
    },
  });

  const onValid = ({ reason }: z.output<typeof schema>) => {
    setStatus(undefined);
    return send(() => onRefund({ membershipNumber, orderId, reason }));
  };
  const submit = submitWith(onValid);

  if (until === null) return <StaffOutcomeCard message={status} />;
  return (
    <StaffFormCard
      onSubmit={submit}
      submit={{ label: "Refund order", pendingLabel: "Refunding…", pending: form.formState.isSubmitting }}
      labelledBy="refund-heading"
    >
      <h2 id="refund-heading" className="text-lg font-semibold text-slate-900">
        Refund this order
      </h2>
      <p className="text-sm text-slate-600">
        The member&apos;s points are returned and the card is refunded in full. Possible until {until}.
      </p>
      <FormAlert ref={alertRef} title="The order was not refunded" messages={messages} />
      <FormStatus message={status} />
      <ReasonField registration={form.register("reason")} error={form.formState.errors.reason?.message} />
    </StaffFormCard>
  );
}
