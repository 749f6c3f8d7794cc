import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { preferredLocale } from "@/lib/i18n/resolve-locale";

/**
 * The language of a login page (A1, A3): the `ui_locales` the application
 * sent (OpenID Connect Core §3.1.2.1, space-separated tags in order of
 * preference; the partner portal sends its member's language), then the
 * browser's Accept-Language, then English. An extension of A1 and A3: the
 * spec defines no language and no answer changes with it.
 */
export function loginLocale(request: Request): Locale {
  const asked = new URL(request.url).searchParams.get("ui_locales");
  return (
    preferredLocale(asked?.trim().split(/\s+/).slice(0, 8).join(",")) ??
    preferredLocale(request.headers.get("accept-language")) ??
    defaultLocale
  );
}
