import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("notFound"))("title") };
}

/**
 * The portal's own 404. Next.js's default one is styled with inline style
 * attributes, which the pages' Content-Security-Policy (styles by nonce
 * only) refuses.
 */
export default function NotFound() {
  const t = useTranslations("notFound");
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{t("portalName")}</p>
      <ErrorPanel
        className="mt-2"
        tone="neutral"
        alert={false}
        headingLevel={1}
        title={t("title")}
        action={
          <>
            <ButtonLink href="/account" variant="primary">
              {t("account")}
            </ButtonLink>
            <ButtonLink href="/" variant="secondary">
              {t("home")}
            </ButtonLink>
          </>
        }
      >
        <p>{t("text")}</p>
      </ErrorPanel>
    </main>
  );
}
