import type { TextareaHTMLAttributes } from "react";
import { FieldFrame, wireField, type FieldProps, type NativeProps } from "./field-frame";
import { controlClass } from "./field-label";

export interface TextareaFieldProps extends FieldProps, NativeProps<TextareaHTMLAttributes<HTMLTextAreaElement>> {
  /** Code-like values (one address a line) in a fixed-width face. */
  mono?: boolean;
}

/** A labelled multi-line input with its hint and error, wired like a TextField. */
export function TextareaField({
  registration,
  name,
  idBase,
  label,
  hint,
  optional,
  error,
  errorElsewhere,
  className,
  mono = false,
  rows = 3,
  ...textarea
}: TextareaFieldProps) {
  const field = wireField({ registration, name, idBase, label, hint, error, errorElsewhere });
  return (
    <FieldFrame idKey={field.key} label={label} hint={hint} optional={optional} error={error} className={className}>
      <textarea
        {...field.binding}
        {...textarea}
        {...field.control}
        rows={rows}
        className={[controlClass(field.invalid), mono ? "font-mono" : ""].filter(Boolean).join(" ")}
      />
    </FieldFrame>
  );
}
