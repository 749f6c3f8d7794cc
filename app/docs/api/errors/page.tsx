import type { Metadata } from "next";
import { CatalogueFragmentForward } from "@/components/docs/catalogue-fragment-forward";
import { Code } from "@/components/docs/guide-page";
import { codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { entryAnchor, homeCode } from "@/lib/docs/errors/entry-view";
import { ErrorCatalogueFilter } from "@/components/docs/error-catalogue-filter";
import type { CatalogueLine } from "@/lib/docs/errors/filter-codes";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

export const metadata: Metadata = { title: "Error catalogue" };

/** The fragments a `developerLink` (or an older link to an entry) can carry, and the page each now lives on. */
function fragmentTargets(): Record<string, string> {
  const targets: Record<string, string> = {};
  for (const code of documentedCodes) {
    targets[code.anchor] = codePagePath(code.code);
    for (const entry of [...code.asCode, ...code.asChild]) {
      targets[entryAnchor(entry)] = `${codePagePath(homeCode(entry))}#${entryAnchor(entry)}`;
    }
  }
  return targets;
}

/** Every documented code as one line of the list: its page, its statuses, the message of its first entry. */
function catalogueLines(): CatalogueLine[] {
  return documentedCodes.map((code) => {
    const entries = [...code.asCode, ...code.asChild.filter((entry) => !code.asCode.includes(entry))];
    return {
      code: code.code,
      anchor: code.anchor,
      href: codePagePath(code.code),
      statuses: [...new Set(entries.map((entry) => entry.status))].sort((a, b) => a - b),
      message: entries[0]?.message ?? "",
    };
  });
}

/**
 * Every code the service answers with, one line each, with a filter; each code's page has
 * its entries in full. Every `developerLink` (`/docs/api/errors#<code>`)
 * lands on its code's line here and is forwarded to that page.
 */
export default function ErrorCataloguePage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <CatalogueFragmentForward targets={fragmentTargets()} />
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Error catalogue</h1>
      <p className="mt-3 text-slate-700">
        Every code the partner operations answer with, as <Code>code</Code> or as <Code>childError[].code</Code>. Each
        error&apos;s <Code>developerLink</Code> leads to its code&apos;s page, which says when it happens, its status,
        its shape (flat, or wrapped in <Code>error</Code>), the operations that answer it, and a request that makes this
        sandbox answer it. The requests only ever get refusals: trying them changes nothing. Token services answer OAuth
        errors instead (see the{" "}
        <a className="text-brand-700 underline" href="/docs/guides/errors">
          errors guide
        </a>
        ).
      </p>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Codes</h2>
      <ClientMessagesProvider namespaces={["forms", "formMessages"]}>
        <ErrorCatalogueFilter lines={catalogueLines()} />
      </ClientMessagesProvider>
    </div>
  );
}
