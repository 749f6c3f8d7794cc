import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { DeveloperNav } from "@/components/developers/developer-nav";
import { servesSandboxOnlyPaths } from "@/server/http/sandbox-only-route";
import { signOutAction } from "@/server/loyalty/developers/actions/sign-in-actions";
import { getDeveloperSession } from "@/server/loyalty/developers/developer-session-cookie";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

export const metadata: Metadata = {
  title: { default: "Developer console", template: "%s · Developer console" },
  robots: { index: false, follow: false },
};

/**
 * The developer console's frame: its own session (cookie scoped to /developers), its own navigation.
 * The console is the public sandbox's (lib/sandbox/sandbox-only-paths.ts): live mode has none, sign-up included.
 */
export default async function DevelopersLayout({ children }: { children: ReactNode }) {
  if (!servesSandboxOnlyPaths()) notFound();
  const session = await getDeveloperSession();
  return (
    // The console's forms share the portal's fields and their messages.
    <ClientMessagesProvider namespaces={["forms", "formMessages"]}>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <DeveloperNav email={session?.account.email} signOut={session ? signOutAction : undefined} />
        <main id="main" tabIndex={-1} className="w-full flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </ClientMessagesProvider>
  );
}
