import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OperationDetail } from "@/components/docs/reference/operation-detail";
import { ReferenceShell } from "@/components/docs/reference/reference-shell";
import { operationView } from "@/lib/docs/reference/operation-view";
import { eventPagePath } from "@/lib/docs/reference/reference-paths";
import { referenceDocument } from "@/server/docs/reference-document";

interface Props {
  params: Promise<{ slug: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const { index } = await referenceDocument();
  const found = index.events.find((event) => event.slug === slug);
  return { title: found ? `${found.name} · Events · API reference` : "API reference" };
}

/** One of the document's `webhooks`: the event this sandbox posts to a partner's endpoint. */
export default async function EventPage({ params }: Props) {
  const { slug } = await params;
  const { document, index } = await referenceDocument();
  const found = index.events.find((event) => event.slug === slug);
  if (!found) notFound();
  return (
    <ReferenceShell index={index} current={eventPagePath(slug)}>
      <OperationDetail view={operationView(document, found)} tag="Events (webhooks)" event />
    </ReferenceShell>
  );
}
