import Link from "next/link";
import { Fragment, type ReactNode } from "react";
import { codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import type { BodyView, OperationView, ResponseView, SchemeView } from "@/lib/docs/reference/operation-view";
import { referenceHome } from "@/lib/docs/reference/reference-paths";
import { statusText } from "@/lib/docs/reference/status-text";
import { requestExampleId, type TryItSpec } from "@/lib/docs/reference/try-it";
import { CodeBlock } from "../code-block";
import { fieldTree } from "@/lib/docs/reference/field-tree";
import { ErrorCaseList } from "./error-case-list";
import { ExampleCodeBlock, JsonExample } from "./example-blocks";
import { FieldList } from "./field-list";
import { MarkdownInline, MarkdownText } from "./markdown-text";
import { MethodBadge } from "./method-badge";
import { TryItPanel } from "./try-it-panel";

const catalogued = new Set(documentedCodes.map((code) => code.code));

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

function schemeText(scheme: SchemeView): ReactNode {
  if (scheme.kind === "apiKey")
    return (
      <>
        an API key in the {scheme.in} parameter <code className="ref-code">{scheme.parameterName}</code>
      </>
    );
  if (scheme.kind === "bearer")
    return (
      <>
        a bearer token: <code className="ref-code">Authorization: Bearer …</code>
      </>
    );
  if (scheme.kind === "basic")
    return (
      <>
        HTTP Basic: <code className="ref-code">Authorization: Basic base64(user:password)</code>
      </>
    );
  return "see its description";
}

function Authentication({ view }: { view: OperationView }) {
  const { requirements, schemes } = view.security;
  if (requirements.length === 0) return <p className="text-slate-700">None: no credentials are sent.</p>;
  const names = (requirement: OperationView["security"]["requirements"][number]) =>
    requirement.map((item, index) => (
      <span key={item.key}>
        {index > 0 ? " and " : null}
        <code className="ref-code">{item.key}</code>
        {item.scopes.length > 0 ? ` (scope ${item.scopes.join(", ")})` : null}
      </span>
    ));
  return (
    <>
      <p className="text-slate-700">
        {requirements.length === 1 ? (
          <>Send {names(requirements[0]!)}.</>
        ) : (
          <>
            Send one of:{" "}
            {requirements.map((requirement, index) => (
              <span key={index}>
                {index > 0 ? "; or " : null}
                {names(requirement)}
              </span>
            ))}
            .
          </>
        )}
      </p>
      <ul className="list-disc space-y-1 pl-5 text-slate-700">
        {schemes.map((scheme) => (
          <li key={scheme.key}>
            <code className="ref-code">{scheme.key}</code>: {schemeText(scheme)}.{" "}
            {scheme.description ? <MarkdownInline source={scheme.description} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function SchemaLinks({ names }: { names: string[] }) {
  return (
    <p className="ref-note">
      Body:{" "}
      {names.map((name, index) => (
        <span key={name}>
          {index > 0 ? " or " : null}
          <a href={`#schema-${name}`} className="font-mono text-brand-700 underline underline-offset-2">
            {name}
          </a>
        </span>
      ))}
    </p>
  );
}

function Body({
  body,
  label,
  examplesLabel,
  exampleId,
}: {
  body: BodyView;
  label: string;
  examplesLabel: string;
  /** Ids for the examples' code, for the try-it to read them. */
  exampleId?: (key: string) => string;
}) {
  return (
    <>
      <p className="ref-note">
        <code className="ref-code">{body.mediaType}</code>
        {body.required ? ", required" : null}
      </p>
      {body.schemaNames.length > 0 ? <SchemaLinks names={body.schemaNames} /> : null}
      <FieldList fields={fieldTree(body.rows)} label={`Fields of ${label}`} />
      {body.examples.map((example) => (
        <div key={example.key}>
          {example.description ? (
            <p className="ref-note">
              <MarkdownInline source={example.description} />
            </p>
          ) : null}
          <ExampleCodeBlock
            value={example.value}
            mediaType={body.mediaType}
            label={
              example.generated
                ? `${examplesLabel} (made from the schema)`
                : `${examplesLabel}: ${example.summary ?? example.key}`
            }
            id={exampleId?.(example.key)}
          />
        </div>
      ))}
    </>
  );
}

function statusTitle(status: string): string {
  return `${status} ${statusText(status)}`.trim();
}

function SuccessResponse({ response }: { response: ResponseView }) {
  const title = statusTitle(response.status);
  return (
    <div className="space-y-3">
      <h3 id={`response-${response.status}`} className="ref-h3">
        {title}
      </h3>
      <MarkdownText source={response.description} />
      {response.headers.length > 0 ? (
        <>
          <h4 className="text-sm font-semibold text-slate-900">Headers</h4>
          <FieldList fields={fieldTree(response.headers)} label={`Headers of ${title}`} />
        </>
      ) : null}
      {response.body ? (
        <>
          <h4 className="text-sm font-semibold text-slate-900">Body</h4>
          <Body body={response.body} label={`the ${title} body`} examplesLabel={`Example ${response.status}`} />
        </>
      ) : null}
    </div>
  );
}

function ErrorResponse({ response, view }: { response: ResponseView; view: OperationView }) {
  const title = statusTitle(response.status);
  const cases = view.errorCases.filter((item) => item.status === response.status);
  // The bodies differ only in the code and messages listed above: one stands for them all.
  const example = response.body?.examples.find((candidate) => !candidate.generated);
  return (
    <div className="space-y-3">
      <h3 id={`response-${response.status}`} className="ref-h3">
        {title}
      </h3>
      {response.describedByExamples ? null : <MarkdownText source={response.description} />}
      {response.body && response.body.schemaNames.length > 0 ? <SchemaLinks names={response.body.schemaNames} /> : null}
      {response.body ? (
        <FieldList fields={fieldTree(response.body.rows)} label={`Fields of the ${title} body`} />
      ) : null}
      {cases.length > 0 ? (
        <ErrorCaseList
          label={`Codes answered with ${title}`}
          cases={cases.map((item) => ({
            codes: item.codes.map((code) => ({ code, ...(catalogued.has(code) ? { href: codePagePath(code) } : {}) })),
            label: item.label,
            ...(item.description ? { when: item.description } : {}),
          }))}
        />
      ) : null}
      {example ? (
        <>
          <p className="ref-note">Example body{cases.length > 1 ? `, of ${example.summary ?? example.key}` : null}:</p>
          <JsonExample value={example.value} />
        </>
      ) : null}
    </div>
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
        <Link href={referenceHome} className="text-brand-700 underline underline-offset-2">
          API reference
        </Link>{" "}
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
              <Link href="/docs/guides/quickstart" className="text-brand-700 underline underline-offset-2">
                quickstart
              </Link>{" "}
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
              Each code links to its page in the <Link href="/docs/api/errors">error catalogue</Link>: when it is
              answered and a request that makes this sandbox answer it.
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
