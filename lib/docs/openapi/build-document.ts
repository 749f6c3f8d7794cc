import { createDocument } from "zod-openapi";
import { errorBodySchema, wrappedErrorBodySchema } from "@/lib/contract/error-body";
import { oauthErrorBodySchema } from "@/lib/contract/oauth-error";
import { loginPagePaths } from "./login-pages";
import { partnerOperationPaths } from "./partner-operations";
import { schemaOverride } from "./schema-overrides";
import { descriptionPaths, tokenServicePaths } from "./token-services";
import { webhookOperations } from "./webhooks";

export type OpenApiDocument = ReturnType<typeof createDocument>;

const overview = `A faithful sandbox of the Loyalty Points Partner API: token services (A1–A4) and partner operations (P1–P9), plus the membership read model.

- **api_key** (query) on every partner operation: the sandbox's staging key is \`SBX0DEMO0PARTNER00000001\`.
- **Member token**: \`Authorization: Bearer <access token>\` from the grant service; see the [quickstart](/docs/guides/quickstart).
- **Errors** come flat or wrapped in \`error\`, as each operation states; every code is in the [error catalogue](/docs/api/errors), which \`developerLink\` points at.
- **Safe retries**: see [Idempotency-Key](/docs/guides/safe-retries). **Versions** and the \`/test/\` prefix: see [versions](/docs/guides/versions).
- A [Postman collection](/docs/postman-collection.json) is generated from this document.`;

/**
 * The OpenAPI 3.1 document of the service, generated from the contract's
 * zod schemas, the documented operations and the error catalogue. `origin`
 * is the server the document describes (and the developerLinks it shows).
 */
export function buildOpenApiDocument(origin: string): OpenApiDocument {
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Loyalty Points Partner API (sandbox)",
        version: "1.0.0",
        description: overview,
      },
      servers: [{ url: origin, description: "This sandbox" }],
      tags: [
        { name: "Programmes", description: "P1: programmes, by code, country or membership." },
        { name: "Accounts and transactions", description: "P2 and P3: balance, status, history." },
        { name: "Points", description: "P4 credit, P5 debit, P6 reversal: the ledger." },
        { name: "Memberships", description: "P7 registration, P8 update and the membership read model." },
        { name: "Pricing", description: "P9: points-and-cash price options." },
        { name: "Request log", description: "An extension: your own requests of the last 7 days, by request id." },
        {
          name: "Token services",
          description: "A1 and A3 login pages, A2 grant service and A4 secure key: tokens for members and partners.",
        },
        { name: "Service description", description: "This document." },
        {
          name: "Events",
          description:
            "Webhooks this sandbox posts to your endpoints (an extension: the spec shows no events). Manage endpoints in the [developer console](/developers).",
        },
      ],
      security: [{ api_key: [] }],
      paths: { ...partnerOperationPaths(origin), ...loginPagePaths(), ...tokenServicePaths(), ...descriptionPaths() },
      webhooks: webhookOperations(),
      components: {
        securitySchemes: {
          api_key: {
            type: "apiKey",
            in: "query",
            name: "api_key",
            description: "The partner's key: exactly 24 letters and digits. Sandbox: SBX0DEMO0PARTNER00000001.",
          },
          memberToken: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "A member's access token from the grant service (A2) or the secure key service (A4).",
          },
          clientBasic: {
            type: "http",
            scheme: "basic",
            description: "Grant service: the client identifier and its password.",
          },
          partnerBasic: {
            type: "http",
            scheme: "basic",
            description: "Secure key service: the client identifier and the partner secret.",
          },
        },
        schemas: {
          ErrorBody: errorBodySchema,
          WrappedErrorBody: wrappedErrorBodySchema,
          OAuthError: oauthErrorBodySchema,
        },
      },
    },
    { override: schemaOverride },
  );
}
