"use client";

import { useTranslations } from "next-intl";

/**
 * Anything a member page did not expect. The error's message and stack stay
 * on the server (production sends only a digest); the member gets plain
 * words and a way to try again.
 */
export default function PortalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("portalError");
  return (
    <div role="alert" className="rounded-xl border border-rose-300 bg-rose-50 p-5 text-rose-950">
      <h1 className="text-lg font-semibold">{t("title")}</h1>
      <p className="mt-1 text-sm">{t("text")}</p>
      {error.digest ? <p className="mt-2 text-xs text-rose-800">{t("reference", { digest: error.digest })}</p> : null}
      <button
        type="button"
        onClick={reset}
        className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-rose-400 bg-white px-4 text-sm font-medium hover:border-rose-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-rose-700 focus-visible:ring-offset-2"
      >
        {t("tryAgain")}
      </button>
    </div>
  );
}
