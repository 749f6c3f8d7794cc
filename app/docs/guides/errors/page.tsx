import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { CodeBlock } from "@/components/docs/code-block";
import { DataTable } from "@/components/docs/data-table";
import { Code, GuidePage, GuideSection } from "@/components/docs/guide-page";
import { catalogueEntry } from "@/lib/docs/errors/catalogue";
import { documentedOperations, operationLabel } from "@/lib/docs/operations";
import { errorExample } from "@/lib/docs/openapi/error-examples";
import { requestOrigin } from "@/server/docs/request-origin";

export const metadata: Metadata = { title: "Errors" };

export default async function ErrorsGuidePage() {
  const origin = await requestOrigin();
  const flat = errorExample(catalogueEntry("DATA_INVALID"), "flat", origin);
  const wrapped = errorExample(catalogueEntry("BALANCE_INSUFFICIENT"), "wrapped", origin);
  return (
    <GuidePage
      title="Errors"
      lead="Every refusal of a partner operation is a JSON Error resource with a code, messages, a link to its entry in the catalogue and, for validation errors, one child per failing node."
    >
      <GuideSection id="shapes" title="Two shapes">
        <p>
          Each operation answers in one shape: <strong>flat</strong> (the fields at the top) or <strong>wrapped</strong>{" "}
          (the same fields inside <Code>error</Code>). Gateway-level errors (the api_key, the service being unavailable,
          rate limits, unknown paths) are always wrapped.
        </p>
        <CodeBlock
          code={JSON.stringify(flat, null, 2)}
          label="Flat: retrieve programme, a bad programme code"
          language="json"
        />
        <CodeBlock code={JSON.stringify(wrapped, null, 2)} label="Wrapped: a debit above the balance" language="json" />
        <DataTable
          caption="Error shape of each operation"
          proseColumns={[0]}
          headers={["Operation", "Shape"]}
          rows={documentedOperations.map((operation) => [operationLabel(operation), operation.errorShape])}
        />
      </GuideSection>
      <GuideSection id="fields" title="Reading an error">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <Code>code</Code> says what kind of refusal it is; <Code>childError[].code</Code> says what is wrong with
            each node, and <Code>childError[].path</Code> names the node (
            <Code>debitTransaction.monetaryAmount.amount</Code>; query and path parameters in camelCase, such as{" "}
            <Code>programmeIdentifier</Code>). Headers carry no path: the developerMessage names them.
          </li>
          <li>
            <Code>developerLink</Code> leads to the code&apos;s entry in the{" "}
            <IntentLink href="/docs/api/errors">error catalogue</IntentLink>, with a request that reproduces it in this
            sandbox.
          </li>
          <li>
            Every answer carries an <Code>X-Request-Id</Code> header; a 503 SYSTEM_UNAVAILABLE also quotes it in its
            developerMessage. Give it to support.
          </li>
          <li>Unexpected conditions never return a stack trace or echo what was sent.</li>
        </ul>
      </GuideSection>
      <GuideSection id="oauth" title="Token services">
        <p>
          The grant service (A2) and the secure key service (A4) answer OAuth errors instead:{" "}
          <Code>{`{"error": "invalid_grant", "error_description": "..."}`}</Code> with 400 (invalid_request,
          invalid_grant, invalid_scope, unsupported_grant_type), 401 (invalid_client, unauthorized, access_denied), 405
          or 500. The member login (A1) redirects to the callback with <Code>error</Code> in the query.
        </p>
      </GuideSection>
      <GuideSection id="retry" title="Which errors to retry">
        <p>
          Retry 503 and 429 after a pause, and anything without an answer, with the same Idempotency-Key (see{" "}
          <a href="/docs/guides/safe-retries">safe retries</a>). Other 4xx answers will not change on their own: fix the
          request first.
        </p>
      </GuideSection>
    </GuidePage>
  );
}
