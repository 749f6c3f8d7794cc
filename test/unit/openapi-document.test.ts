import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { errorBodySchema, wrappedErrorBodySchema } from "@/lib/contract/error-body";
import { oauthErrorBodySchema } from "@/lib/contract/oauth-error";
import { grantTokenResponseSchema, secureKeyTokenResponseSchema } from "@/lib/contract/token-services";
import { catalogueEntries } from "@/lib/docs/errors/catalogue";
import { documentedOperations } from "@/lib/docs/operations";
import type { DocumentedOperation } from "@/lib/docs/operations/types";
import { buildOpenApiDocument } from "@/lib/docs/openapi/build-document";

const origin = "http://localhost:3000";
const document = buildOpenApiDocument(origin);

interface Examples {
  examples?: Record<string, { value: unknown }>;
}
interface OperationObject {
  operationId: string;
  requestBody?: { content: Record<string, Examples> };
  responses: Record<string, { content?: Record<string, Examples> }>;
}

function operations(): { path: string; method: string; operation: OperationObject }[] {
  return Object.entries(document.paths ?? {}).flatMap(([route, item]) =>
    Object.entries(item as Record<string, OperationObject>).map(([method, operation]) => ({
      path: route,
      method,
      operation,
    })),
  );
}

/**
 * The routes under /api, as URL patterns (`[x]` is one segment, `[...x]` a
 * catch-all): the App Router's route files under app/api, and the partner
 * API's Pages Router routes under pages/api (a file per route, `index` for the folder's own path).
 */
function apiRoutes(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    if (statSync(full).isDirectory()) return apiRoutes(full);
    if (folder.startsWith("app")) return entry === "route.ts" ? [path.relative("app", folder)] : [];
    return [
      path
        .relative("pages", full)
        .replace(/\.ts$/, "")
        .replace(/\/index$/, ""),
    ];
  });
}

// Routes under /api that are not part of the partner API, each with its reason.
const notPartnerApi: Record<string, string> = {
  "api/auth/[...nextauth]": "the portal's own sign-in (next-auth), not a service route",
  "api/health": "the whole app's liveness probe for its operators (docs/operations.md), not a partner operation",
  "api/ready": "the whole app's readiness probe for its operators (docs/operations.md), not a partner operation",
};

