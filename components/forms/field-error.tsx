"use client";

import { useTranslations } from "next-intl";
import { fieldIds } from "./field-ids";
import { useFormMessage } from "./use-form-message";

/** The message under a field that failed; its id is in the field's aria-describedby. */
export function FieldError({ name, message }: { name: string; message?: string }) {
  const t = useTranslations("forms");
  const translate = useFormMessage();
  if (!message) return null;
  return (
    <p id={fieldIds(name).error} className="mt-1.5 flex gap-1.5 text-sm font-medium text-red-700">
      <span aria-hidden="true">!</span>
      <span>
        <span className="sr-only">{t("errorPrefix")} </span>
        {translate(message)}
      </span>
    </p>
  );
}
