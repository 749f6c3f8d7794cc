import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument } from "@/lib/docs/openapi/build-document";
import { postmanCollection, postmanSchemaUrl } from "@/lib/docs/postman/collection";
import sandbox from "@/sandbox.json";

const keyValue = z.object({ key: z.string(), value: z.string(), disabled: z.boolean().optional() }).passthrough();
/** The parts of Postman's v2.1 collection format this collection uses. */
const collectionSchema = z.object({
  info: z.object({ name: z.string().min(1), schema: z.literal(postmanSchemaUrl) }).passthrough(),
  variable: z.array(keyValue),
  item: z.array(
    z.object({
      name: z.string(),
      item: z.array(
        z.object({
          name: z.string(),
          request: z
            .object({
              method: z.enum(["GET", "POST", "PATCH", "PUT", "DELETE"]),
              header: z.array(keyValue),
              url: z.object({
                raw: z.string().startsWith("{{baseUrl}}/"),
                host: z.tuple([z.literal("{{baseUrl}}")]),
                path: z.array(z.string().min(1)),
                query: z.array(keyValue),
                variable: z.array(keyValue),
              }),
            })
            .passthrough(),
        }),
      ),
    }),
  ),
});

describe("the Postman collection", () => {
  const document = buildOpenApiDocument("http://localhost:3000");
  const collection = collectionSchema.parse(postmanCollection(document));
  const requests = collection.item.flatMap((folder) => folder.item);

  it("holds one request per operation of the OpenAPI document, with its method and path", () => {
    const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ":$1")}`),
    );
    const made = requests.map((request) => `${request.request.method} /${request.request.url.path.join("/")}`);
    expect(made.sort()).toEqual(operations.sort());
  });

  it("is filled with the sandbox's values: base URL, api_key, path examples", () => {
    const variables = Object.fromEntries(collection.variable.map((variable) => [variable.key, variable.value]));
    expect(variables.baseUrl).toBe("http://localhost:3000");
    expect(variables.api_key).toBe(sandbox.partners[0]!.apiKeys.staging);
    const programme = requests.find((request) => request.request.url.raw.startsWith("{{baseUrl}}/api/v1/programmes/:"));
    expect(programme?.request.url.variable).toEqual([{ key: "programme-identifier", value: "NORTHSTAR" }]);
    expect(programme?.request.url.query[0]).toEqual({ key: "api_key", value: "{{api_key}}" });
    const debit = requests.find((request) => request.request.url.raw.includes("debit-transaction-requests"));
    expect(debit?.request.header).toEqual(
      expect.arrayContaining([
        { key: "Authorization", value: "Bearer {{memberToken}}" },
        { key: "Content-Type", value: "application/json" },
      ]),
    );
    expect(JSON.parse((debit?.request as unknown as { body: { raw: string } }).body.raw)).toHaveProperty(
      "debitTransaction.type",
      "REDEMPTION",
    );
  });
});
