import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { countryOptions } from "@/components/forms/country-options";
import { LanguageSwitcher } from "@/components/portal/language-switcher";
import { PublicPage } from "@/components/register/public-page";
import { RegisterForm } from "@/components/register/register-form";
import { formattingLocale } from "@/lib/i18n/locales";
import { chooseLanguage } from "@/server/portal/i18n/choose-language-action";
import { registerAccount } from "@/server/portal/register/register-account-action";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("register"))("title") };
}

export default async function RegisterPage() {
  const t = await getTranslations("register");
  return (
    <ClientMessagesProvider namespaces={["register", "header", "forms", "formMessages"]}>
      <PublicPage
        title={t("title")}
        intro={t("intro")}
        languageChoice={<LanguageSwitcher chooseLanguage={chooseLanguage} />}
      >
        <RegisterForm countries={countryOptions(formattingLocale(await getLocale()))} onSubmit={registerAccount} />
      </PublicPage>
    </ClientMessagesProvider>
  );
}
