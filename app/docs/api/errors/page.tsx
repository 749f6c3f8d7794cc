import type { Metadata } from "next";
import { ErrorCodeSection } from "@/components/docs/error-code-section";
import { Code } from "@/components/docs/guide-page";
import { documentedCodes } from "@/lib/docs/errors/catalogue";
import { requestOrigin } from "@/server/docs/request-origin";

export const metadata: Metadata = { title: "Error catalogue" };

/** Every code the service answers with; each `developerLink` lands on its section. */
export default async function ErrorCataloguePage() {
  const origin = await requestOrigin();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Error catalogue</h1>
      <p className="mt-3 text-slate-700">
        Every code the partner operations answer with, as <Code>code</Code> or as <Code>childError[].code</Code>. Each
        error&apos;s <Code>developerLink</Code> points at its section here. Each entry says when it happens, its status,
        its shape (flat, or wrapped in <Code>error</Code>), the operations that answer it, and a request that makes this
        sandbox answer it. The requests only ever get refusals: trying them changes nothing. Token services answer OAuth
        errors instead (see the{" "}
        <a className="text-brand-700 underline" href="/docs/guides/errors">
          errors guide
        </a>
        ).
      </p>
      <nav aria-label="Codes" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="text-sm font-semibold text-slate-900">Codes</h2>
        <ul className="mt-2 flex flex-wrap gap-2">
          {documentedCodes.map((code) => (
            <li key={code.code}>
              <a
                href={`#${code.anchor}`}
                className="inline-flex min-h-8 items-center rounded border border-slate-300 px-2 font-mono text-xs text-slate-800 hover:border-brand-600 hover:text-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                {code.code}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 space-y-12">
        {documentedCodes.map((code) => (
          <ErrorCodeSection key={code.code} code={code} origin={origin} />
        ))}
      </div>
    </div>
  );
}
