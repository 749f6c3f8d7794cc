import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { MarkdownInline, MarkdownText } from "@/components/docs/reference/markdown-text";
import { MethodBadge } from "@/components/docs/reference/method-badge";
import { ReferenceShell } from "@/components/docs/reference/reference-shell";
import { eventsTag } from "@/lib/docs/reference/reference-index";
import { eventPagePath, operationPagePath, referenceHome } from "@/lib/docs/reference/reference-paths";
import { documentSchemes } from "@/lib/docs/reference/operation-view";
import { referenceDocument } from "@/server/docs/reference-document";

export const metadata: Metadata = { title: "API reference" };

const row = "flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2";

/**
 * The reference's home, read from the OpenAPI document /api/openapi.json
 * serves: its overview, servers and security schemes, and every operation
 * and event, each with a page of its own (server-rendered, nothing fetched).
 */
export default async function ApiReferencePage() {
  const { document, index } = await referenceDocument();
  const schemes = documentSchemes(document);
  const events = eventsTag(document, index);
  return (
    <ReferenceShell index={index} current={referenceHome}>
      <article className="max-w-4xl min-w-0 py-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API reference</h1>
        <p className="mt-2 text-slate-700">
          {document.info.title}, version {document.info.version} (OpenAPI {document.openapi}).
        </p>
        {document.info.description ? <MarkdownText source={document.info.description} className="mt-4" /> : null}
        <ul className="mt-4 list-disc space-y-1 pl-5 text-slate-700">
          {(document.servers ?? []).map((server) => (
            <li key={server.url}>
              Server: <code className="ref-code">{server.url}</code>
              {server.description ? ` (${server.description})` : null}
            </li>
          ))}
          <li>
            The document itself:{" "}
            <a href="/api/openapi.json" className="text-brand-700 underline underline-offset-2">
              /api/openapi.json
            </a>
          </li>
        </ul>

        <section aria-labelledby="security-schemes" className="mt-10 space-y-3">
          <h2 id="security-schemes" className="text-xl font-semibold text-slate-900">
            Authentication
          </h2>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            {schemes.map((scheme) => (
              <li key={scheme.key}>
                <code className="ref-code">{scheme.key}</code>
                {scheme.description ? (
                  <>
                    : <MarkdownInline source={scheme.description} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>

        {index.tags.map((tag, tagIndex) => (
          <section key={tag.name} aria-labelledby={`tag-${tagIndex}`} className="mt-10 space-y-3">
            <h2 id={`tag-${tagIndex}`} className="text-xl font-semibold text-slate-900">
              {tag.name}
            </h2>
            {tag.description ? <MarkdownText source={tag.description} /> : null}
            <ul className="ref-fields">
              {tag.operations.map((operation) => (
                <li key={operation.slug} className={row}>
                  <MethodBadge method={operation.method} />
                  <IntentLink
                    href={operationPagePath(operation.slug)}
                    className="font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {operation.operation.summary ?? operation.path}
                    {operation.versionLabel ? ` (${operation.versionLabel})` : ""}
                  </IntentLink>
                  <code className="font-mono text-xs break-all text-slate-700">{operation.path}</code>
                </li>
              ))}
            </ul>
          </section>
        ))}

        {index.events.length > 0 ? (
          <section aria-labelledby="events" className="mt-10 space-y-3">
            <h2 id="events" className="text-xl font-semibold text-slate-900">
              Events (webhooks)
            </h2>
            {events?.description ? <MarkdownText source={events.description} /> : null}
            <ul className="ref-fields">
              {index.events.map((event) => (
                <li key={event.slug} className={row}>
                  <MethodBadge method={event.method} />
                  <IntentLink
                    href={eventPagePath(event.slug)}
                    className="font-mono font-semibold text-brand-700 underline underline-offset-2"
                  >
                    {event.name}
                  </IntentLink>
                  {event.operation.description ? (
                    <span className="w-full text-sm text-slate-700">
                      <MarkdownInline source={event.operation.description} />
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </ReferenceShell>
  );
}
