import "server-only";
import type { ClientCredentials, TokenClient } from "./token-client";

/** Where agent calls get the partner's client token from. */
export interface ClientTokenSource {
  /** A client token that stays valid for at least the refresh margin. */
  token(): Promise<string>;
  /** Forgets a token the service refused (revoked early), so the next call asks for a new one. */
  invalidate(token: string): void;
}

export interface ClientTokenProviderSettings {
  tokenClient: Pick<TokenClient, "clientCredentials">;
  /** The partner's client at A2 (client_secret_basic); server-only. */
  client: ClientCredentials;
  /** OAuth scopes to ask for, e.g. retrieve_account and reverse_transaction. */
  scopes: readonly string[];
  /** Seconds before expiry at which a cached token is replaced; default 60. */
  refreshMarginSeconds?: number;
  /** Milliseconds since the epoch; the clock, replaceable in tests. */
  now?: () => number;
}

interface CachedToken {
  token: string;
  /** When to stop handing it out (ms since the epoch): shortly before it expires. */
  renewAt: number;
}

/**
 * The partner's client-credentials token (A2), asked for once and reused
 * until shortly before it expires, so a worker or a console does not call
 * the grant service for every agent request. Concurrent callers share one
 * request. Kept in process memory on purpose: each instance may hold its own
 * token, nothing has to be shared.
 */
export function createClientTokenProvider(settings: ClientTokenProviderSettings): ClientTokenSource {
  const now = settings.now ?? Date.now;
  const marginMs = (settings.refreshMarginSeconds ?? 60) * 1000;
  let cached: CachedToken | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const askedAt = now();
    const answer = await settings.tokenClient.clientCredentials(settings.client, settings.scopes);
    const lifetimeMs = answer.expiresIn * 1000;
    // A lifetime shorter than the margin is still used, for the first half of it.
    const renewAt = askedAt + Math.max(lifetimeMs - marginMs, lifetimeMs / 2);
    cached = { token: answer.accessToken, renewAt };
    return answer.accessToken;
  }

  return {
    token() {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      pending ??= fetchToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    invalidate(token) {
      if (cached?.token === token) cached = undefined;
    },
  };
}
