"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { focusRing } from "@/components/ui/focus-ring";

export interface PortalNavItem {
  href: string;
  label: string;
}

/**
 * The member pages' navigation; the current page is marked for assistive
 * technology too. The tabs wrap onto a second line on a narrow screen, so
 * every one is in view (a scrolling strip hid "Profile" at 360 px).
 */
export function PortalNav({ items }: { items: PortalNavItem[] }) {
  // Null only under the Pages Router, which serves no page here (pages/ holds the partner API alone).
  const pathname = usePathname() ?? "";
  const t = useTranslations("header");
  return (
    <nav aria-label={t("navLabel")} className="-mb-px flex flex-wrap gap-x-1">
      {items.map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <Link
            key={item.href}
            href={item.href}
            aria-current={current ? "page" : undefined}
            className={`inline-flex min-h-11 items-center border-b-2 px-2 text-sm font-medium whitespace-nowrap focus-visible:rounded-t sm:px-3 ${focusRing} ${
              current
                ? "border-brand-600 text-brand-700"
                : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
            }`}
          >
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}
