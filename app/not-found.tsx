import type { Metadata } from "next";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";

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
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-slate-600">{t("text")}</p>
      <p className="mt-6 flex flex-wrap gap-3">
        <Link
          href="/account"
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          {t("account")}
        </Link>
        <Link
          href="/"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-5 font-medium text-slate-800 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          {t("home")}
        </Link>
      </p>
    </main>
  );
}
