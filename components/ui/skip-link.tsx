import type { ReactNode } from "react";

/**
 * The first link of a page: hidden until a keyboard user tabs to it, then it
 * takes them past the navigation to the page's main area.
 */
export function SkipLink({ href = "#main", children }: { href?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-brand-600 focus:px-4 focus:py-2 focus:text-white focus:shadow"
    >
      {children}
    </a>
  );
}
