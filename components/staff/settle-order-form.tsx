"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FieldError } from "@/components/forms/field-error";
import type { StaffActionResult } from "@/lib/actions/action-result";
import { withReasonCode, type ReasonCodeOption } from "@/lib/portal/staff/reason";
import {
  settlementLabels,
  settlementOutcomes,
  type SettleOrderInput,
  type SettlementOutcome,
} from "@/lib/portal/staff/staff-forms";
import { ReasonCodeFields } from "./reason-code-fields";
import { StaffFormCard, StaffOutcomeCard } from "./staff-form-card";
import { useStaffActionForm } from "./use-staff-action-form";

const schema = withReasonCode({
  outcome: z
    .string()
    .refine((value) => (settlementOutcomes as readonly string[]).includes(value), "Choose how the order was settled.")
    .transform((value) => value as SettlementOutcome),
});
type Values = z.input<typeof schema>;

/** ADMIN: settle an order that needs attention: what became of it, and why staff say so. */
export function SettleOrderForm({
  membershipNumber,
  orderId,
  open,
  reasonCodes,
  idBase,
  onSettle,
}: {
  membershipNumber: string;
  orderId: string;
  /** Whether the order needs attention; once settled only the outcome stays on screen. */
  open: boolean;
  reasonCodes: readonly ReasonCodeOption[];
  /** Where a page shows several of these forms, each needs ids of its own. */
  idBase?: string;
  onSettle: (input: SettleOrderInput) => Promise<StaffActionResult<{ state: string }>>;
}) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { outcome: "", reasonCode: "", reason: "" },
  });
  const outcomeError = form.formState.errors.outcome?.message;
  const settle = useStaffActionForm({
    form,
    fields: ["outcome", "reasonCode", "reason"],
    action: ({ outcome, reasonCode, reason }: z.output<typeof schema>) =>
      onSettle({ membershipNumber, orderId, outcome, reasonCode, ...(reason ? { reason } : {}) }),
    said: ({ state }) => `Settled: the order is now ${state.replace(/_/g, " ")}.`,
    refused: {
      title: "The order was not settled",
      notSent: "The settlement could not be sent. Check your connection and try again.",
    },
  });

  if (!open) return <StaffOutcomeCard message={settle.status} />;
  return (
    <StaffFormCard
      form={settle}
      submit={{ label: "Settle order", pendingLabel: "Settling…" }}
      heading="Settle this order"
    >
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
      <ReasonCodeFields
        codes={reasonCodes}
        id={idBase}
        code={{ registration: form.register("reasonCode"), error: form.formState.errors.reasonCode?.message }}
        details={{ registration: form.register("reason"), error: form.formState.errors.reason?.message }}
      />
    </StaffFormCard>
  );
}
