import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/docs/openapi/build-document";
import { documentedOperations, servedPaths } from "@/lib/docs/operations";
import { codePagePath, documentedCodes } from "@/lib/docs/errors/catalogue";
import { curlSample, tokenVariable } from "@/lib/docs/reference/code-samples";
import { exampleValue } from "@/lib/docs/reference/example-value";
import { errorCodesOf, operationView } from "@/lib/docs/reference/operation-view";
import { referenceIndex, slugOf, type OpenApi } from "@/lib/docs/reference/reference-index";
import { eventPayloadSchema, eventTypes } from "@/lib/contract/webhook-events";

const origin = "http://localhost:3000";
const document = buildOpenApiDocument(origin) as OpenApi;
const index = referenceIndex(document);
const credentials = { api_key: "SBX0DEMO0PARTNER00000001", clientBasic: "DEMO-10001:sandbox-client-secret" };
const bySlug = (slug: string) => {
  const found = index.operations.find((operation) => operation.slug === slug);
  if (!found) throw new Error(`no page ${slug}`);
  return found;
};

describe("the reference's index of the OpenAPI document", () => {
  it("gives every operation of the document a page, the /api/test/ copies listed on their operation's page", () => {
    const paged = new Set(
      index.operations.flatMap((operation) => [
        `${operation.method} ${operation.path}`,
        ...operation.alsoServedOn.map((path) => `${operation.method} ${path}`),
      ]),
    );
    const inDocument = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect([...paged].sort()).toEqual(inDocument.sort());
    // Every partner operation on each version it is served on, P1–P9 and the extensions.
    for (const operation of documentedOperations)
      for (const served of servedPaths(operation).filter((path) => !path.test))
        expect(paged, `${operation.spec} ${served.path}`).toContain(`${operation.method} ${served.path}`);
    // The token services A1–A4: the two login pages, the grant service and the secure key service.
    expect(["member-login", "grant", "secure-code", "secure-key"].map((slug) => bySlug(slug).path)).toEqual([
      "/oauth/auth/login",
      "/oauth/api/grant",
      "/partner-oauth/secure/code",
      "/partner-oauth/secure/key",
    ]);
    expect(bySlug("retrieve-programme-list").alsoServedOn).toEqual(["/api/test/v1/programmes"]);
    expect(bySlug("debit-currency").alsoServedOn).toEqual([]);
    expect(index.operations.map((operation) => operation.slug)).toEqual([
      ...new Set(index.operations.map((operation) => operation.slug)),
    ]);
  });

  it("lists the operations under the document's tags, in its order, and every event of its webhooks", () => {
    expect(index.tags.map((tag) => tag.name)).toEqual(
      (document.tags ?? []).map((tag) => tag.name).filter((name) => name !== "Events"),
    );
    expect(index.tags[0]!.operations.map((operation) => operation.slug)).toEqual([
      "retrieve-programme-list",
      "retrieve-programme",
    ]);
    expect(index.events.map((event) => event.name)).toEqual([...eventTypes]);
    expect(index.events[0]!.slug).toBe(slugOf(eventTypes[0]));
  });

  it("makes slugs from operation ids and event names", () => {
    expect(slugOf("retrieveProductPricesV2")).toBe("retrieve-product-prices-v2");
    expect(slugOf("points.credited")).toBe("points-credited");
    expect(slugOf("security_profile.registered")).toBe("security-profile-registered");
  });
});

