import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { ErrorCodeSection } from "@/components/docs/error-code-section";
import { documentedCodeOfAnchor } from "@/lib/docs/errors/catalogue";
import { requestOrigin } from "@/server/docs/request-origin";

interface Props {
  params: Promise<{ code: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const code = documentedCodeOfAnchor((await params).code);
  return { title: code ? `${code.code} · Error catalogue` : "Error catalogue" };
}

/** One code of the error catalogue: every entry answering with it, and how to make the sandbox answer each. */
export default async function ErrorCodePage({ params }: Props) {
  const code = documentedCodeOfAnchor((await params).code);
  if (!code) notFound();
  const origin = await requestOrigin();
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <p className="text-sm">
        <IntentLink className="text-brand-700 underline underline-offset-2" href="/docs/api/errors">
          Error catalogue
        </IntentLink>
      </p>
      <ErrorCodeSection code={code} origin={origin} />
    </div>
  );
}
