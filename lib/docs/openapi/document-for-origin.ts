import { buildOpenApiDocument, type OpenApiDocument } from "./build-document";

const built = new Map<string, OpenApiDocument>();
// The origin comes from the request's Host header: a few are real, any number could be sent.
const maxOrigins = 8;

/** The document for the origin a request came to, built once per origin (the contracts do not change at run time). */
export function openApiDocumentFor(origin: string): OpenApiDocument {
  let document = built.get(origin);
  if (!document) {
    document = buildOpenApiDocument(origin);
    if (built.size >= maxOrigins) built.delete(built.keys().next().value!);
    built.set(origin, document);
  }
  return document;
}
