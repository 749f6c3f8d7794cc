/**
 * The portal's languages: the five the spec's update membership takes as
 * `locale.languageCode` (IT, ES, CA, FR, EN), as BCP 47 tags. English is the
 * default and the catalogue every other one is checked against.
 */
export const locales = ["en", "es", "ca", "fr", "it"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** The cookie the header's language switcher sets: the member's choice where no profile says otherwise. */
export const languageCookie = "portal_language";

/** Each language in its own words, for the switcher (a reader looks for their own language's name). */
export const languageNames: Readonly<Record<Locale, string>> = {
  en: "English",
  es: "Español",
  ca: "Català",
  fr: "Français",
  it: "Italiano",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The profile's `languageCode` (any case) as a locale; undefined for none or one outside the five. */
export function localeOfLanguageCode(code: string | undefined | null): Locale | undefined {
  const lower = code?.trim().toLowerCase();
  return isLocale(lower) ? lower : undefined;
}

/** The locale as the profile's `languageCode`. */
export function languageCodeOfLocale(locale: Locale): string {
  return locale.toUpperCase();
}

/**
 * The tag Intl formats with. English keeps the British conventions the
 * portal always used (day before month, "10 March 2026"); the others are
 * their languages as spoken in Spain, France and Italy.
 */
const formattingTags: Readonly<Record<Locale, string>> = {
  en: "en-GB",
  es: "es-ES",
  ca: "ca-ES",
  fr: "fr-FR",
  it: "it-IT",
};

export function formattingLocale(locale: string | undefined): string {
  return isLocale(locale) ? formattingTags[locale] : formattingTags[defaultLocale];
}
