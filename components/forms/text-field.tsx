import type { InputHTMLAttributes } from "react";
import { FieldFrame, wireField, type FieldProps, type NativeProps } from "./field-frame";
import { controlClass } from "./field-label";

export interface TextFieldProps extends FieldProps, NativeProps<InputHTMLAttributes<HTMLInputElement>> {
  type?: "text" | "email" | "password" | "date" | "datetime-local" | "tel" | "url" | "search";
  /** Narrow inputs (codes, dates) keep their width on wide screens. */
  width?: "full" | "short";
  /** Code-like values (addresses, ids) in a fixed-width face. */
  mono?: boolean;
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
  name,
  idBase,
  label,
  hint,
  optional,
  error,
  errorElsewhere,
  className,
  type = "text",
  width = "full",
  mono = false,
  ...input
}: TextFieldProps) {
  const field = wireField({ registration, name, idBase, label, hint, error, errorElsewhere });
  return (
    <FieldFrame idKey={field.key} label={label} hint={hint} optional={optional} error={error} className={className}>
      <input
        {...field.binding}
        {...input}
        {...field.control}
        type={type}
        className={[controlClass(field.invalid), width === "short" ? "sm:max-w-48" : "", mono ? "font-mono" : ""]
          .filter(Boolean)
          .join(" ")}
      />
    </FieldFrame>
  );
}
