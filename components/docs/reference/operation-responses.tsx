import { codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { fieldTree } from "@/lib/docs/reference/field-tree";
import type { BodyView, OperationView, ResponseView } from "@/lib/docs/reference/operation-view";
import { statusText } from "@/lib/docs/reference/status-text";
import { ErrorCaseList } from "./error-case-list";
import { ExampleCodeBlock, JsonExample } from "./example-blocks";
import { FieldList } from "./field-list";
import { MarkdownInline, MarkdownText } from "./markdown-text";

const catalogued = new Set(documentedCodes.map((code) => code.code));

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

export function Body({
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

export function SuccessResponse({ response }: { response: ResponseView }) {
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

export function ErrorResponse({ response, view }: { response: ResponseView; view: OperationView }) {
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
