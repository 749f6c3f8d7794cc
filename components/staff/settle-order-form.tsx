"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FieldError } from "@/components/forms/field-error";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import type { StaffActionResult } from "@/lib/portal/action-result";
import { reasonSchema } from "@/lib/portal/staff/reason";
import {
  settlementLabels,
  settlementOutcomes,
  type SettleOrderInput,
  type SettlementOutcome,
} from "@/lib/portal/staff/staff-forms";
import { ReasonField } from "./reason-field";
import { StaffFormCard, StaffOutcomeCard } from "./staff-form-card";
import { useStaffActionForm } from "./use-staff-action-form";

const schema = z.object({
  outcome: z
    .string()
    .refine((value) => (settlementOutcomes as readonly string[]).includes(value), "Choose how the order was settled.")
    .transform((value) => value as SettlementOutcome),
  reason: reasonSchema,
});
type Values = z.input<typeof schema>;

/** ADMIN: settle an order that needs attention: what became of it, and why staff say so. */
export function SettleOrderForm({
  membershipNumber,
  orderId,
  open,
  onSettle,
}: {
  membershipNumber: string;
  orderId: string;
  /** Whether the order needs attention; once settled only the outcome stays on screen. */
  open: boolean;
  onSettle: (input: SettleOrderInput) => Promise<StaffActionResult<{ state: string }>>;
}) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { outcome: "", reason: "" },
  });
  const [status, setStatus] = useState<string>();
  const outcomeError = form.formState.errors.outcome?.message;
  const { messages, alertRef, send, submitWith } = useStaffActionForm({
    form,
    fields: ["outcome", "reason"],
    notSent: "The settlement could not be sent. Check your connection and try again.",
    onSuccess: (data: { state: string }) => setStatus(`Settled: the order is now ${data.state.replace(/_/g, " ")}.`),
  });

  const onValid = ({ outcome, reason }: z.output<typeof schema>) => {
    setStatus(undefined);
    return send(() => onSettle({ membershipNumber, orderId, outcome, reason }));
  };
  const submit = submitWith(onValid);

  if (!open) return <StaffOutcomeCard message={status} />;
  return (
    <StaffFormCard
      onSubmit={submit}
      submit={{ label: "Settle order", pendingLabel: "Settling…", pending: form.formState.isSubmitting }}
      labelledBy="settle-heading"
    >
      <h2 id="settle-heading" className="text-lg font-semibold text-slate-900">
        Settle this order
      </h2>
      <FormAlert ref={alertRef} title="The order was not settled" messages={messages} />
      <FormStatus message={status} />
      <fieldset aria-describedby={outcomeError ? "field-outcome-error" : undefined}>
        <legend className="text-sm font-semibold text-slate-900">What became of it</legend>
        <div className="mt-2 space-y-2">
          {settlementOutcomes.map((outcome) => (
            <label
              key={outcome}
              className="flex min-h-11 gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600"
            >
              <input type="radio" value={outcome} {...form.register("outcome")} className="mt-0.5 h-4 w-4 shrink-0" />
              <span>
                <span className="block font-medium text-slate-900">{settlementLabels[outcome].label}</span>
                <span className="block text-slate-600">{settlementLabels[outcome].hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError name="outcome" message={outcomeError} />
      </fieldset>
      <ReasonField registration={form.register("reason")} error={form.formState.errors.reason?.message} />
    </StaffFormCard>
  );
}
