import { defaultScope, oauthScopes } from "@/server/loyalty/grant/oauth-scopes";
import { z } from "zod";
import type { OAuthClient } from "@/server/loyalty/oauth/client-tables";
import type { Partner } from "@/server/loyalty/partners/partner-tables";

/** The programme a login is for. */
export interface LoginProgramme {
  id: number;
  identifier: string;
  name: string;
}

/** A login request whose client, redirect URI and options have all been checked. */
export interface LoginRequest {
  client: OAuthClient;
  partner: Partner;
  programme: LoginProgramme;
  /** Where the code or an error goes: the URI sent, or the client's only registered one. */
  redirectUri: string;
  /** `redirect_uri` exactly as sent, or null: the grant must then repeat it (or also omit it). */
  redirectUriSent: string | null;
  state: string | undefined;
  /** Granted scopes, space separated, "read" when none was asked for. */
  scope: string;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | null;
  /** Who is asking for access, as shown on the page. */
  brand: string;
}

/** Problems that cannot be sent to a redirect URI, because none can be trusted yet. */
export type LoginPageProblem = "invalidClient" | "invalidProgramme" | "securityIssue";

export interface LoginRedirectError {
  error: "INVALID_REQUEST" | "REQUEST_UNAUTHORIZED";
  /** Alphanumeric plus colon and space (OAuth error resource). */
  description: string;
}

export type LoginRequestResolution =
  | { outcome: "valid"; request: LoginRequest }
  | { outcome: "page"; problem: LoginPageProblem }
  | { outcome: "redirect"; redirectUri: string; state: string | undefined; error: LoginRedirectError };

/** Query parameters; one sent twice is kept as a list, which every single-value schema refuses. */
export type QueryRecord = Record<string, string | string[]>;

export function queryRecord(url: URL): QueryRecord {
  // No prototype: a parameter named `__proto__` or `constructor` is just a parameter.
  const record = Object.create(null) as QueryRecord;
  for (const [name, value] of url.searchParams) {
    const previous = record[name];
    record[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return record;
}

/** One value of a parameter sent once; undefined when absent or sent more than once. */
export function singleValue(query: QueryRecord, name: string): string | undefined {
  const value = query[name];
  return typeof value === "string" ? value : undefined;
}

/** Scope values accepted in login and grant requests: the grant service's list. */
export const scopeValues = oauthScopes;

/** Space-separated known scope values; repeated values are kept once, in the order sent. */
export const scopeSchema = z.string().transform((value, context) => {
  const values = value.split(" ");
  if (!values.every((scope) => (scopeValues as readonly string[]).includes(scope))) {
    context.addIssue({ code: "custom", message: "invalid scope" });
    return z.NEVER;
  }
  return [...new Set(values)].join(" ");
});

/** The options every login request shares (A1 and A3), beside client and redirect URI. */
export const loginOptionsShape = {
  response_type: z.literal("code"),
  scope: scopeSchema.optional(),
  // RFC 7636 S256 challenges are 32 bytes in unpadded base64url; `plain` is refused.
  code_challenge: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  code_challenge_method: z.literal("S256").optional(),
};

interface PkceFields {
  code_challenge?: string;
  code_challenge_method?: "S256";
}

/** A challenge without its method (which would mean `plain`) or a method without a challenge is refused. */
export function requirePkcePair(options: PkceFields, context: z.RefinementCtx): void {
  if (options.code_challenge !== undefined && options.code_challenge_method === undefined) {
    context.addIssue({ code: "custom", path: ["code_challenge_method"], message: "missing" });
  }
  if (options.code_challenge_method !== undefined && options.code_challenge === undefined) {
    context.addIssue({ code: "custom", path: ["code_challenge"], message: "missing" });
  }
}

const parameterWords: Record<string, string> = {
  response_type: "response type",
  scope: "scope",
  state: "state",
  code_challenge: "code challenge",
  code_challenge_method: "code challenge method",
  brandName: "brand name",
};

export interface LoginOptions {
  scope: string;
  state: string | undefined;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | null;
  brandName?: string;
}

type ParsedOptions = PkceFields & { scope?: string; state?: string; brandName?: string };

/**
 * Parses the options against a service's schema. A failure names the first
 * failing parameter in an error description made only of letters, digits,
 * colon and space, as the OAuth error resource requires.
 */
function parseLoginOptions(
  schema: z.ZodType<ParsedOptions>,
  query: QueryRecord,
): { ok: true; options: LoginOptions } | { ok: false; error: LoginRedirectError } {
  // E1: a grant (response) type sent once but other than `code` is the "wrong grant type" row, before any
  // other option; missing or blank, it is INVALID_REQUEST like the rest.
  const responseType = query.response_type;
  if (typeof responseType === "string" && responseType.trim() !== "" && responseType !== "code") {
    return {
      ok: false,
      error: { error: "REQUEST_UNAUTHORIZED", description: "UNSUPPORTED GRANT TYPE: invalid response type" },
    };
  }
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    const name = String(parsed.error.issues[0]?.path[0] ?? "");
    const sent = query[name];
    const blank = name === "response_type" && typeof sent === "string";
    const problem = sent === undefined || blank ? "missing" : "invalid";
    const words = parameterWords[name] ?? "parameter";
    return { ok: false, error: { error: "INVALID_REQUEST", description: `INVALID REQUEST: ${problem} ${words}` } };
  }
  const options = parsed.data;
  return {
    ok: true,
    options: {
      scope: options.scope ?? defaultScope,
      state: options.state,
      codeChallenge: options.code_challenge ?? null,
      codeChallengeMethod: options.code_challenge_method ?? null,
      brandName: options.brandName,
    },
  };
}

/**
 * The redirect URI: the one sent when it equals a registered one byte for
 * byte (no normalisation of case, slash, port or query), or the only
 * registered one when none was sent. Undefined means a security issue.
 */
export function matchRedirectUri(
  query: QueryRecord,
  registered: readonly string[],
): Pick<LoginRequest, "redirectUri" | "redirectUriSent"> | undefined {
  const sent = query.redirect_uri;
  if (sent === undefined) {
    const only = registered.length === 1 ? registered[0] : undefined;
    return only === undefined ? undefined : { redirectUri: only, redirectUriSent: null };
  }
  return typeof sent === "string" && registered.includes(sent)
    ? { redirectUri: sent, redirectUriSent: sent }
    : undefined;
}

/**
 * Finishes a request whose client and redirect URI are trusted: from here on
 * an error goes to the redirect URI, with the state echoed.
 */
export function completeLoginRequest(
  query: QueryRecord,
  schema: z.ZodType<ParsedOptions>,
  trusted: Pick<LoginRequest, "client" | "partner" | "programme" | "redirectUri" | "redirectUriSent">,
): LoginRequestResolution {
  const parsed = parseLoginOptions(schema, query);
  if (!parsed.ok) {
    return {
      outcome: "redirect",
      redirectUri: trusted.redirectUri,
      state: singleValue(query, "state"),
      error: parsed.error,
    };
  }
  const { brandName, ...options } = parsed.options;
  return { outcome: "valid", request: { ...trusted, ...options, brand: brandName ?? trusted.partner.name } };
}
