import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OperationDetail } from "@/components/docs/reference/operation-detail";
import { ReferenceShell } from "@/components/docs/reference/reference-shell";
import { curlSample } from "@/lib/docs/reference/code-samples";
import { operationView } from "@/lib/docs/reference/operation-view";
import { operationPagePath } from "@/lib/docs/reference/reference-paths";
import { tryItSpec } from "@/lib/docs/reference/try-it";
import { referenceDocument, sandboxCredentials } from "@/server/docs/reference-document";

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { index } = await referenceDocument();
  const found = index.operations.find((operation) => operation.slug === slug);
  const version = found?.versionLabel ? ` (${found.versionLabel})` : "";
  return { title: found ? `${found.operation.summary ?? found.path}${version} · API reference` : "API reference" };
}

/** One operation of the OpenAPI document: its page of the reference, with a curl sample and a try-it form. */
export default async function OperationPage({ params }: Props) {
  const { slug } = await params;
  const { origin, document, index } = await referenceDocument();
  const found = index.operations.find((operation) => operation.slug === slug);
  if (!found) notFound();
  const view = operationView(document, found);
  return (
    <ReferenceShell index={index} current={operationPagePath(slug)}>
      <OperationDetail
        view={view}
        tag={found.tag}
        curl={curlSample(view, origin, sandboxCredentials)}
        tryIt={tryItSpec(view, sandboxCredentials)}
      />
    </ReferenceShell>
  );
}