describe("an operation's page, read from the document", () => {
  it("shows P5's security, parameters by location, body fields and the codes it answers, linked to the catalogue", () => {
    const view = operationView(document, bySlug("debit-currency"));
    expect(view.security.requirements).toEqual([
      [
        { key: "api_key", scopes: [] },
        { key: "memberToken", scopes: [] },
      ],
    ]);
    expect(view.security.schemes.map((scheme) => [scheme.key, scheme.kind, scheme.required])).toEqual([
      ["api_key", "apiKey", true],
      ["memberToken", "bearer", true],
    ]);
    expect(
      view.parameters.filter((parameter) => parameter.location === "path").map((parameter) => parameter.name),
    ).toEqual(["programme-identifier", "account-identifier"]);
    expect(view.requestBody?.rows.map((row) => row.name)).toContain("externalTransactionIdentifier");
    const codes = new Set(view.errorCases.flatMap((item) => item.codes));
    expect(codes).toContain("BALANCE_INSUFFICIENT");
    expect(codes).toContain("IDEMPOTENCY_KEY_REUSED");
    // Every code a case names is one the error catalogue has a page for.
    const catalogued = new Set(documentedCodes.map((code) => code.code));
    expect([...codes].filter((code) => !catalogued.has(code))).toEqual([]);
    expect(codePagePath("BALANCE_INSUFFICIENT")).toBe("/docs/api/errors/balance-insufficient");
    expect(view.errorCases.every((item) => item.description && item.message)).toBe(true);
    // The error bodies are named schemas, listed once at the page's end.
    expect(view.namedSchemas.map((schema) => schema.name)).toEqual(["WrappedErrorBody"]);
  });

  it("lists each event's payload in place, with its example, which its schema accepts", () => {
    for (const type of eventTypes) {
      const event = index.events.find((candidate) => candidate.name === type)!;
      const view = operationView(document, event);
      expect(view.requestBody?.rows.map((row) => row.name).slice(0, 3)).toEqual(["type", "timestamp", "data"]);
      const [example] = view.requestBody!.examples;
      expect(example?.generated).toBeUndefined();
      expect(eventPayloadSchema(type).strict().safeParse(example?.value).success, type).toBe(true);
      expect(view.parameters.map((parameter) => parameter.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
    }
  });

  it("finds the codes of flat and wrapped error bodies and their children", () => {
    expect(errorCodesOf({ code: "REQUEST_INVALID", childError: [{ code: "DATA_INVALID" }] })).toEqual([
      "REQUEST_INVALID",
      "DATA_INVALID",
    ]);
    expect(errorCodesOf({ error: { code: "TOKEN_INVALID" } })).toEqual(["TOKEN_INVALID"]);
    expect(errorCodesOf({ error: "invalid_grant", error_description: "x" })).toEqual([]);
  });
});

describe("the reference's code samples", () => {
  it("calls P1 with the sandbox key, as the spec writes it", () => {
    const view = operationView(document, bySlug("retrieve-programme-list"));
    expect(curlSample(view, origin, credentials)).toBe(
      "curl -i -X GET 'http://localhost:3000/api/v1/programmes?api_key=SBX0DEMO0PARTNER00000001'",
    );
  });

  it("fills P5's path with its examples, sends the required header, the member token's variable and the body", () => {
    const view = operationView(document, bySlug("debit-currency"));
    const curl = curlSample(view, origin, credentials);
    const lines = curl.split(" \\\n  ");
    expect(lines[0]).toBe(
      "curl -i -X POST 'http://localhost:3000/api/v1/programmes/NORTHSTAR/accounts/3081000000000001/debit-transaction-requests?api_key=SBX0DEMO0PARTNER00000001'",
    );
    expect(lines).toContain(`-H "Authorization: Bearer $MEMBER_TOKEN"`);
    expect(lines).toContain("-H 'svc_client_application_name: PARTNERPORTAL'");
    expect(lines).not.toContain("-H 'X-Agent-Id: AGENT007'");
    expect(lines).toContain("-H 'Content-Type: application/json'");
    const data = lines.find((line) => line.startsWith("--data "))!;
    expect(JSON.parse(data.slice("--data '".length, -1))).toEqual(view.requestBody!.examples[0]!.value);
  });

  it("authenticates the grant service with Basic credentials and sends its form fields URL-encoded", () => {
    const view = operationView(document, bySlug("grant"));
    const curl = curlSample(view, origin, credentials);
    expect(curl).toContain("-u 'DEMO-10001:sandbox-client-secret'");
    expect(curl).toContain("--data-urlencode 'grant_type=authorization_code'");
    expect(curl).not.toContain("application/json");
  });

  it("quotes for the shell whatever an example holds, and names a token's variable after its scheme", () => {
    const view = operationView(document, bySlug("debit-currency"));
    const quoted = curlSample(
      { ...view, requestBody: { ...view.requestBody!, examples: [{ key: "x", value: { note: "it's" } }] } },
      origin,
      credentials,
    );
    expect(quoted).toContain(`--data '{\n  "note": "it'\\''s"\n}'`);
    expect(tokenVariable({ key: "memberToken" })).toBe("$MEMBER_TOKEN");
  });
});

describe("an example made from a schema", () => {
  it("uses the schema's own values first, then one per type, with the required properties only", () => {
    expect(
      exampleValue(document, {
        type: "object",
        required: ["id", "at", "count", "kind", "tags", "balance"],
        properties: {
          id: { type: "string", example: "evt_1" },
          at: { type: "string", format: "date-time" },
          count: { type: "integer", exclusiveMinimum: 0 },
          kind: { type: "string", enum: ["A", "B"] },
          tags: { type: "array", items: { type: "string" } },
          balance: { type: "string", pattern: "^[0-9]+$" },
          test: { type: "boolean" },
        },
      }),
    ).toEqual({ id: "evt_1", at: "2026-11-20T10:00:00Z", count: 1, kind: "A", tags: ["string"], balance: "100" });
  });
});
