import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";

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
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <h2 className="text-base font-semibold">{kind === "unavailable" ? t("unavailableTitle") : t("refusedTitle")}</h2>
      <p className="mt-1 text-sm">
        {kind === "unavailable" ? t("unavailableText") : (serviceWords ?? t("refusedText"))}
      </p>
      <Link
        href={retryHref}
        className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-amber-400 bg-white px-4 text-sm font-medium hover:border-amber-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:ring-offset-2"
      >
        {t("tryAgain")}
      </Link>
    </div>
  );
}
