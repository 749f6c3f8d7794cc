import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { PublicPage } from "@/components/register/public-page";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("register"))("completeTitle") };
}

export default function RegistrationCompletePage() {
  const t = useTranslations("register");
  return (
    <PublicPage title={t("completeHeading")}>
      <div role="status" className="rounded-xl border border-green-200 bg-white p-6 shadow-sm">
        <p className="text-base text-slate-800">{t("completeText")}</p>
        <a
          href="/login"
          className="mt-6 inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 sm:w-auto"
        >
          {t("signIn")}
        </a>
      </div>
    </PublicPage>
  );
}
