import { describe, expect, it } from "vitest";
import { formattingLocale, languageCodeOfLocale, localeOfLanguageCode } from "@/lib/i18n/locales";
import { isEnglishOnlyPath, preferredLocale, resolveLocale } from "@/lib/i18n/resolve-locale";

describe("the language a member page speaks", () => {
  it("takes the profile's language first, whatever the cookie and the browser say", () => {
    expect(resolveLocale({ sessionLocale: "ES", cookie: "fr", acceptLanguage: "it" })).toBe("es");
    expect(resolveLocale({ sessionLocale: "ca" })).toBe("ca");
    expect(resolveLocale({ sessionLocale: "EN", cookie: "fr" })).toBe("en");
  });

  it("takes the switcher's cookie when the profile says nothing the portal speaks", () => {
    expect(resolveLocale({ cookie: "ca", acceptLanguage: "it" })).toBe("ca");
    expect(resolveLocale({ sessionLocale: null, cookie: "it" })).toBe("it");
    expect(resolveLocale({ sessionLocale: "DE", cookie: "fr" })).toBe("fr");
    expect(resolveLocale({ cookie: "de", acceptLanguage: "es" })).toBe("es");
  });

  it("then the browser's languages, then English", () => {
    expect(resolveLocale({ acceptLanguage: "fr-FR,fr;q=0.9,en;q=0.8" })).toBe("fr");
    expect(resolveLocale({ acceptLanguage: "de-DE, de;q=0.9" })).toBe("en");
    expect(resolveLocale({})).toBe("en");
  });
});

describe("Accept-Language", () => {
  it("is read by quality, then by order, a regional tag counting for its language", () => {
    expect(preferredLocale("ca;q=0.9, es-ES, en;q=0.5")).toBe("es");
    expect(preferredLocale("de, it-CH;q=0.7, fr;q=0.7")).toBe("it");
    expect(preferredLocale("EN-gb")).toBe("en");
  });

  it("chooses nothing for a quality of 0, a wildcard, languages the portal does not speak or nonsense", () => {
    expect(preferredLocale("es;q=0, de")).toBeUndefined();
    expect(preferredLocale("*")).toBeUndefined();
    expect(preferredLocale("pt-BR, de")).toBeUndefined();
    expect(preferredLocale(";;,,q=1")).toBeUndefined();
    expect(preferredLocale(undefined)).toBeUndefined();
    expect(preferredLocale("")).toBeUndefined();
  });
});

describe("the pages that stay in English", () => {
  it("are the staff and developer consoles, the partner docs and the guided demo, never a member page", () => {
    for (const path of ["/", "/staff", "/staff/members/1", "/developers", "/developers/keys", "/docs", "/docs/api"])
      expect(isEnglishOnlyPath(path), path).toBe(true);
    for (const path of ["/account", "/shop/FLIGHT-LHR-MAD/checkout", "/login", "/register", "/staffing", "/docsx"])
      expect(isEnglishOnlyPath(path), path).toBe(false);
    expect(isEnglishOnlyPath(null)).toBe(false);
  });
});

describe("the profile's language codes", () => {
  it("map to the portal's locales and back, and to the formats of each language's country", () => {
    expect(localeOfLanguageCode("IT")).toBe("it");
    expect(localeOfLanguageCode(" fr ")).toBe("fr");
    expect(localeOfLanguageCode("PT")).toBeUndefined();
    expect(languageCodeOfLocale("ca")).toBe("CA");
    expect(formattingLocale("en")).toBe("en-GB");
    expect(formattingLocale("ca")).toBe("ca-ES");
    expect(formattingLocale("xx")).toBe("en-GB");
  });
});
