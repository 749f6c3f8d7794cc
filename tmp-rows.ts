import { openApiDocumentFor } from "@/lib/docs/openapi/document-for-origin";
import { referenceIndex } from "@/lib/docs/reference/reference-index";
import { operationView } from "@/lib/docs/reference/operation-view";
const d = openApiDocumentFor("http://localhost:3000");
const idx = referenceIndex(d);
for (const op of idx.operations) {
  const v = operationView(d, op);
  console.log(op.slug, "body", v.requestBody?.rows.length ?? 0, "responses", v.responses.map(r => r.body?.rows.length ?? 0).join(","));
}
const v = operationView(d, idx.operations.find(o => o.slug === "retrieve-product-prices-v2")!);
for (const r of v.responses[0]!.body!.rows) console.log("  ".repeat(r.depth) + r.name, r.type, r.required ? "req" : "", JSON.stringify(r.constraints).slice(0, 120));
