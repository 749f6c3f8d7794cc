import type { UseFormRegisterReturn } from "react-hook-form";
import { SelectField } from "@/components/forms/select-field";
import { TextareaField } from "@/components/forms/textarea-field";
import { reasonMaxLength, type ReasonCodeOption } from "@/lib/portal/staff/reason";

/**
 * Why a member of staff moves points or money or changes a profile: a code
 * from the list the database keeps, and details in words, required for a
 * code that needs them ("Other"). Both go to the audit trail.
 */
export function ReasonCodeFields({
  codes,
  code,
  details,
  id,
}: {
  codes: readonly ReasonCodeOption[];
  code: { registration: UseFormRegisterReturn; error?: string };
  details: { registration: UseFormRegisterReturn; error?: string };
  /** Where a page shows several reason fields, each needs ids of its own. */
  id?: string;
}) {
  const needingText = codes.filter((option) => option.needsText).map((option) => `“${option.label}”`);
  return (
    <>
      <SelectField
        registration={code.registration}
        idBase={id ? `${id}-code` : undefined}
        label="Reason"
        hint="For the audit trail."
        placeholder="Choose a reason"
        options={codes.map((option) => ({ value: option.code, label: option.label }))}
        error={code.error}
        required
        aria-required="true"
      />
      <TextareaField
        registration={details.registration}
        idBase={id}
        label="Details"
        hint={
          needingText.length > 0
            ? `In your own words. Required for ${needingText.join(" and ")}.`
            : "In your own words, if it helps whoever reads the audit trail."
        }
        error={details.error}
        rows={3}
        maxLength={reasonMaxLength}
      />
    </>
  );
}
