import type { HTMLInputAutoCompleteAttribute } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "./field-error";
import { describedBy, fieldIds } from "./field-ids";
import { controlClass, FieldHint, FieldLabel, type FieldTextProps } from "./field-label";
import type { SelectOption } from "@/lib/forms/select-option";

export type { SelectOption } from "@/lib/forms/select-option";

export interface SelectFieldProps extends Omit<FieldTextProps, "name"> {
  registration: UseFormRegisterReturn;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choose a question"); omitted when a value is always held. */
  placeholder?: string;
  error?: string;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  className?: string;
  /** The choice in the server's HTML; without it a select shows its first option until react-hook-form hydrates. */
  defaultValue?: string;
}

/** A labelled native select: keyboard, screen readers and small screens handle it well without scripting. */
export function SelectField({
  registration,
  options,
  placeholder,
  label,
  hint,
  optional,
  error,
  autoComplete,
  className,
  defaultValue,
}: SelectFieldProps) {
  const name = registration.name;
  return (
    <div className={className}>
      <FieldLabel name={name} label={label} optional={optional} />
      <FieldHint name={name} hint={hint} />
      <select
        {...registration}
        id={fieldIds(name).input}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { hint: Boolean(hint), error: Boolean(error) })}
        className={controlClass(Boolean(error))}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError name={name} message={error} />
    </div>
  );
}
