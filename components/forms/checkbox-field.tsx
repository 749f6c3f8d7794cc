import type { InputHTMLAttributes } from "react";
import { FieldError } from "./field-error";
import { FieldHint } from "./field-label";
import { wireField, type FieldProps, type NativeProps } from "./field-frame";
import { focusRing } from "@/components/ui/focus-ring";

export type CheckboxFieldProps = Omit<FieldProps, "optional"> & NativeProps<InputHTMLAttributes<HTMLInputElement>>;

/**
 * A checkbox with its label beside it (the whole row is the target, 44 px
 * high), its hint and error under it. Several of one name (a list to pick
 * from) each need an `idBase` of their own.
 */
export function CheckboxField({
  registration,
  name,
  idBase,
  label,
  hint,
  error,
  errorElsewhere,
  className,
  ...input
}: CheckboxFieldProps) {
  const field = wireField({ registration, name, idBase, label, hint, error, errorElsewhere });
  return (
    <div className={className}>
      <label htmlFor={field.control.id} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900">
        <input
          {...field.binding}
          {...input}
          {...field.control}
          type="checkbox"
          className={`size-5 shrink-0 accent-brand-600 ${focusRing} focus-visible:ring-offset-2`}
        />
        <span>{label}</span>
      </label>
      <FieldHint name={field.key} hint={hint} />
      <FieldError name={field.key} message={error} />
    </div>
  );
}
