import "server-only";
import type { Database } from "@/server/db/connect";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import type { VerifiedClaims } from "@/server/loyalty/oauth/access-tokens";
import type { ErrorName } from "@/lib/contract/error-catalogue";
import { bearerChallenge, memberOfToken, readAccessToken, type AuthenticatedMember } from "./member-token";
import { ServiceError } from "./service-error";
import type { RequestHeaders } from "./partner-request";

/** An agent of an offline channel (a call centre, the partner's own back office), as its client token says. */
export interface AuthenticatedAgent {
  /** The X-Agent-Id of the request: who acts, stored with every write. */
  agentId: string;
  clientId: string;
  scopes: ReadonlySet<string>;
  claims: VerifiedClaims;
}

/**
 * Who an operation acts for: the member, with the member's own token, or an
 * agent of the partner, with the partner's client-credentials token and
 * X-Agent-Id (the spec's offline channels).
 */
export type AuthenticatedCaller =
  { kind: "member"; member: AuthenticatedMember } | { kind: "agent"; agent: AuthenticatedAgent };

export interface AuthenticateCallerOptions {
  invalidToken?: ErrorName;
  /** The request's validated X-Agent-Id. */
  agentId: string | undefined;
  /** The OAuth scope a client token must carry for this operation. */
  agentScope: string;
  /** The time the token's expiry is checked against: the partner's clock. */
  now?: Date;
}

/**
 * A member token is taken exactly as on member-only operations. A client
 * token of the api_key's partner is taken only with X-Agent-Id (without it
 * there is nobody to act for: the operation's token error) and only with the
 * operation's scope (403 INSUFFICIENT_SCOPE).
 */
export async function authenticateCaller(
  db: Database,
  request: RequestHeaders,
  partner: Partner,
  options: AuthenticateCallerOptions,
): Promise<AuthenticatedCaller> {
  const invalidToken = options.invalidToken ?? "TOKEN_INVALID";
  const claims = await readAccessToken(db, request, { invalidToken: options.invalidToken, now: options.now });
  if (claims.token_use !== "client") return { kind: "member", member: memberOfToken(claims, partner, invalidToken) };

  if (claims.partner !== partner.partnerIdentifier) {
    throw new ServiceError(invalidToken, {
      developerMessage: "The token was issued to another partner.",
      headers: bearerChallenge,
    });
  }
  if (options.agentId === undefined) {
    throw new ServiceError(invalidToken, {
      developerMessage: "A client token acts for an agent of an offline channel: send X-Agent-Id, or a member's token.",
      headers: bearerChallenge,
    });
  }
  const scopes = new Set((claims.scope ?? "").split(" ").filter(Boolean));
  if (!scopes.has(options.agentScope)) {
    throw new ServiceError("INSUFFICIENT_SCOPE", {
      developerMessage: `The client token needs the scope ${options.agentScope}.`,
    });
  }
  return { kind: "agent", agent: { agentId: options.agentId, clientId: claims.client_id, scopes, claims } };
}
