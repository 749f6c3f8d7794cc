import { IntentLink } from "@/components/ui/intent-link";
import { ButtonLink } from "@/components/ui/button";
import { focusRing } from "@/components/ui/focus-ring";
import { SkipLink } from "@/components/ui/skip-link";

export const docsPages = [
  { href: "/docs", label: "API reference" },
  { href: "/docs/guides/quickstart", label: "Quickstart" },
  { href: "/docs/guides/sandbox-data", label: "Sandbox data" },
  { href: "/docs/guides/safe-retries", label: "Safe retries" },
  { href: "/docs/guides/offline-channels", label: "Offline channels" },
  { href: "/docs/guides/errors", label: "Errors" },
  { href: "/docs/guides/webhooks", label: "Webhooks" },
  { href: "/docs/guides/testing-time", label: "Testing time" },
  { href: "/docs/api/errors", label: "Error catalogue" },
  { href: "/docs/guides/versions", label: "Versions" },
] as const;

/**
 * The documentation's top bar: every page one Tab away, on one line at 1280 px and wrapping on narrow screens. The
 * developer console, another part of the site, sits beside the Postman download.
 */
export function DocsNav() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <SkipLink href="#docs-content">Skip to content</SkipLink>
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <IntentLink href="/" className={`rounded font-semibold text-slate-900 hover:text-brand-700 ${focusRing}`}>
          Loyalty Partner API <span className="font-normal text-slate-600">· sandbox docs</span>
        </IntentLink>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink plain href="/developers" variant="secondary" size="sm" className="w-fit">
            Developer console
          </ButtonLink>
          <ButtonLink
            plain
            href="/docs/postman-collection.json"
            download
            variant="secondary"
            size="sm"
            className="w-fit"
          >
            Download the Postman collection
          </ButtonLink>
        </div>
      </div>
      <nav aria-label="Documentation" className="mx-auto max-w-6xl px-4 pb-2">
        <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
          {docsPages.map((page) => (
            <li key={page.href}>
              <a href={page.href} className={`docs-nav-link ${focusRing}`}>
                {page.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
