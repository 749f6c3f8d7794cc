import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import { oauthErrorBodySchema, type OAuthErrorBody } from "@/lib/contract/oauth-error";
import {
  grantRequestSchema,
  grantTokenResponseSchema,
  secureKeyHeadersSchema,
  secureKeyQuerySchema,
  secureKeyTokenResponseSchema,
  type GrantTokenResponse,
  type SecureKeyTokenResponse,
} from "@/lib/contract/token-services";
import { sandboxTimeHeader, sandboxTimeHeaderSchema } from "@/lib/contract/sandbox-time";

/** A developer sandbox's moved clock, on every answer once the client is known. */
const clockHeaders = () => z.object({ [sandboxTimeHeader]: sandboxTimeHeaderSchema });
import { sandboxClient, sandboxFurtherProgrammes } from "@/lib/docs/sandbox-values";

const jwt = "eyJhbGciOiJFUzI1NiIsImtpZCI6InNhbmRib3gifQ.eyJzdWIiOiIzMDgxMDAwMDAwMDAwMDAxIn0.c2lnbmF0dXJl";

const memberToken: GrantTokenResponse = {
  access_token: jwt,
  refresh_token: "9f2c4e6a8b0d1f3e5a7c9e1b3d5f7a9c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f",
  scope: "AUTHN-LEVEL-12",
  token_type: "bearer",
  expires_in: 900,
  svc_refresh_expires_in: 86400,
};

const clientToken: GrantTokenResponse = {
  access_token: jwt,
  scope: "AUTHN-LEVEL-10",
  token_type: "bearer",
  expires_in: 900,
};

const secureKeyToken: SecureKeyTokenResponse = {
  access_token: jwt,
  token_type: "bearer",
  refresh_token: jwt,
  expires_in: 900,
  jti: "482913074",
  additional_information: {
    issue_date: "2026-11-20",
    authentication_status: "AUTHENTICATED",
    requesting_application: sandboxFurtherProgrammes.businessContextIdentifier,
    membership_number: "3081000000000009",
    partner_identifier: "DEMOPARTNER01",
    programme_identifier: "MERIDIAN",
  },
};

/** The OAuth error codes the token services answer, by status (tables E2 and E3; docs/decisions.md). */
const oauthErrors: Record<number, { error: string; when: string }[]> = {
  400: [
    { error: "invalid_request", when: "A parameter or header is missing, malformed or sent twice." },
    {
      error: "invalid_grant",
      when: "The code or refresh token is unknown, expired, already used or not this client's.",
    },
    { error: "invalid_scope", when: "A scope is not one of the eight accepted values." },
    { error: "unsupported_grant_type", when: "grant_type is not one of those served." },
  ],
  401: [
    { error: "invalid_client", when: "The Basic credentials do not authenticate a client." },
    { error: "unauthorized", when: "The client may not request a token this way." },
    { error: "access_denied", when: "The member or the partner cannot be used (blocked, inactive...)." },
  ],
  405: [{ error: "method_not_allowed", when: "Only POST is served." }],
  500: [{ error: "server_error", when: "Unexpected condition; retry later." }],
};

function oauthErrorResponses(): Record<string, ZodOpenApiResponseObject> {
  return Object.fromEntries(
    Object.entries(oauthErrors).map(([status, errors]) => [
      status,
      {
        description: errors.map(({ error, when }) => `- **${error}**: ${when}`).join("\n"),
        headers: clockHeaders(),
        content: {
          "application/json": {
            schema: oauthErrorBodySchema,
            examples: Object.fromEntries(
              errors.map(({ error, when }) => [
                error,
                {
                  summary: error,
                  description: when,
                  value: { error, error_description: "see the service description" } satisfies OAuthErrorBody,
                },
              ]),
            ),
          },
        },
      },
    ]),
  );
}

export function tokenServicePaths(): ZodOpenApiPathsObject {
  return {
    "/oauth/api/grant": {
      post: {
        operationId: "grant",
        summary: "Get a token",
        description: `A2 grant service. \`authorization_code\` exchanges the code of the member login (A1, \`GET /oauth/auth/login\`) for a member token and a refresh token; \`refresh_token\` renews them; \`client_credentials\` gives the partner its own token (no member, no refresh token). Authenticate with \`Authorization: Basic base64(client_id:password)\` (sandbox: ${sandboxClient.clientId}). The response's \`scope\` is the authentication level, not the OAuth scopes.`,
        tags: ["Token services"],
        security: [{ clientBasic: [] }],
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: grantRequestSchema,
              examples: {
                code: {
                  summary: "Exchange a login's code (PKCE)",
                  value: {
                    grant_type: "authorization_code",
                    code: "3f1c5e7a9b2d4f6081a3c5e7f9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7",
                    redirect_uri: sandboxClient.redirectUris[0]!,
                    code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
                  },
                },
                client: { summary: "The partner's own token", value: { grant_type: "client_credentials" } },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "The Token resource.",
            headers: clockHeaders(),
            content: {
              "application/json": {
                schema: grantTokenResponseSchema,
                examples: {
                  member: { summary: "Member token (authorization_code)", value: memberToken },
                  client: { summary: "Partner token (client_credentials)", value: clientToken },
                },
              },
            },
          },
          ...oauthErrorResponses(),
        },
      },
    },
    "/partner-oauth/secure/key": {
      post: {
        operationId: "secureKey",
        summary: "Get a token (further programmes)",
        description: `A4 secure key: exchanges the code of the further programmes' login (A3, \`/partner-oauth/secure/code\`) for a member JWT. Query only, no body. Authenticate with \`authorization: Basic base64(client_id:partner_secret)\` (sandbox: ${sandboxFurtherProgrammes.clientId}); \`business-context-identifier\` is ${sandboxFurtherProgrammes.businessContextIdentifier}. The sandbox member of a further programme is demo.meridian.`,
        tags: ["Token services"],
        security: [{ partnerBasic: [] }],
        requestParams: { query: secureKeyQuerySchema, header: secureKeyHeadersSchema },
        responses: {
          "200": {
            description: "The secure key Token resource.",
            headers: clockHeaders(),
            content: {
              "application/json": {
                schema: secureKeyTokenResponseSchema,
                examples: { member: { summary: "demo.meridian", value: secureKeyToken } },
              },
            },
          },
          ...oauthErrorResponses(),
        },
      },
    },
  };
}

/** The document itself, so that the route serving it is described too. */
export function descriptionPaths(): ZodOpenApiPathsObject {
  return {
    "/api/openapi.json": {
      get: {
        operationId: "serviceDescription",
        summary: "This OpenAPI document",
        description: "The OpenAPI 3.1 description of the service, generated from its contracts. No api_key needed.",
        tags: ["Service description"],
        security: [],
        responses: {
          "200": {
            description: "The document.",
            content: { "application/json": { schema: z.record(z.string(), z.unknown()) } },
          },
        },
      },
    },
  };
}
