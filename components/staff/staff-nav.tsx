"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { focusRingOnDark } from "@/components/ui/focus-ring";

export interface StaffNavItem {
  href: string;
  label: string;
  /** Current only on this very path (the console's home holds every member page under it). */
  exact?: boolean;
}

/** The console's pages the signed-in role may use; the current one is marked for assistive technology too. */
export function StaffNav({ items }: { items: StaffNavItem[] }) {
  // Null only under the Pages Router, which serves no page here (pages/ holds the partner API alone).
  const pathname = usePathname() ?? "";
  const nav = useRef<HTMLElement>(null);
  // On a phone the row scrolls sideways: the current page's link is brought into it, not left cut off at the edge.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <nav ref={nav} aria-label="Staff console" className="-mb-px flex gap-1 overflow-x-auto">
      {items.map((item) => {
        const current = item.exact
          ? pathname === item.href || pathname.startsWith(`${item.href}/members`)
          : pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <IntentLink
            key={item.href}
            href={item.href}
            aria-current={current ? "page" : undefined}
            className={`inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap focus-visible:rounded-t ${focusRingOnDark} ${
              current ? "border-white text-white" : "border-transparent text-slate-300 hover:text-white"
            }`}
          >
            {item.label}
          </IntentLink>
        );
      })}
    </nav>
  );
}
