import { openApiDocumentFor } from "@/lib/docs/openapi/document-for-origin";
import { referenceIndex } from "@/lib/docs/reference/reference-index";
import { operationView } from "@/lib/docs/reference/operation-view";
import { curlSample } from "@/lib/docs/reference/code-samples";
import { tryItSpec } from "@/lib/docs/reference/try-it";
const d = openApiDocumentFor("http://localhost:3000");
const idx = referenceIndex(d);
console.log(idx.tags.map(t => `${t.name}: ${t.operations.map(o => o.slug + (o.alsoServedOn.length? "+test":"")).join(", ")}`).join("\n"));
console.log(idx.events.map(e => e.slug).join(", "));
const creds = { api_key: "SBX0DEMO0PARTNER00000001", clientBasic: "DEMO-10001:sandbox-client-secret" };
for (const slug of process.argv.slice(2)) {
  const op = idx.operations.find(o => o.slug === slug) ?? idx.events.find(e => e.slug === slug)!;
  const v = operationView(d, op);
  console.log(JSON.stringify({...v, responses: v.responses.map(r => ({...r, body: r.body && {...r.body, examples: r.body.examples.length}}))}, null, 1).slice(0, 6000));
  console.log(curlSample(v, "http://localhost:3000", creds));
  console.log(JSON.stringify(tryItSpec(v, creds)).slice(0, 1500));
}
