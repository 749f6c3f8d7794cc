import type { AuthorisationCode } from "@/server/loyalty/oauth/token-tables";
import type { RegisteredRedirectUri } from "@/server/loyalty/oauth/find-oauth-client";
import { OAuthError } from "./oauth-error";
import { verifierMatchesChallenge } from "./pkce";

/**
 * RFC 6749 §4.1.3: a code issued for a redirect URI is exchanged only with
 * that exact URI. A code issued without one (the client's single registered
 * URI was used) accepts the parameter only when it names a registered URI,
 * A1's rule.
 */
export function redirectUriRefusal(
  code: AuthorisationCode,
  redirectUri: string | undefined,
  registered: readonly RegisteredRedirectUri[],
): OAuthError | undefined {
  if (code.redirectUri !== null) {
    if (redirectUri === undefined) return new OAuthError("invalid_grant", "redirect uri required for this code");
    if (redirectUri !== code.redirectUri) return new OAuthError("invalid_grant", "redirect uri does not match");
    return undefined;
  }
  if (redirectUri !== undefined && !registered.some((entry) => entry.uri === redirectUri)) {
    return new OAuthError("invalid_grant", "redirect uri not registered");
  }
  return undefined;
}

/**
 * RFC 7636 §4.6: a code with a challenge needs the matching verifier; a
 * verifier sent for a code without one is refused too (RFC 9700 §2.1.1), so
 * a downgrade cannot go unnoticed.
 */
export function pkceRefusal(code: AuthorisationCode, verifier: string | undefined): OAuthError | undefined {
  if (code.codeChallenge === null) {
    return verifier === undefined
      ? undefined
      : new OAuthError("invalid_grant", "code verifier sent for a code without challenge");
  }
  if (verifier === undefined) return new OAuthError("invalid_grant", "code verifier required for this code");
  if (code.codeChallengeMethod !== "S256" || !verifierMatchesChallenge(verifier, code.codeChallenge)) {
    return new OAuthError("invalid_grant", "code verifier does not match");
  }
  return undefined;
}
