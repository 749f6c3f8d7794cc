import type { Metadata } from "next";
import { connection } from "next/server";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import type { ReactNode } from "react";
import { SandboxBanner } from "@/components/portal/sandbox-banner";
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
  return (
    <html lang={locale}>
      <body className="min-h-screen font-sans">
        {/* The request's locale for client components; each section sends the words its own read (ClientMessagesProvider). */}
        <NextIntlClientProvider messages={{}}>
          {env().APP_MODE === "sandbox" ? <SandboxBanner /> : null}
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
