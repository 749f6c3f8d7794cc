import { useLocale, useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";

export interface ServiceProblemProps {
  kind: "unavailable" | "refused";
  /** The service's business message, for a refusal. */
  message?: string;
  retryHref: string;
}

/** What a member page shows when the loyalty service cannot answer: plain words, never a trace. */
export function ServiceProblem({ kind, message, retryHref }: ServiceProblemProps) {
  const t = useTranslations("serviceProblem");
  // The service words its refusals in English only: another language gets the portal's own words.
  const serviceWords = useLocale() === "en" ? message : undefined;
  return (
    <ErrorPanel
      tone="warning"
      title={kind === "unavailable" ? t("unavailableTitle") : t("refusedTitle")}
      action={
        <ButtonLink href={retryHref} variant="secondary">
          {t("tryAgain")}
        </ButtonLink>
      }
    >
      <p>{kind === "unavailable" ? t("unavailableText") : (serviceWords ?? t("refusedText"))}</p>
    </ErrorPanel>
  );
}
