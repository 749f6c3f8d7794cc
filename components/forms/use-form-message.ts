"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { formMessage } from "@/lib/i18n/form-messages";

/**
 * A form message (a schema's, a server action's, the service's) in the
 * page's language: lib/i18n/form-messages.ts knows the English sentences
 * and their catalogue keys. One the table does not know is shown as it came.
 */
export function useFormMessage(): (message: string) => string {
  const t = useTranslations("formMessages");
  return useCallback(
    (message: string) => {
      const known = formMessage(message);
      return known ? t(known.key, known.values) : message;
    },
    [t],
  );
}
