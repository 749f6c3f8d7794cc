import { oauthScopes } from "@/lib/contract/token-services";
import { OAuthError } from "./oauth-error";

// The list is the contract's (lib/contract/token-services.ts), so the docs and the grant service cannot drift apart.
export { oauthScopes };

export type OAuthScope = (typeof oauthScopes)[number];

/** What a token is granted when nothing narrower or wider was asked for. */
export const defaultScope = "read";

/** The tokens of a stored, space-separated scope. */
export function scopeTokens(scope: string | null | undefined): string[] {
  const tokens = (scope ?? "").split(" ").filter((token) => token !== "");
  return tokens.length > 0 ? tokens : [defaultScope];
}

/**
 * A requested `scope` (RFC 6749 §3.3: space-separated, case-sensitive
 * tokens). Anything outside `allowed`, or a malformed list, is invalid_scope
 * with the refused part echoed in the error's `scope` field.
 */
export function parseRequestedScope(value: string, allowed: readonly string[] = oauthScopes): string[] {
  const tokens = value.split(" ");
  if (tokens.some((token) => token === "")) {
    throw new OAuthError("invalid_scope", "scope malformed", { scope: value });
  }
  const unknown = tokens.filter((token) => !allowed.includes(token));
  if (unknown.length > 0) {
    throw new OAuthError("invalid_scope", "scope not valid", { scope: [...new Set(unknown)].join(" ") });
  }
  return [...new Set(tokens)];
}

/** A narrower scope may be asked for, never a wider one (RFC 6749 §6). */
export function ensureWithinGrant(requested: readonly string[], granted: readonly string[]): void {
  const beyond = requested.filter((token) => !granted.includes(token));
  if (beyond.length > 0) {
    throw new OAuthError("invalid_scope", "scope exceeds what was granted", { scope: beyond.join(" ") });
  }
}
