import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { pickMessages, type ClientNamespace } from "@/lib/i18n/client-messages";

/**
 * The words the client components beneath it read, in the request's
 * language: only the namespaces named. It replaces, not extends, the
 * catalogue of any provider above it, so a layout names what its frame
 * needs and a page what its own parts need. Layouts and pages list their
 * namespaces inline: test/unit/client-namespaces.test.ts reads them there.
 */
export async function ClientMessagesProvider({
  namespaces,
  children,
}: {
  namespaces: readonly ClientNamespace[];
  children: ReactNode;
}) {
  return (
    <NextIntlClientProvider messages={pickMessages(await getMessages(), namespaces)}>{children}</NextIntlClientProvider>
  );
}
