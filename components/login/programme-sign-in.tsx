"use client";

import { signIn } from "next-auth/react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { signInProgrammes, type SignInProvider } from "@/lib/portal/sign-in-programmes";
import { focusRing } from "@/components/ui/focus-ring";

/**
 * One button per programme. Each starts next-auth's sign-in for that
 * programme, which sends the member to the programme's own login page and
 * back to `callbackUrl`.
 */
export function ProgrammeSignIn({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations("login");
  // The programme's own login page speaks the member's language too (OpenID Connect's ui_locales).
  const locale = useLocale();
  const [starting, setStarting] = useState<SignInProvider | null>(null);
  // Coming back with the browser's Back button restores the page as it was left: buttons disabled.
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
          <button
            type="button"
            disabled={starting !== null}
            aria-describedby={`${programme.provider}-description`}
            onClick={() => {
              setStarting(programme.provider);
              void signIn(programme.provider, { callbackUrl }, { ui_locales: locale }).catch(() => setStarting(null));
            }}
            className={`group flex min-h-16 w-full items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3 text-left shadow-sm hover:border-brand-600 ${focusRing} focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-70`}
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
        </li>
      ))}
    </ul>
  );
}
