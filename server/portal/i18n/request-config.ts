import "server-only";
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { cache } from "react";
import { defaultLocale, isLocale, languageCookie, type Locale } from "@/lib/i18n/locales";
import { isEnglishOnlyPath, resolveLocale } from "@/lib/i18n/resolve-locale";
import { getMemberSession } from "@/server/portal/auth/member-session";
import { loadMembership } from "@/server/portal/profile/load-membership";

/** Set by proxy.ts on every page request. */
const pagePathHeader = "x-page-path";

/**
 * The signed-in member's profile language, read back through the service's
 * membership read model (as /profile reads it), once per request. Nobody
 * signed in, or the service not answering, is no language: the page falls
 * back on the cookie and the browser rather than failing for it.
 */
const profileLanguageCode = cache(async (): Promise<string | undefined> => {
  try {
    const session = await getMemberSession();
    if (!session) return undefined;
    return (await loadMembership(session)).member.person.locale?.languageCode;
  } catch {
    return undefined;
  }
});

/** The language of this request's page (lib/i18n/resolve-locale.ts says in which order). */
export async function requestLocale(): Promise<Locale> {
  const requestHeaders = await headers();
  if (isEnglishOnlyPath(requestHeaders.get(pagePathHeader))) return defaultLocale;
  return resolveLocale({
    profileLanguageCode: await profileLanguageCode(),
    cookie: (await cookies()).get(languageCookie)?.value,
    acceptLanguage: requestHeaders.get("accept-language"),
  });
}

async function catalogue(locale: Locale) {
  switch (locale) {
    case "es":
      return (await import("@/messages/es.json")).default;
    case "ca":
      return (await import("@/messages/ca.json")).default;
    case "fr":
      return (await import("@/messages/fr.json")).default;
    case "it":
      return (await import("@/messages/it.json")).default;
    default:
      return (await import("@/messages/en.json")).default;
  }
}

/**
 * next-intl's request configuration (named in next.config.mjs). No locale in
 * the URL: the language belongs to the member, not to the link (see
 * docs/decisions.md). Dates are the service's UTC days.
 */
export default getRequestConfig(async ({ locale: asked }) => {
  const locale = isLocale(asked) ? asked : await requestLocale();
  return { locale, messages: await catalogue(locale), timeZone: "UTC" };
});
