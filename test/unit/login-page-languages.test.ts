import { describe, expect, it } from "vitest";
import { locales } from "@/lib/i18n/locales";
import { loginLocale } from "@/server/loyalty/login/login-locale";
import { loginMessages, loginPages } from "@/server/loyalty/login/login-messages";
import { loginWords } from "@/server/loyalty/login/login-translations";
import { renderLoginForm, renderProblemPage } from "@/server/loyalty/login/render-login-page";

const request = (query: string, acceptLanguage?: string) =>
  new Request(`http://localhost:3000/oauth/auth/login?client_id=DEMO-10001${query}`, {
    headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
  });

describe("the programmes' login pages (A1, A3) in the member's language", () => {
  it("take the application's ui_locales first, then the browser's languages, then English", () => {
    expect(loginLocale(request("&ui_locales=ca", "fr"))).toBe("ca");
    expect(loginLocale(request("&ui_locales=pt-BR%20it-IT", "fr"))).toBe("it");
    expect(loginLocale(request("&ui_locales=de", "es-ES,es;q=0.9"))).toBe("es");
    expect(loginLocale(request("", "de"))).toBe("en");
    expect(loginLocale(request(""))).toBe("en");
  });

  it("say the form, its messages and the problem pages in that language, with <html lang>", () => {
    const view = {
      programmeName: "Northstar Club",
      brand: "DemoPartner",
      action: "/oauth/auth/login",
      csrfToken: "token",
      message: loginMessages.invalidCredentials,
    };
    const catalan = renderLoginForm({ ...view, locale: "ca" }).value;
    expect(catalan).toContain('<html lang="ca">');
    expect(catalan).toContain("Inicia la sessió a Northstar Club");
    expect(catalan).toContain(loginWords("ca").messages.invalidCredentials.replace(/’/g, "’"));
    expect(catalan).not.toContain(loginMessages.invalidCredentials);
    const english = renderLoginForm(view).value;
    expect(english).toContain('<html lang="en">');
    expect(english).toContain(loginMessages.invalidCredentials);
    const french = renderProblemPage(loginPages.systemUnavailable, "ref-1", "fr").value;
    expect(french).toContain("Système indisponible");
    expect(french).toContain("Référence\u00a0: ref-1");
  });

  it("have every message and page in every language, none left in English", () => {
    for (const locale of locales.filter((locale) => locale !== "en")) {
      const words = loginWords(locale);
      for (const key of Object.keys(loginMessages) as (keyof typeof loginMessages)[])
        expect(words.messages[key], `${locale} ${key}`).not.toBe(loginMessages[key]);
      for (const key of Object.keys(loginPages) as (keyof typeof loginPages)[])
        expect(words.pages[key].text, `${locale} ${key}`).not.toBe(loginPages[key].text);
    }
  });
});
