import { render as renderInDom, type RenderOptions } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactElement, ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import en from "@/messages/en.json";

export * from "@testing-library/react";

/**
 * Testing Library's render inside next-intl's provider, as the root layout
 * gives every page: English by default (the portal's default language, and
 * the words the component tests assert), or the catalogue a test passes.
 */
export function render(
  ui: ReactElement,
  { locale = "en", messages = en, ...options }: RenderOptions & { locale?: Locale; messages?: typeof en } = {},
) {
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
  return renderInDom(ui, { wrapper: Wrapper, ...options });
}

/** A page or element inside the provider the root layout gives it, in English: for rendering on the server. */
export function withEnglishMessages(node: ReactNode): ReactElement {
  return (
    <NextIntlClientProvider locale="en" messages={en} timeZone="UTC">
      {node}
    </NextIntlClientProvider>
  );
}
