import type { Metadata } from "next";
import { headers } from "next/headers";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/portal/sandbox-banner";
import { clientMessages } from "@/lib/i18n/client-messages";
import { env } from "@/server/config/env";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Northstar Partner Platform", template: "%s · Northstar Partner Platform" },
  description: "Sandbox of the Loyalty Points Partner API and the partner portal built on it.",
  // Served from public/: the brand's mark as the tab's icon on every page.
  icons: {
    icon: [
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
      { url: "/icon.svg", type: "image/svg+xml" },
    ],
    apple: "/apple-touch-icon.png",
  },
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts must carry that request's CSP nonce (see proxy.ts),
  // which a page prerendered at build time could not know.
  await connection();
  // The page's language (server/portal/i18n/request-config.ts), so screen readers speak it in the right voice.
  const locale = await getLocale();
  // Set by proxy.ts on every page request.
  const messages = clientMessages(await getMessages(), (await headers()).get("x-page-path"));
  return (
    <html lang={locale}>
      <body className="min-h-screen font-sans">
        {/* The request's locale and the catalogue its client components need, for their useTranslations. */}
        <NextIntlClientProvider messages={messages}>
          {env().APP_MODE === "sandbox" ? <SandboxBanner /> : null}
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
