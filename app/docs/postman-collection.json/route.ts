import { openApiDocumentFor } from "@/lib/docs/openapi/document-for-origin";
import { postmanCollection } from "@/lib/docs/postman/collection";

/** The Postman collection (v2.1), generated from the OpenAPI document of this origin. */
export function GET(request: Request): Response {
  const collection = postmanCollection(openApiDocumentFor(new URL(request.url).origin));
  return Response.json(collection, {
    headers: {
      "Cache-Control": "public, max-age=300",
      "Content-Disposition": 'attachment; filename="loyalty-sandbox.postman_collection.json"',
    },
  });
}
