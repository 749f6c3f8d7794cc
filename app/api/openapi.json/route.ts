import { openApiDocumentFor } from "@/lib/docs/openapi/document-for-origin";

// A static segment: Next.js matches it before the `[version]` catch-alls, and no api_key is asked for.
export function GET(request: Request): Response {
  const document = openApiDocumentFor(new URL(request.url).origin);
  return Response.json(document, { headers: { "Cache-Control": "public, max-age=300" } });
}
