import { buildOpenApiDocument, type OpenApiDocument } from "./build-document";

const built = new Map<string, OpenApiDocument>();

/** The document for the origin a request came to, built once per origin (the contracts do not change at run time). */
export function openApiDocumentFor(origin: string): OpenApiDocument {
  let document = built.get(origin);
  if (!document) {
    document = buildOpenApiDocument(origin);
    built.set(origin, document);
  }
  return document;
}
