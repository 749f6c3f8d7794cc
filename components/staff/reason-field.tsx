import type { UseFormRegisterReturn } from "react-hook-form";
import { TextareaField } from "@/components/forms/textarea-field";
import { reasonMaxLength } from "@/lib/portal/staff/reason";

/** The required "Reason" of a staff change: kept in the audit trail as typed. */
export function ReasonField({
  registration,
  error,
  hint = "Why you are doing this, for the audit trail.",
  id,
}: {
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  /** Where a page shows several reason fields, each needs ids of its own. */
  id?: string;
}) {
  return (
    <TextareaField
      registration={registration}
      idBase={id}
      label="Reason"
      hint={hint}
      error={error}
      rows={3}
      maxLength={reasonMaxLength}
      required
      aria-required="true"
    />
  );
}
