import { z } from "zod";
import { LoyaltyContractError, LoyaltyTokenError, LoyaltyUnavailableError } from "./errors";
import { callDeadline } from "@/lib/http/call-deadline";

export interface TokenClientSettings {
  /** {auth_url}: login page, grant service and JWKS of the primary programme. */
  authUrl: string;
  /** {partner_auth_url}: secure code and secure key of the further programmes. */
  partnerAuthUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface ClientCredentials {
  clientId: string;
  secret: string;
}

/** The token answer of A2 and A4, reduced to what a partner keeps. */
export interface MemberTokens {
  accessToken: string;
  /** Absent for client credentials; present but unusable by partners for A4 (see docs/decisions.md). */
  refreshToken?: string;
  /** Seconds the access token is valid from now. */
  expiresIn: number;
}

// `scope` is deliberately not read: the grant service answers the login's
// AUTHN level there (AUTHN-LEVEL-12), not OAuth scopes.
const tokenBodySchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});

const oauthErrorSchema = z.object({ error: z.string().min(1), error_description: z.string().optional() });

/** A token service's refusal: its OAuth error, else unavailable (5xx) or a broken contract. */
function tokenServiceRefusal(status: number, json: unknown, url: URL): Error {
  const refusal = oauthErrorSchema.safeParse(json);
  if (refusal.success) return new LoyaltyTokenError(status, refusal.data.error, refusal.data.error_description);
  if (status >= 500) return new LoyaltyUnavailableError(`The token service answered ${status} to POST ${url.pathname}`);
  return new LoyaltyContractError(`HTTP ${status} from ${url.pathname} without an OAuth error body`, status);
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before they are joined and encoded. */
export function basicAuthorization({ clientId, secret }: ClientCredentials): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

/**
 * The token services the portal uses to sign members in: A2 (code and
 * refresh grants, client_secret_basic, form body) and A4 (the further
 * programmes' secure key: POST with query parameters and headers only).
 */
export function createTokenClient(settings: TokenClientSettings) {
  const trim = (url: string) => url.replace(/\/$/, "");

  async function post(url: URL, init: { headers: Record<string, string>; body?: string }): Promise<MemberTokens> {
    const deadline = callDeadline(settings.timeoutMs);
    let response: Response;
    let json: unknown;
    try {
      try {
        response = await (settings.fetch ?? fetch)(url, {
          method: "POST",
          headers: { Accept: "application/json", ...init.headers },
          body: init.body,
          signal: deadline.signal,
          cache: "no-store",
          redirect: "manual",
        });
      } catch (error) {
        throw new LoyaltyUnavailableError(`The token service did not answer POST ${url.pathname}`, { cause: error });
      }
      json = await response.json().catch(() => undefined);
    } finally {
      deadline.end();
    }
    if (!response.ok) throw tokenServiceRefusal(response.status, json, url);
    const parsed = tokenBodySchema.safeParse(json);
    if (!parsed.success)
      throw new LoyaltyContractError(
        `The token answer of ${url.pathname} breaks the contract: ${parsed.error.message}`,
        response.status,
      );
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      expiresIn: parsed.data.expires_in,
    };
  }

  function grant(client: ClientCredentials, form: Record<string, string | undefined>): Promise<MemberTokens> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) if (value !== undefined) body.set(name, value);
    return post(new URL(`${trim(settings.authUrl)}/api/grant`), {
      headers: { Authorization: basicAuthorization(client), "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
  }

  /**
   * Token revocation (the service's RFC 7009 extension): 200 means the token
   * and its family no longer work, or were never known, which a signing-out
   * portal treats alike.
   */
  async function revoke(
    client: ClientCredentials,
    token: string,
    hint?: "access_token" | "refresh_token",
  ): Promise<void> {
    const url = new URL(`${trim(settings.authUrl)}/api/revoke`);
    const body = new URLSearchParams({ token });
    if (hint) body.set("token_type_hint", hint);
    const deadline = callDeadline(settings.timeoutMs);
    try {
      let response: Response;
      try {
        response = await (settings.fetch ?? fetch)(url, {
          method: "POST",
          headers: {
            Accept: "application/json",
            Authorization: basicAuthorization(client),
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: body.toString(),
          signal: deadline.signal,
          cache: "no-store",
          redirect: "manual",
        });
      } catch (error) {
        throw new LoyaltyUnavailableError(`The token service did not answer POST ${url.pathname}`, { cause: error });
      }
      if (response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      throw tokenServiceRefusal(response.status, await response.json().catch(() => undefined), url);
    } finally {
      deadline.end();
    }
  }

  return {
    /**
     * Revokes a member's tokens on sign-out: the refresh token (or access
     * token) given, and every token of its family.
     */
    revokeToken: revoke,

    /** A2, authorization_code grant with PKCE. */
    exchangeCode: (client: ClientCredentials, input: { code: string; redirectUri: string; codeVerifier?: string }) =>
      grant(client, {
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: input.redirectUri,
        code_verifier: input.codeVerifier,
      }),

    /**
     * A2, client_credentials: the partner's own token, for offline channels
     * (an agent acting without the member); no refresh token.
     */
    clientCredentials: (client: ClientCredentials, scopes: readonly string[] = []) =>
      grant(client, { grant_type: "client_credentials", scope: scopes.length > 0 ? scopes.join(" ") : undefined }),

    /** A2, refresh_token grant; the answer carries the rotated refresh token. */
    refresh: (client: ClientCredentials, refreshToken: string) =>
      grant(client, { grant_type: "refresh_token", refresh_token: refreshToken }),

    /** A4, secure key: POST, parameters in the query, no body, the programme and business context as headers. */
    exchangeSecureKeyCode: (
      client: ClientCredentials,
      input: { code: string; programme: string; businessContext: string; codeVerifier?: string },
    ) => {
      const url = new URL(`${trim(settings.partnerAuthUrl)}/secure/key`);
      url.searchParams.set("grant_type", "authorization_code");
      url.searchParams.set("code", input.code);
      url.searchParams.set("client_id", client.clientId);
      if (input.codeVerifier) url.searchParams.set("code_verifier", input.codeVerifier);
      return post(url, {
        headers: {
          Authorization: basicAuthorization(client),
          "business-context-identifier": input.businessContext,
          "programme-identifier": input.programme,
        },
      });
    },
  };
}

export type TokenClient = ReturnType<typeof createTokenClient>;
