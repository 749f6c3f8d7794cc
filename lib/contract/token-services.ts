import { z } from "zod";

/** The OAuth scopes a login or a grant may ask for (spec, Authentication). */
export const oauthScopes = [
  "read",
  "reset_password",
  "retrieve_account",
  "retrieve_membership",
  "contact_member",
  "reverse_transaction",
  "write",
  "retrieve_username",
] as const;

/** A2 grant service: the form fields (application/x-www-form-urlencoded). */
export const grantRequestSchema = z.object({
  grant_type: z.enum(["authorization_code", "client_credentials", "refresh_token"]),
  code: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional()
    .meta({ description: "authorization_code: the code from the login redirect (valid 2 minutes, once)." }),
  redirect_uri: z.string().optional().meta({ description: "authorization_code: the redirect URI the login used." }),
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/)
    .optional()
    .meta({ description: "authorization_code: the PKCE verifier whose S256 challenge the login carried." }),
  refresh_token: z
    .string()
    .optional()
    .meta({ description: "refresh_token: the refresh token issued with the member token." }),
  scope: z
    .string()
    .optional()
    .meta({ description: `Space-separated OAuth scopes, from: ${oauthScopes.join(", ")}.` }),
});

/** A2's Token resource: `scope` is the authentication level, not the OAuth scopes. */
export const grantTokenResponseSchema = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1).optional(),
    scope: z.enum(["AUTHN-LEVEL-10", "AUTHN-LEVEL-12", "AUTHN-LEVEL-15"]),
    token_type: z.literal("bearer"),
    expires_in: z.number().int().positive(),
    svc_refresh_expires_in: z.number().int().positive().optional(),
  })
  .strict();

/** A4 secure key: the query (no body). */
export const secureKeyQuerySchema = z.object({
  grant_type: z.literal("authorization_code"),
  code: z.string().meta({ description: "The code from the secure code login (A3), once." }),
  client_id: z.string().optional(),
  scope: z.enum(["reset_password", "retrieve_username"]).optional(),
  code_verifier: z.string().optional().meta({ description: "The PKCE verifier, when A3 was given a challenge." }),
});

/** A4's headers besides `authorization` (Basic client identifier and partner secret). */
export const secureKeyHeadersSchema = z.object({
  "business-context-identifier": z.string().regex(/^[A-Za-z]{1,50}$/),
  "programme-identifier": z.string().regex(/^[A-Za-z]{1,20}$/),
});

/** A4's Token resource. */
export const secureKeyTokenResponseSchema = z
  .object({
    access_token: z.string().min(1),
    token_type: z.literal("bearer"),
    refresh_token: z.string().min(1),
    expires_in: z.number().int().positive(),
    scope: z.string().optional(),
    jti: z.string().regex(/^\d+$/),
    additional_information: z.object({
      issue_date: z.iso.date(),
      authentication_status: z.literal("AUTHENTICATED"),
      requesting_application: z.string().regex(/^[A-Za-z]+$/),
      membership_number: z.string().regex(/^\d{16,24}$/),
      partner_identifier: z.string().regex(/^[A-Za-z0-9]{8,20}$/),
      programme_identifier: z.string().regex(/^[A-Za-z]+$/),
    }),
  })
  .strict();

export type GrantTokenResponse = z.infer<typeof grantTokenResponseSchema>;
export type SecureKeyTokenResponse = z.infer<typeof secureKeyTokenResponseSchema>;
