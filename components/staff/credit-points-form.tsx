"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import { TextField } from "@/components/forms/text-field";
import { formatPoints } from "@/lib/portal/format";
import type { StaffActionResult } from "@/lib/portal/action-result";
import { creditPointsSchema, type CreditPointsInput } from "@/lib/portal/staff/staff-forms";
import { ReasonField } from "./reason-field";
import { StaffFormCard } from "./staff-form-card";
import { useStaffActionForm } from "./use-staff-action-form";

type Values = z.input<typeof creditPointsSchema>;
type Parsed = z.output<typeof creditPointsSchema>;

export interface CreditPointsFormProps {
  membershipNumber: string;
  /** One per form shown; a double submission of it credits once. */
  formKey: string;
  onCredit: (input: CreditPointsInput) => Promise<StaffActionResult<{ points: number; balanceAfter: number | null }>>;
}

/** Goodwill points for a member (ADMIN): how many, and why. */
export function CreditPointsForm({ membershipNumber, formKey, onCredit }: CreditPointsFormProps) {
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(creditPointsSchema),
    defaultValues: { membershipNumber, points: "", reason: "", formKey },
  });
  const [status, setStatus] = useState<string>();
  const { messages, alertRef, send, submitWith } = useStaffActionForm({
    form,
    fields: ["points", "reason"],
    notSent: "The credit could not be sent. Check your connection and try again.",
    onSuccess: ({ points, balanceAfter }: { points: number; balanceAfter: number | null }) => {
      setStatus(
        `${formatPoints(points)} points credited.${balanceAfter === null ? "" : ` The balance is now ${formatPoints(balanceAfter)} points.`}`,
      );
      // A new form: the next credit is a new one, not a replay of this one.
      form.reset({ membershipNumber, points: "", reason: "", formKey: crypto.randomUUID() });
    },
  });

  const onValid = () => {
    setStatus(undefined);
    return send(() => onCredit(form.getValues()));
  };
  const submit = submitWith(onValid);

  return (
    <StaffFormCard
      onSubmit={submit}
      submit={{ label: "Credit points", pendingLabel: "Crediting…", pending: form.formState.isSubmitting }}
      roomy
    >
      <FormAlert ref={alertRef} title="No points were credited" messages={messages} />
      <FormStatus message={status} />
      <TextField
        registration={form.register("points")}
        label="Points"
        hint="A whole number, at most 999,999."
        inputMode="numeric"
        autoComplete="off"
        maxLength={6}
        width="short"
        error={form.formState.errors.points?.message}
      />
      <ReasonField registration={form.register("reason")} error={form.formState.errors.reason?.message} />
    </StaffFormCard>
  );
}
