import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ProgrammeSignIn } from "@/components/login/programme-sign-in";
import { LanguageSwitcher } from "@/components/portal/language-switcher";
import { textLink } from "@/components/ui/text-link";
import { SignInFrame } from "@/components/ui/sign-in-frame";
import { safeCallbackPath } from "@/lib/portal/login-path";
import { loginNotice, type LoginQuery } from "@/server/portal/auth/login-notice";
import { getMemberSession } from "@/server/portal/auth/member-session";
import { newSignInFormToken } from "@/server/portal/auth/start-sign-in";
import { chooseLanguage } from "@/server/portal/i18n/choose-language-action";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

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
    <ClientMessagesProvider namespaces={["login", "header", "formMessages"]}>
      <SignInFrame
        main
        width="lg"
        card={false}
        eyebrow={t("portalName")}
        aside={<LanguageSwitcher chooseLanguage={chooseLanguage} />}
        title={t("heading")}
        intro={t("intro")}
        notice={message ?? undefined}
        footer={
          <>
            <p>
              {t("noOnlineLogin")}{" "}
              <IntentLink href="/register" className={textLink}>
                {t("register")}
              </IntentLink>
            </p>
            <p>
              <IntentLink href="/" className={textLink}>
                {t("backHome")}
              </IntentLink>
            </p>
          </>
        }
      >
        <ProgrammeSignIn callbackUrl={callbackUrl} formToken={newSignInFormToken()} />
      </SignInFrame>
    </ClientMessagesProvider>
  );
}
