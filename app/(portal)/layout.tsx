import { IntentLink } from "@/components/ui/intent-link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { BalanceBadge } from "@/components/portal/balance-badge";
import { PortalNav, type PortalNavItem } from "@/components/portal/portal-nav";
import { QueryProvider } from "@/components/portal/query-provider";
import { ServiceProblem } from "@/components/portal/service-problem";
import { LanguageSwitcher } from "@/components/portal/language-switcher";
import { SignOutButton } from "@/components/portal/sign-out-button";
import { LoyaltyContractError, LoyaltyUnavailableError } from "@/lib/loyalty-client/errors";
import { programmeName } from "@/lib/portal/sign-in-programmes";
import { loadAccount } from "@/server/portal/account/load-account";
import { requireMemberSession, type MemberSession } from "@/server/portal/auth/member-session";
import { chooseLanguage } from "@/server/portal/i18n/choose-language-action";
import { serviceFailure } from "@/server/portal/service-failure";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";
import { focusRing } from "@/components/ui/focus-ring";
import { SkipLink } from "@/components/ui/skip-link";

/** The member pages' frame: who is signed in, their balance, the pages, and the way out. */
export default async function PortalLayout({ children }: { children: ReactNode }) {
  const t = await getTranslations("header");
  const navigation: PortalNavItem[] = [
    { href: "/account", label: t("nav.account") },
    { href: "/transactions", label: t("nav.transactions") },
    { href: "/shop", label: t("nav.shop") },
    { href: "/orders", label: t("nav.orders") },
    { href: "/profile", label: t("nav.profile") },
  ];
  let session: MemberSession;
  try {
    session = await requireMemberSession();
  } catch (error) {
    // The session's token expired while the service could not refresh it: nothing can be shown until it answers.
    if (!(error instanceof LoyaltyUnavailableError || error instanceof LoyaltyContractError)) throw error;
    return (
      <main id="main" className="mx-auto w-full max-w-4xl px-4 py-10">
        <ServiceProblem kind="unavailable" retryHref="/account" />
      </main>
    );
  }
  let balance: number | undefined;
  try {
    balance = (await loadAccount(session)).balance?.amount;
  } catch (error) {
    // A 401 ends the session (redirect); anything else leaves the header without a balance and the page explains.
    await serviceFailure(error);
  }

  return (
    // The frame's own client parts (the header's, and the error page's); each page sends what its parts read.
    <ClientMessagesProvider namespaces={["header", "portalError"]}>
      <QueryProvider>
        <div className="flex min-h-screen flex-col">
          <SkipLink>{t("skipToContent")}</SkipLink>
          <header className="border-b border-slate-200 bg-white">
            <div className="mx-auto max-w-4xl px-4">
              <div className="flex flex-wrap items-center justify-between gap-3 py-3">
                <IntentLink
                  href="/account"
                  className={`inline-flex items-center gap-2 rounded font-semibold text-brand-900 ${focusRing}`}
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- a 28 px SVG from public/ needs no optimising */}
                  <img src="/brand-mark.svg" alt="" width={28} height={28} className="h-7 w-7" />
                  {t("portalName")}
                </IntentLink>
                {/* Beside the brand on a phone too: the language is found first, whatever the page's language. */}
                <div className="ml-auto sm:order-last sm:ml-0">
                  <LanguageSwitcher chooseLanguage={chooseLanguage} />
                </div>
                {/* On a phone this wraps under the brand: a row of its own, read from the left, Log out at the end. */}
                <div className="flex w-full items-center justify-between gap-3 sm:ml-auto sm:w-auto sm:justify-end">
                  <div className="min-w-0 text-sm leading-tight sm:text-right">
                    <p className="font-medium text-slate-900">
                      {session.name ?? t("memberNumber", { number: session.membershipNumber })}
                    </p>
                    <p className="text-slate-600">
                      {programmeName(session.programme)}
                      <BalanceBadge initialBalance={balance} />
                    </p>
                  </div>
                  <SignOutButton />
                </div>
              </div>
              <PortalNav items={navigation} />
            </div>
          </header>
          <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-6 sm:py-8">
            {children}
          </main>
        </div>
      </QueryProvider>
    </ClientMessagesProvider>
  );
}
