import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import { sandboxApiKey } from "@/lib/docs/sandbox-values";

export const metadata: Metadata = { title: "API reference" };

/** The interactive reference, rendered in the browser from /api/openapi.json; "try it" calls this sandbox. */
export default function ApiReferencePage() {
  return (
    <>
      <h1 className="sr-only">API reference</h1>
      <ApiReference apiKey={sandboxApiKey} />
    </>
  );
}
