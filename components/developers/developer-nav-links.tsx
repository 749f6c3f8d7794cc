"use client";

import { usePathname } from "next/navigation";

/** The console's pages, in one navigation. */
export const consolePages = [
  { href: "/developers", label: "Checklist" },
  { href: "/developers/requests", label: "Requests" },
  { href: "/developers/events", label: "Webhooks" },
  { href: "/developers/members", label: "Members" },
  { href: "/developers/settings", label: "Settings" },
] as const;

/** The console's page links, the current one marked (aria-current) and underlined, not by colour alone. */
export function DeveloperNavLinks({ linkClass }: { linkClass: string }) {
  const pathname = usePathname() ?? "";
  const current = (href: string) =>
    href === "/developers" ? pathname === href || pathname === "/developers/report" : pathname.startsWith(href);
  return (
    <>
      {consolePages.map((page) => (
        <li key={page.href}>
          <a
            href={page.href}
            aria-current={current(page.href) ? "page" : undefined}
            className={`${linkClass} aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8`}
          >
            {page.label}
          </a>
        </li>
      ))}
    </>
  );
}
