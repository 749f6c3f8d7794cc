import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { PublicPage } from "@/components/register/public-page";
import { ButtonLink } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("register"))("completeTitle") };
}

export default function RegistrationCompletePage() {
  const t = useTranslations("register");
  return (
    <PublicPage title={t("completeHeading")}>
      <div role="status" className="rounded-xl border border-green-200 bg-white p-6 shadow-sm">
        <p className="text-base text-slate-800">{t("completeText")}</p>
        <ButtonLink plain href="/login" variant="primary" size="lg" className="mt-6 w-full sm:w-auto">
          {t("signIn")}
        </ButtonLink>
      </div>
    </PublicPage>
  );
}
