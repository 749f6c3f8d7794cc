import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = {
  title: { default: "Staff console", template: "%s · Staff console" },
  // Nothing of the console belongs in a search engine.
  robots: { index: false, follow: false },
};

/** The staff console's own frame, apart from the member pages: its own session, its own navigation. */
export default function StaffLayout({ children }: { children: ReactNode }) {
  return <div className="flex min-h-screen flex-col bg-slate-100">{children}</div>;
}
