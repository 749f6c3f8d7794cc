import { defaultLocale, isLocale, localeOfLanguageCode, type Locale } from "./locales";

export interface LocaleSources {
  /**
   * The signed-in member's language as the session stores it: the profile's
   * at sign-in, then the latest choice on the profile or in the header.
   */
  sessionLocale?: string | null;
  /** The language switcher's cookie. */
  cookie?: string | null;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | null;
}

/**
 * Which language a member page speaks: the signed-in member's session first
 * (the profile's language, or what the member switched to since), then the
 * switcher's cookie, then the browser's languages in order of preference,
 * then English.
 */
export function resolveLocale(sources: LocaleSources): Locale {
  return (
    localeOfLanguageCode(sources.sessionLocale) ??
    (isLocale(sources.cookie) ? sources.cookie : undefined) ??
    preferredLocale(sources.acceptLanguage) ??
    defaultLocale
  );
}

/**
 * The first of our languages in an Accept-Language header, by quality
 * (`ca;q=0.9, es-ES, en;q=0.5` → es). A regional tag counts for its language
 * (`fr-CA` → fr); `*` and a quality of 0 choose nothing.
 */
export function preferredLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(",")
    .slice(0, 32)
    .map((part, index) => {
      const [tag = "", ...parameters] = part.trim().split(";");
      const quality = parameters
        .map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { language: tag.trim().toLowerCase().split("-")[0] ?? "", quality: quality ? Number(quality) : 1, index };
    })
    .filter((range) => range.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranges.map((range) => range.language).find(isLocale);
}

/** Pages that stay in English whoever reads them: the staff console, the developer console, the partner docs, the guided demo. */
export function isEnglishOnlyPath(path: string | null | undefined): boolean {
  if (!path) return false;
  return path === "/" || /^\/(?:staff|developers|docs)(?:\/|$)/.test(path);
}
