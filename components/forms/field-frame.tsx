import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "./field-error";
import { fieldIds } from "./field-ids";
import { FieldHint, FieldLabel } from "./field-label";

/** What every field takes: how it is bound, its words, and its error. */
export interface FieldProps {
  /** react-hook-form's binding; a plain form (posted as FormData by a server action or a GET) gives `name` instead. */
  registration?: UseFormRegisterReturn;
  name?: string;
  /** Where the element ids come from (`field-<idBase>`), when a page holds several fields of one name; the name otherwise. */
  idBase?: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label "(optional)": required is the norm, so only the exception is said. */
  optional?: boolean;
  error?: string;
  /** The id of an error said elsewhere (a form's answer region): the field is marked invalid and points to it. */
  errorElsewhere?: string;
  /** Layout only, on the field's wrapper (margins, grid placement). */
  className?: string;
}

/**
 * The attributes that bind a control and tie it to its label, hint and
 * error (aria-invalid, aria-describedby), and the ids the texts take.
 */
export function wireField({ registration, name, idBase, hint, error, errorElsewhere }: FieldProps) {
  const key = idBase ?? registration?.name ?? name ?? "";
  const ids = fieldIds(key);
  const invalid = Boolean(error || errorElsewhere);
  const describedBy = [hint ? ids.hint : undefined, error ? ids.error : undefined, errorElsewhere].filter(Boolean);
  return {
    key,
    invalid,
    /** The name and, with react-hook-form, its ref and handlers: spread first, so a field's own handlers win. */
    binding: registration ?? { name },
    control: {
      id: ids.input,
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": describedBy.length > 0 ? describedBy.join(" ") : undefined,
    },
  };
}

/** A control with its label and hint above it and its error under it. */
export function FieldFrame({
  idKey,
  label,
  hint,
  optional,
  error,
  className,
  children,
}: Pick<FieldProps, "label" | "hint" | "optional" | "error" | "className"> & { idKey: string; children: ReactNode }) {
  return (
    <div className={className}>
      <FieldLabel name={idKey} label={label} optional={optional} />
      <FieldHint name={idKey} hint={hint} />
      {children}
      <FieldError name={idKey} message={error} />
    </div>
  );
}

/** The props a field passes on to its native control: everything but what the field itself sets. */
export type NativeProps<Attributes> = Omit<
  Attributes,
  keyof FieldProps | "id" | "aria-invalid" | "aria-describedby" | "children"
>;
