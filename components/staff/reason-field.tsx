import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "@/components/forms/field-error";
import { describedBy, fieldIds } from "@/components/forms/field-ids";
import { controlClass, FieldHint, FieldLabel } from "@/components/forms/field-label";
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
  const name = id ?? registration.name;
  return (
    <div>
      <FieldLabel name={name} label="Reason" />
      <FieldHint name={name} hint={hint} />
      <textarea
        {...registration}
        id={fieldIds(name).input}
        rows={3}
        maxLength={reasonMaxLength}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { hint: Boolean(hint), error: Boolean(error) })}
        className={controlClass(Boolean(error))}
      />
      <FieldError name={name} message={error} />
    </div>
  );
}
