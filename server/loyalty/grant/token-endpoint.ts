import "server-only";
import { randomUUID } from "node:crypto";
import { getDatabase, type Database } from "@/server/loyalty/db/loyalty-database";
import { rateLimitHeaders } from "@/server/loyalty/rate-limits/rate-limit-decision";
import { tokenServiceLimit } from "@/server/loyalty/rate-limits/token-service-limit";
import { logger } from "@/server/observability/logger";
import { passwordHashBusyIn } from "@/server/security/hash-queue";
import { OAuthError, type OAuthErrorCode } from "./oauth-error";
import { oauthErrorResponse } from "./render-oauth-error";
import { tokenResponse } from "./token-response";
import { recordAuthRequest, type AuthRequestOperation } from "@/server/loyalty/request-log/record-auth-request";

export interface TokenRequestContext {
  request: Request;
  db: Database;
  requestId: string;
  /** One clock reading for the whole request (tests move it with fake timers). */
  now: Date;
  /** Added to the request's log line: client id, grant type. */
  logFields: Record<string, string>;
  /** Headers the answer carries whatever it is (a developer sandbox's moved clock: X-Sandbox-Time). */
  answerHeaders: Record<string, string>;
  /** Set once the client is authenticated: the partner whose request log records the request. */
  partnerId?: number;
}

export interface TokenEndpointDefinition {
  /** Kebab-case name for logs. */
  name: string;
  /** What a database that cannot be opened answers (E3 has temporarily_unavailable, E2 does not). */
  unavailableCode: Extract<OAuthErrorCode, "server_error" | "temporarily_unavailable">;
  /** The request log's name for the service's requests; a service without one is not recorded there. */
  requestLogOperation?: AuthRequestOperation;
  /** Returns the success body; throws OAuthError to refuse. */
  handle(context: TokenRequestContext): Promise<object>;
}

type TokenRouteHandler = (request: Request) => Promise<Response>;

/**
 * The one wrapper of the token services (A2, A4): POST only, OAuth error
 * bodies, no-store headers, one log line per request, and no internals in
 * an unexpected failure. Returns a handler per method so a route file only
 * re-exports them.
 */
export function tokenEndpoint(
  definition: TokenEndpointDefinition,
): Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", TokenRouteHandler> {
  const handler: TokenRouteHandler = async (request) => {
    const requestId = randomUUID();
    const startedAt = performance.now();
    const receivedAt = new Date();
    const logFields: Record<string, string> = {};
    const context: { db?: Database; partnerId?: number; errorCode?: string } = {};
    let limitHeaders: Record<string, string> = {};
    const answerHeaders: Record<string, string> = {};
    let response: Response;
    try {
      if (request.method !== "POST") {
        throw new OAuthError("method_not_allowed", "method not allowed: use POST", { headers: { Allow: "POST" } });
      }
      const db = await openDatabase(definition, requestId);
      // Before the client's secret is hashed: anyone can send invented credentials.
      const limit = await tokenServiceLimit(db, definition.name, request);
      limitHeaders = limit ? rateLimitHeaders([limit]) : {};
      if (limit && !limit.allowed) {
        throw new OAuthError(
          "temporarily_unavailable",
          `too many requests from this address: retry after ${limit.resetSeconds} seconds`,
          { status: 429, headers: limitHeaders },
        );
      }
      context.db = db;
      const tokenContext: TokenRequestContext = { request, db, requestId, now: receivedAt, logFields, answerHeaders };
      try {
        response = tokenResponse(await definition.handle(tokenContext), requestId);
      } finally {
        context.partnerId = tokenContext.partnerId;
      }
    } catch (error) {
      const refusal = asOAuthError(error, definition.name, requestId);
      context.errorCode = refusal.code;
      response = oauthErrorResponse(refusal, requestId);
    }
    for (const [name, value] of Object.entries({ ...limitHeaders, ...answerHeaders }))
      response.headers.set(name, value);
    logger.info(
      {
        requestId,
        service: definition.name,
        method: request.method,
        status: response.status,
        durationMs: Math.round(performance.now() - startedAt),
        ...logFields,
      },
      "token request",
    );
    if (definition.requestLogOperation && context.db && context.partnerId !== undefined) {
      recordAuthRequest(context.db, {
        partnerId: context.partnerId,
        operation: definition.requestLogOperation,
        requestId,
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        errorCode: context.errorCode,
        startedAt,
        receivedAt,
        details: {
          ...(logFields.clientId ? { clientId: logFields.clientId } : {}),
          ...(logFields.grantType ? { grantType: logFields.grantType } : {}),
        },
      });
    }
    return response;
  };
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}

async function openDatabase(definition: TokenEndpointDefinition, requestId: string): Promise<Database> {
  try {
    return await getDatabase();
  } catch (error) {
    logger.error({ err: error, requestId, service: definition.name }, "database unavailable");
    throw new OAuthError(definition.unavailableCode, "service temporarily unavailable");
  }
}

function asOAuthError(error: unknown, service: string, requestId: string): OAuthError {
  if (error instanceof OAuthError) return error;
  const busy = passwordHashBusyIn(error);
  if (busy) {
    // Too many secrets wait to be checked in this process: RFC 6749's temporarily_unavailable, as 503 with Retry-After.
    logger.warn({ requestId, service, reason: busy.reason }, "token request refused: password checks busy");
    return new OAuthError("temporarily_unavailable", `busy: retry after ${busy.retryAfterSeconds} seconds`, {
      status: 503,
      headers: { "Retry-After": String(busy.retryAfterSeconds) },
    });
  }
  // The cause goes to the log only; the caller gets the X-Request-Id header to quote.
  logger.error({ err: error, requestId, service }, "token request failed");
  return new OAuthError("server_error", "unexpected condition");
}
