"use client";

import { useTranslations } from "next-intl";
import { ErrorPage } from "@/components/ui/error-page";

/**
 * Anything a member page did not expect. The error's message and stack stay
 * on the server (production sends only a digest); the member gets plain
 * words and a way to try again.
 */
export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("portalError");
  return (
    <ErrorPage
      error={error}
      reset={reset}
      words={{
        title: t("title"),
        text: t("text"),
        reference: (digest) => t("reference", { digest }),
        tryAgain: t("tryAgain"),
      }}
    />
  );
}
