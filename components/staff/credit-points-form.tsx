"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/forms/text-field";
import { formatPoints } from "@/lib/i18n/format";
import type { StaffActionResult } from "@/lib/actions/action-result";
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
  const credit = useStaffActionForm({
    form,
    fields: ["points", "reason"],
    // The form's own values: the action parses them again.
    action: () => onCredit(form.getValues()),
    said: ({ points, balanceAfter }) =>
      `${formatPoints(points)} points credited.${balanceAfter === null ? "" : ` The balance is now ${formatPoints(balanceAfter)} points.`}`,
    // A new form: the next credit is a new one, not a replay of this one.
    onSuccess: () => form.reset({ membershipNumber, points: "", reason: "", formKey: crypto.randomUUID() }),
    refused: {
      title: "No points were credited",
      notSent: "The credit could not be sent. Check your connection and try again.",
    },
  });

  return (
    <StaffFormCard form={credit} submit={{ label: "Credit points", pendingLabel: "Crediting…" }} roomy>
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
