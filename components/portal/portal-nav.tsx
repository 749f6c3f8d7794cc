"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { focusRing } from "@/components/ui/focus-ring";

export interface PortalNavItem {
  href: string;
  label: string;
}

/**
 * The member pages' navigation; the current page is marked for assistive
 * technology too. On a phone the five tabs share one row in every language
 * (French, the longest, included: tight padding and 12 px type, spread over
 * the width, reaching into the page's side padding); on a narrower screen
 * still they wrap rather than scroll, so every one stays in view (a
 * scrolling strip once hid "Profile").
 */
export function PortalNav({ items }: { items: PortalNavItem[] }) {
  // Null only under the Pages Router, which serves no page here (pages/ holds the partner API alone).
  const pathname = usePathname() ?? "";
  const t = useTranslations("header");
  return (
    <nav
      aria-label={t("navLabel")}
      className="-mx-1 -mb-px flex flex-wrap justify-between sm:mx-0 sm:justify-start sm:gap-x-1"
    >
      {items.map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <IntentLink
            key={item.href}
            href={item.href}
            aria-current={current ? "page" : undefined}
            className={`inline-flex min-h-11 items-center border-b-2 px-1 text-xs font-medium whitespace-nowrap focus-visible:rounded-t sm:px-3 sm:text-sm ${focusRing} ${
              current
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {item.label}
          </IntentLink>
        );
      })}
    </nav>
  );
}
