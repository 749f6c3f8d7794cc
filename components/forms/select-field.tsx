import type { SelectHTMLAttributes } from "react";
import { FieldFrame, wireField, type FieldProps, type NativeProps } from "./field-frame";
import { controlClass } from "./field-label";
import type { SelectOption } from "@/lib/forms/select-option";

export type { SelectOption } from "@/lib/forms/select-option";

export interface SelectFieldProps extends FieldProps, NativeProps<SelectHTMLAttributes<HTMLSelectElement>> {
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose a question", "Anyone"); omitted when a value is always held. */
  placeholder?: string;
  /** The choice in the server's HTML; without it a select shows its first option until react-hook-form hydrates. */
  defaultValue?: string;
}

/** A labelled native select: keyboard, screen readers and small screens handle it well without scripting. */
export function SelectField({
  registration,
  name,
  idBase,
  label,
  hint,
  optional,
  error,
  errorElsewhere,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  const field = wireField({ registration, name, idBase, label, hint, error, errorElsewhere });
  return (
    <FieldFrame idKey={field.key} label={label} hint={hint} optional={optional} error={error} className={className}>
      <select {...field.binding} {...select} {...field.control} className={controlClass(field.invalid)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
