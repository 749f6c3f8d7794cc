"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import { SubmitButton } from "@/components/forms/submit-button";
import type { StaffActionResult } from "@/lib/portal/action-result";
import { reasonSchema } from "@/lib/portal/staff/reason";
import type { RefundOrderInput } from "@/lib/portal/staff/staff-forms";
import { ReasonField } from "./reason-field";
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
  const { messages, alertRef, send } = useStaffActionForm({
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
  // handleSubmit is called in the event, not during render: the callback reads a ref.
  const submit = (event: FormEvent<HTMLFormElement>) => form.handleSubmit(onValid)(event);

  if (until === null) {
    return status ? (
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <FormStatus message={status} />
      </div>
    ) : null;
  }
  return (
    <form
      noValidate
      method="post"
      onSubmit={submit}
      aria-labelledby="refund-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
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
      <div className="flex justify-end">
        <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Refunding…">
          Refund order
        </SubmitButton>
      </div>
    </form>
  );
}
