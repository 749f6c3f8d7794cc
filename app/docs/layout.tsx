import type { Metadata } from "next";
import type { ReactNode } from "react";
import { DocsNav } from "@/components/docs/docs-nav";

export const metadata: Metadata = {
  title: { default: "API docs", template: "%s · API docs" },
  description: "Reference, guides and error catalogue of the Loyalty Points Partner API sandbox.",
};

export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <DocsNav />
      <main id="docs-content" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
    </>
  );
}
