import type { Metadata } from "next";
import { DataTable } from "@/components/docs/data-table";
import { Code, GuidePage, GuideSection } from "@/components/docs/guide-page";
import { documentedOperations, operationLabel, servedPaths } from "@/lib/docs/operations";

export const metadata: Metadata = { title: "Versions" };

export default function VersionsPage() {
  return (
    <GuidePage
      title="Versions"
      lead={
        <>
          The version is a path segment right after <Code>/api</Code>: <Code>v</Code> and letters or digits. Each
          operation is served on the version its contract gives, and nowhere else.
        </>
      }
    >
      <GuideSection id="table" title="Where each operation is served">
        <DataTable
          caption="Operations, versions and paths"
          proseColumns={[0]}
          headers={["Operation", "Method", "Paths"]}
          rows={documentedOperations.map((operation) => [
            operationLabel(operation),
            operation.method.toUpperCase(),
            servedPaths(operation).map((served) => <Code key={served.path}>{served.path}</Code>),
          ])}
        />
      </GuideSection>
      <GuideSection id="other-versions" title="Another version">
        <p>
          A version segment an operation is not served on answers 404{" "}
          <Code>REQUEST_INVALID / VERSION_NOT_SUPPORTED</Code> in the operation&apos;s shape, naming the versions that
          serve it. A path no operation serves answers 404 <Code>RESOURCE_NOT_FOUND</Code>.
        </p>
      </GuideSection>
      <GuideSection id="pricing" title="Product pricing v1 and v2">
        <p>
          Both are served. The v2 body adds <Code>membership.balance</Code> and the ancillary type{" "}
          <Code>PRIORITY_BOARDING</Code>; the answer is the same.
        </p>
      </GuideSection>
      <GuideSection id="test-prefix" title="The /test/ prefix">
        <p>
          The spec gives a test path, <Code>/api/test/{"{version}"}/…</Code>, for programmes, transactions and update
          membership (and this sandbox adds the membership read model). It is the same operation on the same sandbox
          data; other operations have no test path and answer RESOURCE_NOT_FOUND there.
        </p>
      </GuideSection>
    </GuidePage>
  );
}
