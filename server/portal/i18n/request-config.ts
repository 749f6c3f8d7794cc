import "server-only";
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { defaultLocale, isLocale, languageCookie, type Locale } from "@/lib/i18n/locales";
import { isEnglishOnlyPath, resolveLocale } from "@/lib/i18n/resolve-locale";
import { getMemberSession } from "@/server/portal/auth/member-session";

/** Set by proxy.ts on every page request. */
const pagePathHeader = "x-page-path";

/**
 * The signed-in member's language from the session (one row the page reads
 * anyway, no call to the service). Nobody signed in, or the database not
 * answering, is no language: the page falls back on the cookie and the
 * browser rather than failing for it.
 */
async function sessionLocale(): Promise<string | undefined> {
  try {
    return (await getMemberSession())?.locale;
  } catch {
    return undefined;
  }
}

/** The language of this request's page (lib/i18n/resolve-locale.ts says in which order). */
export async function requestLocale(): Promise<Locale> {
  const requestHeaders = await headers();
  if (isEnglishOnlyPath(requestHeaders.get(pagePathHeader))) return defaultLocale;
  return resolveLocale({
    sessionLocale: await sessionLocale(),
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
