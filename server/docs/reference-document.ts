import "server-only";
import { openApiDocumentFor } from "@/lib/docs/openapi/document-for-origin";
import type { SchemeCredentials } from "@/lib/docs/reference/code-samples";
import { referenceIndex, type OpenApi, type ReferenceIndex } from "@/lib/docs/reference/reference-index";
import { sandboxApiKey, sandboxClient, sandboxFurtherProgrammes } from "@/lib/docs/sandbox-values";
import { requestOrigin } from "./request-origin";

const indexes = new WeakMap<OpenApi, ReferenceIndex>();

/**
 * The OpenAPI document /api/openapi.json serves to this origin (the same
 * object), and the reference's index of it: the pages read nothing else.
 */
export async function referenceDocument(): Promise<{ origin: string; document: OpenApi; index: ReferenceIndex }> {
  const origin = await requestOrigin();
  const document = openApiDocumentFor(origin) as OpenApi;
  let index = indexes.get(document);
  if (!index) {
    index = referenceIndex(document);
    indexes.set(document, index);
  }
  return { origin, document, index };
}

/** The sandbox's public credentials (sandbox.json), by security scheme: the samples and the try-it start from them. */
export const sandboxCredentials: SchemeCredentials = {
  api_key: sandboxApiKey,
  clientBasic: `${sandboxClient.clientId}:${sandboxClient.password}`,
  partnerBasic: `${sandboxFurtherProgrammes.clientId}:${sandboxFurtherProgrammes.partnerSecret}`,
};
