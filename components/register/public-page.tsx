import { IntentLink } from "@/components/ui/intent-link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { focusRing } from "@/components/ui/focus-ring";
import { textLink } from "@/components/ui/text-link";

/** The frame of the public registration pages: the portal's name, a heading and a narrow column that reads well at 360 px. */
export function PublicPage({
  title,
  intro,
  languageChoice,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** The language switcher, handed in by the page (it holds the server action). */
  languageChoice?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations("register");
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-2xl items-center justify-between px-4 py-3">
          <IntentLink href="/" className={`rounded font-semibold text-brand-900 ${focusRing}`}>
            {t("portalName")}
          </IntentLink>
          <div className="flex items-center gap-3">
            {languageChoice}
            <IntentLink href="/login" className={`text-sm ${textLink}`}>
              {t("signIn")}
            </IntentLink>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {intro ? <div className="mt-2 text-base text-slate-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </main>
    </>
  );
}
