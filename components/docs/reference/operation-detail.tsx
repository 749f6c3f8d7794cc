import { IntentLink } from "@/components/ui/intent-link";
import { Fragment, type ReactNode } from "react";
import type { OperationView, ResponseView } from "@/lib/docs/reference/operation-view";
import { referenceHome } from "@/lib/docs/reference/reference-paths";
import { requestExampleId, type TryItSpec } from "@/lib/docs/reference/try-it";
import { CodeBlock } from "../code-block";
import { fieldTree } from "@/lib/docs/reference/field-tree";
import { FieldList } from "./field-list";
import { MarkdownText } from "./markdown-text";
import { Authentication } from "./operation-authentication";
import { Body, ErrorResponse, SuccessResponse } from "./operation-responses";
import { MethodBadge } from "./method-badge";
import { TryItPanel } from "./try-it-panel";

/** A path that wraps after its slashes on a narrow screen, not inside a word. */
function BreakableUrl({ path }: { path: string }) {
  return path.split("/").map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? "/" : null}
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 space-y-3">
      <h2 id={id} className="scroll-mt-4 text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const isError = (response: ResponseView) => /^[45]/.test(response.status);

export interface OperationDetailProps {
  view: OperationView;
  /** The tag the operation is listed under (the breadcrumb). */
  tag: string;
  /** An event the service sends (a webhook), rather than an operation the partner calls. */
  event?: boolean;
  curl?: string;
  tryIt?: TryItSpec;
}

/** One operation (or event) of the OpenAPI document, in full: what to send, what comes back, how to try it. */
export function OperationDetail({ view, tag, event = false, curl, tryIt }: OperationDetailProps) {
  const locations = [
    { location: "path", title: "Path parameters" },
    { location: "query", title: "Query parameters" },
    { location: "header", title: "Headers" },
    { location: "cookie", title: "Cookies" },
  ] as const;
  const successes = view.responses.filter((response) => !isError(response));
  const errors = view.responses.filter(isError);
  return (
    <article className="max-w-4xl min-w-0 py-8">
      <p className="ref-note">
        <IntentLink href={referenceHome} className="text-brand-700 underline underline-offset-2">
          API reference
        </IntentLink>{" "}
        <span aria-hidden="true">›</span> {tag}
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight break-words sm:text-3xl">{view.summary}</h1>
      <p className="mt-3 flex flex-wrap items-center gap-2">
        <MethodBadge method={view.method} />
        <code className="font-mono text-sm wrap-anywhere text-slate-900">
          {event ? "your endpoint's URL" : <BreakableUrl path={view.path} />}
        </code>
      </p>
      {view.alsoServedOn.length > 0 ? (
        <p className="ref-note mt-2">
          Also served on{" "}
          {view.alsoServedOn.map((path) => (
            <code key={path} className="ref-code">
              {path}
            </code>
          ))}{" "}
          (the spec&apos;s test path: the same operation, the same sandbox data).
        </p>
      ) : null}
      {view.deprecated ? <p className="mt-2 font-semibold text-red-800">Deprecated.</p> : null}
      {view.description ? <MarkdownText source={view.description} className="mt-4" /> : null}

      {event ? null : (
        <Section id="authentication" title="Authentication">
          <Authentication view={view} />
        </Section>
      )}

      {curl ? (
        <Section id="request-sample" title="Request sample">
          <CodeBlock code={curl} label={`curl: ${view.summary}`} language="bash" />
          {view.security.schemes.some((scheme) => scheme.kind === "bearer") ? (
            <p className="ref-note">
              <code className="ref-code">$MEMBER_TOKEN</code> stands for a member&apos;s access token: the{" "}
              <IntentLink href="/docs/guides/quickstart" className="text-brand-700 underline underline-offset-2">
                quickstart
              </IntentLink>{" "}
              shows how to get one.
            </p>
          ) : null}
        </Section>
      ) : null}

      {tryIt ? (
        <section aria-labelledby="try-it" className="mt-10">
          <TryItPanel spec={tryIt} title={view.summary} headingId="try-it" />
        </section>
      ) : null}

      {view.parameters.length > 0 ? (
        <Section id="parameters" title={event ? "Headers sent" : "Parameters"}>
          {locations.map(({ location, title }) => {
            const rows = view.parameters.filter((parameter) => parameter.location === location);
            if (rows.length === 0) return null;
            return (
              <div key={location} className="space-y-2">
                {event ? null : <h3 className="ref-h3">{title}</h3>}
                <FieldList fields={fieldTree(rows.map((parameter) => parameter.row))} label={title} />
              </div>
            );
          })}
        </Section>
      ) : null}

      {view.requestBody ? (
        <Section id="request-body" title={event ? "Payload" : "Request body"}>
          <Body
            body={view.requestBody}
            label={event ? "the payload" : "the request body"}
            examplesLabel={event ? "Example payload" : "Example request"}
            exampleId={event ? undefined : requestExampleId}
          />
        </Section>
      ) : null}

      {successes.length > 0 ? (
        <Section id="responses" title={event ? "What your endpoint answers" : "Responses"}>
          {successes.map((response) => (
            <SuccessResponse key={response.status} response={response} />
          ))}
        </Section>
      ) : null}

      {errors.length > 0 ? (
        <Section id="errors" title={event ? "Answers that stop or delay deliveries" : "Errors"}>
          {view.errorCases.length > 0 ? (
            <p className="text-slate-700">
              Each code links to its page in the <IntentLink href="/docs/api/errors">error catalogue</IntentLink>: when
              it is answered and a request that makes this sandbox answer it.
            </p>
          ) : null}
          {errors.map((response) => (
            <ErrorResponse key={response.status} response={response} view={view} />
          ))}
        </Section>
      ) : null}

      {view.namedSchemas.length > 0 ? (
        <Section id="schemas" title="Schemas">
          {view.namedSchemas.map((schema) => (
            <div key={schema.name} className="space-y-2">
              <h3 id={`schema-${schema.name}`} className="scroll-mt-4 font-mono text-lg font-semibold text-slate-900">
                {schema.name}
              </h3>
              {schema.description ? <MarkdownText source={schema.description} /> : null}
              <FieldList fields={fieldTree(schema.rows)} label={`Fields of ${schema.name}`} />
            </div>
          ))}
        </Section>
      ) : null}
    </article>
  );
}
