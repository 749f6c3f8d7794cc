import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { focusRing } from "@/components/ui/focus-ring";
import { fieldIds } from "./field-ids";

export interface FieldTextProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Marks the label "(optional)": required is the norm, so only the exception is said. */
  optional?: boolean;
}

export function FieldLabel({ name, label, optional }: FieldTextProps) {
  const t = useTranslations("forms");
  return (
    <label htmlFor={fieldIds(name).input} className="block text-sm font-semibold text-slate-900">
      {label}
      {optional ? <span className="font-normal text-slate-500"> {t("optional")}</span> : null}
    </label>
  );
}

export function FieldHint({ name, hint }: { name: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <div id={fieldIds(name).hint} className="mt-1 text-sm text-slate-600">
      {hint}
    </div>
  );
}

/** Shared look of inputs, selects and text areas; red border when invalid. */
export function controlClass(invalid: boolean): string {
  return [
    "mt-1.5 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm",
    `${focusRing} focus-visible:ring-offset-1`,
    "disabled:cursor-not-allowed disabled:bg-slate-100",
    invalid ? "border-red-600 ring-1 ring-red-600" : "border-slate-400",
  ].join(" ");
}
