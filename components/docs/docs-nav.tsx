import Link from "next/link";

export const docsPages = [
  { href: "/docs", label: "API reference" },
  { href: "/docs/guides/quickstart", label: "Quickstart" },
  { href: "/docs/guides/sandbox-data", label: "Sandbox data" },
  { href: "/docs/guides/safe-retries", label: "Safe retries" },
  { href: "/docs/guides/offline-channels", label: "Offline channels" },
  { href: "/docs/guides/errors", label: "Errors" },
  { href: "/docs/guides/webhooks", label: "Events (webhooks)" },
  { href: "/docs/api/errors", label: "Error catalogue" },
  { href: "/docs/guides/versions", label: "Versions" },
  { href: "/developers", label: "Developer console" },
] as const;

/** The documentation's top bar: every page one Tab away, wrapping on narrow screens. */
export function DocsNav() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#docs-content"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-brand-600 focus:px-3 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <Link href="/" className="font-semibold text-slate-900 hover:text-brand-700">
          Loyalty Partner API <span className="font-normal text-slate-600">· sandbox docs</span>
        </Link>
        <a
          href="/docs/postman-collection.json"
          download
          className="inline-flex min-h-9 w-fit items-center rounded-md border border-brand-600 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          Download the Postman collection
        </a>
      </div>
      <nav aria-label="Documentation" className="mx-auto max-w-6xl px-4 pb-2">
        <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
          {docsPages.map((page) => (
            <li key={page.href}>
              <a href={page.href} className="docs-nav-link">
                {page.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
