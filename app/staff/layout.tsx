import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

export const metadata: Metadata = {
  title: { default: "Staff console", template: "%s · Staff console" },
  // Nothing of the console belongs in a search engine.
  robots: { index: false, follow: false },
};

/** The staff console's own frame, apart from the member pages: its own session, its own navigation. */
export default function StaffLayout({ children }: { children: ReactNode }) {
  return (
    // The console's forms, and the member's profile form it edits in the member's words.
    <ClientMessagesProvider namespaces={["forms", "formMessages", "profile"]}>
      <div className="flex min-h-screen flex-col bg-slate-100">{children}</div>
    </ClientMessagesProvider>
  );
}
