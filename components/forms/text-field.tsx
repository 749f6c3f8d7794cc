import type { HTMLInputAutoCompleteAttribute, InputHTMLAttributes } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "./field-error";
import { describedBy, fieldIds } from "./field-ids";
import { controlClass, FieldHint, FieldLabel, type FieldTextProps } from "./field-label";

export interface TextFieldProps extends Omit<FieldTextProps, "name"> {
  registration: UseFormRegisterReturn;
  error?: string;
  type?: "text" | "email" | "password" | "date" | "tel";
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
  spellCheck?: boolean;
  maxLength?: number;
  max?: string;
  className?: string;
  /** Narrow inputs (codes) keep their width on wide screens. */
  width?: "full" | "short";
  /**
   * The value in the server's HTML. react-hook-form fills its fields only
   * once the page is hydrated; without this a page shows empty fields until
   * then (or for good, without JavaScript).
   */
  defaultValue?: string;
}

/** A labelled input with its hint and error, wired for assistive technology (aria-invalid, aria-describedby). */
export function TextField({
  registration,
  label,
  hint,
  optional,
  error,
  type = "text",
  width = "full",
  className,
  ...input
}: TextFieldProps) {
  const name = registration.name;
  return (
    <div className={className}>
      <FieldLabel name={name} label={label} optional={optional} />
      <FieldHint name={name} hint={hint} />
      <input
        {...registration}
        {...input}
        id={fieldIds(name).input}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { hint: Boolean(hint), error: Boolean(error) })}
        className={`${controlClass(Boolean(error))} ${width === "short" ? "sm:max-w-48" : ""}`}
      />
      <FieldError name={name} message={error} />
    </div>
  );
}
