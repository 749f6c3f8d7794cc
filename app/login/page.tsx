import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ProgrammeSignIn } from "@/components/login/programme-sign-in";
import { LanguageSwitcher } from "@/components/portal/language-switcher";
import { safeCallbackPath } from "@/lib/portal/login-path";
import { loginNotice, type LoginQuery } from "@/server/portal/auth/login-notice";
import { getMemberSession } from "@/server/portal/auth/member-session";
import { chooseLanguage } from "@/server/portal/i18n/choose-language-action";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("login"))("title") };
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** Whether a usable session exists; a session the service cannot refresh just now counts as none here. */
async function signedIn(): Promise<boolean> {
  try {
    return (await getMemberSession()) !== null;
  } catch {
    return false;
  }
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<LoginQuery> }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(first(params.callbackUrl));
  if (await signedIn()) redirect(callbackUrl);
  const t = await getTranslations("login");
  const message = await loginNotice(params, t);

  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">{t("portalName")}</p>
        <LanguageSwitcher chooseLanguage={chooseLanguage} />
      </div>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-3 text-slate-600">{t("intro")}</p>

      {message ? (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={`mt-6 rounded-lg border px-4 py-3 text-sm ${
            message.tone === "error"
              ? "border-rose-300 bg-rose-50 text-rose-900"
              : "border-brand-600/30 bg-brand-50 text-brand-900"
          }`}
        >
          {message.text}
        </p>
      ) : null}

      <div className="mt-8">
        <ProgrammeSignIn callbackUrl={callbackUrl} />
      </div>

      <p className="mt-8 text-sm text-slate-600">
        {t("noOnlineLogin")}{" "}
        <Link
          href="/register"
          className="font-medium text-brand-700 underline underline-offset-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {t("register")}
        </Link>
      </p>

      <p className="mt-4 text-sm text-slate-600">
        <Link
          href="/"
          className="font-medium text-brand-700 underline-offset-4 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {t("backHome")}
        </Link>
      </p>
    </main>
  );
}