function documentedBy(route: string): RegExp {
  const pattern = route
    .split("/")
    .map((segment) => {
      if (segment === "[version]") return "v[A-Za-z0-9]*";
      if (/^\[[^.]+\]$/.test(segment)) return "\\{[^}/]+\\}";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^/${pattern}$`);
}

function operationFor(operationId: string): DocumentedOperation | undefined {
  const id = operationId.replace(/OnTestPath$/, "").replace(/V[0-9]+$/, "");
  return documentedOperations.find((candidate) => candidate.id === id);
}

function expectParses(schema: z.ZodType, value: unknown, where: string) {
  const result = schema.safeParse(value);
  expect(result.success, `${where}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(
      structuredClone(document) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes every route under /api", () => {
    const paths = Object.keys(document.paths ?? {});
    const routes = [...apiRoutes(path.join("app", "api")), ...apiRoutes(path.join("pages", "api"))].filter(
      (route) => !(route in notPartnerApi) && !route.includes("[..."),
    );
    expect(routes.length).toBeGreaterThan(10);
    const undocumented = routes.filter((route) => !paths.some((documented) => documentedBy(route).test(documented)));
    expect(undocumented).toEqual([]);
  });

  it("serves each operation on its versions, and on the test path only where the spec has one", () => {
    const paths = Object.keys(document.paths ?? {});
    expect(paths).toContain("/api/v1/programmes");
    expect(paths).toContain("/api/test/v1/programmes/{programme-identifier}");
    expect(paths).toContain("/api/v2/product-prices");
    expect(paths).toContain("/api/test/v3/memberships/{membership-identifier}");
    expect(paths).not.toContain(
      "/api/test/v1/programmes/{programme-identifier}/accounts/{account-identifier}/debit-transaction-requests",
    );
    expect(paths.filter((route) => route.endsWith("/product-prices"))).toEqual([
      "/api/v1/product-prices",
      "/api/v2/product-prices",
    ]);
  });

  it("documents the headers and security of each operation", () => {
    const debit = document.paths?.[
      "/api/v1/programmes/{programme-identifier}/accounts/{account-identifier}/debit-transaction-requests"
    ]?.post as { parameters: { name: string; in: string; required?: boolean }[]; security: object[] };
    const headers = debit.parameters.filter((parameter) => parameter.in === "header");
    expect(headers.map((header) => header.name).sort()).toEqual(
      ["Idempotency-Key", "X-Agent-Id", "X-Forwarded-For", "X-Sandbox-Scenario", "svc_client_application_name"].sort(),
    );
    // Errors on demand: the header lists exactly the catalogue entries the operation can answer.
    const scenario = headers.find((header) => header.name === "X-Sandbox-Scenario") as
      { required?: boolean; schema: { enum: string[] } } | undefined;
    expect(scenario?.required).not.toBe(true);
    expect(scenario?.schema.enum).toContain("BALANCE_INSUFFICIENT");
    expect(scenario?.schema.enum).not.toContain("PROGRAMME_NOT_FOUND");
    expect(scenario?.schema.enum).not.toContain("RESOURCE_NOT_FOUND");
    expect(headers.find((header) => header.name === "svc_client_application_name")?.required).toBe(true);
    expect(debit.security).toEqual([{ api_key: [], memberToken: [] }]);
    const schemes = document.components?.securitySchemes as Record<
      string,
      { type: string; in?: string; scheme?: string }
    >;
    expect(schemes.api_key).toMatchObject({ type: "apiKey", in: "query" });
    expect(schemes.memberToken).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.clientBasic).toMatchObject({ type: "http", scheme: "basic" });
  });

  it("lists every catalogue entry an operation can answer, under its status, in the operation's shape", () => {
    for (const { path: route, operation } of operations()) {
      const documented = operationFor(operation.operationId);
      if (!documented) continue;
      const examples = Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .flatMap(([status, response]) =>
          Object.entries(response.content?.["application/json"]?.examples ?? {}).map(([name, example]) => ({
            status: Number(status),
            name,
            value: example.value,
          })),
        );
      for (const example of examples) {
        const entry = catalogueEntries.find((candidate) => candidate.name === example.name);
        expect(entry, `${route}: ${example.name}`).toBeDefined();
        expect(example.status).toBe(entry!.status);
        const wrapped = entry!.gateway || documented.errorShape === "wrapped";
        const body = wrapped
          ? wrappedErrorBodySchema.parse(example.value).error
          : errorBodySchema.strict().parse(example.value);
        expect(body.code).toBe(entry!.code);
        expect(body.developerLink).toBe(`${origin}/docs/api/errors#${entry!.code.toLowerCase().replaceAll("_", "-")}`);
        expect(body.childError?.[0]?.code).toBe(entry!.childCode);
      }
      // Every operation can refuse a bad api_key and bad data.
      expect(examples.map((example) => example.name)).toEqual(
        expect.arrayContaining(["DEVELOPER_NOT_AUTHORIZED", "DATA_INVALID"]),
      );
    }
  });

  it("holds examples that pass the contract's own schemas", () => {
    let checked = 0;
    for (const { path: route, operation } of operations()) {
      const documented = operationFor(operation.operationId);
      const version = /\/api\/(?:test\/)?(v[0-9A-Za-z]*)\//.exec(route)?.[1] ?? "";
      const requestExamples = operation.requestBody?.content["application/json"]?.examples ?? {};
      for (const [name, example] of Object.entries(requestExamples)) {
        expectParses(documented!.body!(version).schema, example.value, `${route} request ${name}`);
        checked++;
      }
      const successStatus = Object.keys(operation.responses).find((status) => Number(status) < 300)!;
      const successExamples = operation.responses[successStatus]?.content?.["application/json"]?.examples ?? {};
      for (const [name, example] of Object.entries(successExamples)) {
        const schema =
          documented?.success.schema ??
          { grant: grantTokenResponseSchema, secureKey: secureKeyTokenResponseSchema }[operation.operationId];
        expect(schema, `${route}: no schema for ${operation.operationId}`).toBeDefined();
        expectParses(schema!, example.value, `${route} response ${name}`);
        checked++;
      }
      if (!documented) {
        for (const response of Object.entries(operation.responses).filter(([status]) => Number(status) >= 400)) {
          for (const example of Object.values(response[1].content?.["application/json"]?.examples ?? {})) {
            expectParses(oauthErrorBodySchema, example.value, `${route} OAuth error`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(25);
  });
});
