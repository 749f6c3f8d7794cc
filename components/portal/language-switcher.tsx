"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useState, useTransition } from "react";
import { isLocale, languageNames, locales, type Locale } from "@/lib/i18n/locales";
import type { ActionResult } from "@/lib/actions/action-result";
import { focusRing } from "@/components/ui/focus-ring";

/**
 * The header's language choice: a native select (keyboard, screen readers
 * and small screens get the browser's own control). Each language is named
 * in itself and marked with its own `lang`, so a reader lost in a language
 * they do not read still finds theirs. The page is read again in the new
 * language once the choice is stored.
 */
export function LanguageSwitcher({
  chooseLanguage,
}: {
  chooseLanguage: (input: { locale: Locale }) => Promise<ActionResult<undefined>>;
}) {
  const t = useTranslations("header");
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <div className="flex items-center gap-1.5">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <span aria-hidden="true" className="text-slate-500">
        <svg viewBox="0 0 20 20" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.5">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M2.5 10h15M10 2.5c2.2 2.4 2.2 12.6 0 15M10 2.5c-2.2 2.4-2.2 12.6 0 15" />
        </svg>
      </span>
      <select
        id={id}
        value={locale}
        disabled={pending}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          setProblem(null);
          startTransition(async () => {
            const result = await chooseLanguage({ locale: chosen });
            // One sentence for every refusal: the frame sends the header's words only, not the forms' catalogue.
            if (!result.ok) setProblem(t("languageNotChanged"));
            router.refresh();
          });
        }}
        className={`min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 hover:border-brand-600 ${focusRing} disabled:opacity-60`}
      >
        {locales.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageNames[option]}
          </option>
        ))}
      </select>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-xs text-rose-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
