import { z } from "zod";
import type { OAuthClientWithPartner } from "@/server/loyalty/oauth/find-oauth-client";
import { isValidForwardedFor } from "@/server/loyalty/http/forwarded-for";
import { acceptsJson } from "@/server/loyalty/http/media-types";
import { opaqueValuePattern } from "./grant-context";
import { OAuthError } from "./oauth-error";
import { parseRequestedScope } from "./oauth-scopes";
import { parseParameters } from "./parse-parameters";
import { isWellFormedVerifier } from "./pkce";
import { singleValuedParameters } from "./request-parameters";

/** A4's only scope values. */
export const secureKeyScopes = ["reset_password", "retrieve_username"] as const;

export interface SecureKeyRequest {
  /** Header value as sent: echoed as `requesting_application`. */
  businessContextIdentifier: string;
  /** Header value as sent: echoed as `programme_identifier`. */
  programmeIdentifier: string;
  code: string;
  scope: string | undefined;
  /** RFC 7636 extension for codes A3 issued with a challenge; not in the spec's query list. */
  codeVerifier: string | undefined;
}

const headersSchema = z.object({
  "business-context-identifier": z
    .string()
    .regex(/^[A-Za-z]{1,50}$/, "business context identifier must be 1 to 50 letters"),
  "programme-identifier": z.string().regex(/^[A-Za-z]{1,20}$/, "programme identifier must be 1 to 20 letters"),
});

const querySchema = z.object({
  grant_type: z.literal("authorization_code", "grant type not supported"),
  code: z.string().regex(opaqueValuePattern, "authorisation code unknown"),
  client_id: z.string().optional(),
  scope: z.string().optional(),
  code_verifier: z.string().refine(isWellFormedVerifier, "code verifier malformed").optional(),
});

/**
 * A4's headers and query, checked against the authenticated client: the
 * business-context identifier must be the client's (401 unauthorized), a
 * client_id must name the client of the authorization header (401
 * invalid_client, E3).
 */
export function parseSecureKeyRequest(request: Request, client: OAuthClientWithPartner): SecureKeyRequest {
  const headers = request.headers;
  if (!acceptsJson(headers.get("accept")))
    throw new OAuthError("invalid_request", "accept must allow application json");
  const forwardedFor = headers.get("x-forwarded-for");
  if (forwardedFor !== null && !isValidForwardedFor(forwardedFor)) {
    throw new OAuthError("invalid_request", "x forwarded for must be valid IP addresses");
  }

  const named = parseParameters(
    headersSchema,
    presentHeaders(headers, ["business-context-identifier", "programme-identifier"]),
  );
  const businessContextIdentifier = named["business-context-identifier"];
  if (businessContextIdentifier !== client.client.businessContextIdentifier) {
    throw new OAuthError("unauthorized", "business context identifier not assigned to this client");
  }

  const query = parseParameters(querySchema, singleValuedParameters(new URL(request.url).searchParams), {
    grant_type: "unsupported_grant_type",
    code: "invalid_grant",
  });
  if (query.client_id !== undefined && query.client_id !== client.client.clientId) {
    throw new OAuthError("invalid_client", "client id does not match the authorization header");
  }
  let scope: string | undefined;
  if (query.scope !== undefined) {
    const tokens = parseRequestedScope(query.scope, secureKeyScopes);
    if (tokens.length > 1)
      throw new OAuthError("invalid_scope", "only one scope may be requested", { scope: query.scope });
    scope = tokens[0];
  }

  return {
    businessContextIdentifier,
    programmeIdentifier: named["programme-identifier"],
    code: query.code,
    scope,
    codeVerifier: query.code_verifier,
  };
}

/** Named headers that are present and not blank; a blank one counts as missing. */
function presentHeaders(headers: Headers, names: readonly string[]): Record<string, string> {
  const present: Record<string, string> = {};
  for (const name of names) {
    const value = headers.get(name);
    if (value !== null && value.trim() !== "") present[name] = value.trim();
  }
  return present;
}
