"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { signInProgrammes, type SignInProvider } from "@/lib/portal/sign-in-programmes";
import { focusRing } from "@/components/ui/focus-ring";

/** Where the programme forms are posted: the portal's sign-in start (server/portal/auth/start-sign-in.ts). */
export const signInStartPath = "/login/start";

/**
 * One button per programme, each the submit button of a plain form: the
 * sign-in for that programme starts on the server, which sends the member
 * to the programme's own login page and back to `callbackUrl`. A plain form
 * works from the moment the button is on screen, before the page's script
 * has run; the script only says "taking you there" meanwhile.
 */
export function ProgrammeSignIn({ callbackUrl, formToken }: { callbackUrl: string; formToken: string }) {
  const t = useTranslations("login");
  // The programme's own login page speaks the member's language too (OpenID Connect's ui_locales).
  const locale = useLocale();
  const [starting, setStarting] = useState<SignInProvider | null>(null);
  // Coming back with the browser's Back button restores the page as it was left: buttons enabled again.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(null);
    };
    window.addEventListener("pageshow", reset);
    return () => window.removeEventListener("pageshow", reset);
  }, []);
  return (
    <ul className="space-y-3" aria-label={t("programmes")}>
      {signInProgrammes.map((programme) => (
        <li key={programme.provider}>
          <form
            method="post"
            action={signInStartPath}
            onSubmit={(event) => {
              // One sign-in at a time: a second click while the first is on its way is not sent.
              if (starting !== null) event.preventDefault();
              else setStarting(programme.provider);
            }}
          >
            <input type="hidden" name="provider" value={programme.provider} />
            <input type="hidden" name="callbackUrl" value={callbackUrl} />
            <input type="hidden" name="ui_locales" value={locale} />
            <input type="hidden" name="csrfToken" value={formToken} />
            <button
              type="submit"
              aria-disabled={starting !== null}
              aria-describedby={`${programme.provider}-description`}
              className={`group flex min-h-16 w-full items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left shadow-sm hover:border-brand-600 ${focusRing} focus-visible:ring-offset-2 aria-disabled:cursor-wait aria-disabled:opacity-70`}
            >
              <span>
                <span className="block font-semibold text-slate-900 group-hover:text-brand-700">
                  {t("signInWith", { programme: programme.name })}
                </span>
                <span id={`${programme.provider}-description`} className="block text-sm text-slate-600">
                  {starting === programme.provider ? t("taking") : t(`descriptions.${programme.provider}`)}
                </span>
              </span>
              <span aria-hidden="true" className="text-xl text-slate-400 group-hover:text-brand-700">
                →
              </span>
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}
