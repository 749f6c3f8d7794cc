import "server-only";
import { randomUUID } from "node:crypto";
import type { Span } from "@opentelemetry/api";
import type { Logger } from "pino";
import { agentIdSchema, apiKeySchema, versionSegmentSchema } from "@/lib/contract/common";
import type { ErrorShape } from "@/lib/contract/error-body";
import type { PartnerOperationName } from "@/lib/contract/request-log";
import { getDatabase, type Database } from "@/server/loyalty/db/loyalty-database";
import type { Partner } from "@/server/loyalty/partners/partner-tables";
import type { IdempotencyClaim } from "@/server/loyalty/idempotency/idempotency-claim";
import { logger } from "@/server/observability/logger";
import { passwordHashBusyIn } from "@/server/security/hash-queue";
import { recordPartnerOperation } from "@/server/loyalty/metrics/record-partner-operation";
import { recordHttpStatus, withServerSpan } from "@/server/observability/tracing";
import type { OAuthScope } from "@/server/loyalty/grant/oauth-scopes";
import { findPartnerByApiKeyCached } from "@/server/loyalty/partners/cached-partner-lookup";
import type { PartnerWithKey } from "@/server/loyalty/partners/find-partner-by-api-key";
import { redactBody } from "@/lib/developers/redact-body";
import { noteKeyUsed } from "@/server/loyalty/developers/key-usage";
import { keptResponseHeadersOf, omittedBody } from "@/lib/developers/logged-request";
import { loggedHeaders } from "@/server/loyalty/request-log/logged-headers";
import { loggedPath } from "@/server/loyalty/request-log/logged-path";
import { recordPartnerRequest } from "@/server/loyalty/request-log/record-request";
import { authenticateCaller, type AuthenticatedCaller } from "./caller-token";
import type { ErrorName } from "@/lib/contract/error-catalogue";
import { customerAddress, isValidForwardedFor } from "./forwarded-for";
import { runWithIdempotencyKey, type IdempotencyOption } from "./idempotent-request";
import { acceptsJson, isJsonContentType } from "./media-types";
import { authenticateMember, requireLiveMemberToken, type AuthenticatedMember } from "./member-token";
import { bodyText, maxJsonBodyBytes } from "./read-body";
import { jsonReply, withHeaders, type PartnerReply, type PartnerRequest } from "./partner-request";
import { renderErrorBody, renderErrorReply } from "./render-error";
import { documentedOperationOf, forcedScenario } from "./sandbox-scenario";
import { enforceApiKeyLimits } from "./request-limits";
import { invalid, ServiceError } from "./service-error";
import { readSandboxClock } from "@/server/loyalty/sandbox-clock/read-sandbox-clock";
import { realClock, sandboxTimeHeaders, type SandboxClock } from "@/server/loyalty/sandbox-clock/sandbox-clock";

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A route's dynamic segments, decoded, as the router matched them (a catch-all's as an array). */
export type RouteParams = Record<string, string | string[] | undefined>;

/**
 * One partner operation behind the gateway, whatever the method: the router
 * hands it every request of its path (pages-api-route.ts), and the wrapper
 * answers the methods the operation does not take in the spec's shape.
 */
export interface PartnerEndpoint {
  serve(request: PartnerRequest, params: RouteParams): Promise<PartnerReply>;
}

export interface OperationContext {
  request: PartnerRequest;
  url: URL;
  /** Path parameters, decoded. */
  params: Record<string, string>;
  /** The partner owning the api_key. */
  partner: Partner;
  /** The api_key's environment (staging or live). */
  environment: PartnerWithKey["environment"];
  /** Identifiers of the programmes the partner is registered with. */
  partnerProgrammes: ReadonlySet<string>;
  db: Database;
  requestId: string;
  version: string;
  /** Served under /api/test/. */
  isTestPath: boolean;
  /** Parsed JSON body, for operations that take one. */
  body: unknown;
  customerIp: string | undefined;
  agentId: string | undefined;
  /** The request's hold on its `Idempotency-Key` (operations with `idempotency`, when one was sent). */
  idempotencyClaim?: IdempotencyClaim;
  /**
   * The time every rule of the request reads: a developer sandbox's own clock
   * for its staging key, real time for live keys and every other partner.
   */
  clock: SandboxClock;
  log: Logger;
}

/**
 * Which token an operation requires besides the api_key. `member-or-agent`:
 * the member's token, or the partner's client token with X-Agent-Id and the
 * operation's `agentScope` (offline channels, docs/decisions.md).
 */
export type TokenRequirement = "none" | "member" | "member-or-agent";

export type OperationContextFor<Token extends TokenRequirement> = OperationContext &
  (Token extends "member"
    ? { member: AuthenticatedMember; caller?: undefined }
    : Token extends "member-or-agent"
      ? { caller: AuthenticatedCaller; member?: undefined }
      : { member?: undefined; caller?: undefined });

export interface OperationResult {
  status: number;
  /** Omitted for empty responses (201 and 204 of register and update). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface OperationDefinition<Token extends TokenRequirement = "none"> {
  /** Kebab-case name used in logs and the request log, e.g. `retrieve-programme`. */
  name: PartnerOperationName;
  /**
   * Whether the partner's request log records the operation's requests
   * (default true); the log's own read is not recorded, so reading the log
   * does not fill it.
   */
  requestLog?: boolean;
  /** A member token in Authorization, of the api_key's partner (checked before the input). */
  token?: Token;
  /** The scope a client token needs to act through an agent; required with `member-or-agent`. */
  agentScope?: OAuthScope;
  method: HttpMethod;
  versions: readonly string[];
  errorShape: ErrorShape;
  takesJsonBody?: boolean;
  /** Catalogue entries where the operation's error table differs from the defaults. */
  errors?: Partial<{
    methodNotAllowed: ErrorName;
    notAcceptable: ErrorName;
    unsupportedMediaType: ErrorName;
    invalidHeader: ErrorName;
    invalidJson: ErrorName;
    /** A token that is present but invalid, expired or revoked. */
    invalidToken: ErrorName;
  }>;
  /** Only the first address of X-Forwarded-For is validated (update membership, pricing). */
  forwardedForFirstOnly?: boolean;
  /**
   * Where a member token's revocation is checked. `gateway` (the default):
   * one query before the operation runs. `write-statement`: the operation's
   * only write is guarded by the token's liveness in the same statement
   * (postJournalEntry's `whileAccessTokenLive`), which saves a query on the
   * hot path and leaves no gap between check and write. Whenever such an
   * operation refuses, the gateway checks revocation first, so a revoked
   * token still gets the token error, as with `gateway`.
   */
  tokenRevocation?: "gateway" | "write-statement";
  /** Honours `Idempotency-Key` (see idempotent-request.ts): the first success is replayed from its journal entry. */
  idempotency?: IdempotencyOption<OperationContextFor<Token>>;
  handle(context: OperationContextFor<Token>): Promise<OperationResult>;
}

interface GatewayState {
  requestId: string;
  startedAt: number;
  /** Wall-clock time of arrival, for the request log. */
  receivedAt: number;
  shape: ErrorShape;
  partner?: Partner;
  environment?: PartnerWithKey["environment"];
  partnerProgrammes?: ReadonlySet<string>;
  /** The codes of the error answered, for the request log. */
  errorCodes?: { code: string; childCode?: string };
  /** Staging keys only, for the developer console's request log (redacted when recorded). */
  requestBody?: unknown;
  responseBody?: unknown;
  /** Whether the operation read the body (else the log reads it for the replay, after the answer is made). */
  bodyRead?: boolean;
  /** The catalogue entry an `X-Sandbox-Scenario` forced. */
  scenario?: string;
  /** The partner's clock for this key (real time until the key is known). */
  clock: SandboxClock;
}

/**
 * The one wrapper every partner operation (P1–P9) goes through: api_key
 * gateway, version segment, method, media types, customer headers, JSON body,
 * error rendering and the request log. A route file only hands it its requests.
 */
export function partnerOperation<Token extends TokenRequirement = "none">(
  definition: OperationDefinition<Token> & (Token extends "member-or-agent" ? { agentScope: OAuthScope } : unknown),
): PartnerEndpoint {
  const serve: PartnerEndpoint["serve"] = (request, routeParams) =>
    runThroughGateway(request, definition, async (state, db, url) => {
      const params = singleParams(routeParams);
      // Errors on demand: staging keys only, before anything else is looked at; live keys ignore the header.
      if (state.environment === "staging") {
        const forced = forcedScenario(request, documentedOperationOf(definition.name, params), {
          method: definition.method,
          invalidHeader: definition.errors?.invalidHeader ?? "DATA_INVALID",
        });
        if (forced) {
          state.scenario = forced.name;
          throw forced.error;
        }
      }
      const version = params.version ?? "";
      const wellFormedVersion = versionSegmentSchema.safeParse(version).success;
      if (!wellFormedVersion || !definition.versions.includes(version)) {
        // A segment that is not even a version is not repeated back.
        const asked = wellFormedVersion ? ` not on '${version}'` : " and the version segment is malformed";
        throw new ServiceError("VERSION_NOT_SUPPORTED", {
          developerMessage: `${definition.name} is served on ${definition.versions.join(", ")},${asked}.`,
        });
      }
      if (request.method !== definition.method) {
        throw new ServiceError(definition.errors?.methodNotAllowed ?? "HTTP_METHOD_NOT_SUPPORTED", {
          developerMessage: `${definition.name} accepts ${definition.method} only.`,
          headers: { Allow: definition.method },
        });
      }
      const headers = validateHeaders(request, definition);
      const partner = state.partner as Partner;
      const invalidToken = definition.errors?.invalidToken;
      const revocationInStatement = definition.tokenRevocation === "write-statement";
      const tokenTime = state.clock.now();
      const member =
        definition.token === "member"
          ? await authenticateMember(db, request, partner, {
              invalidToken,
              checkRevocation: !revocationInStatement,
              now: tokenTime,
            })
          : undefined;
      const caller =
        definition.token === "member-or-agent"
          ? await authenticateCaller(db, request, partner, {
              invalidToken,
              agentId: headers.agentId,
              agentScope: definition.agentScope as OAuthScope,
              now: tokenTime,
            })
          : undefined;
      const refusalsRecheckToken = revocationInStatement && member !== undefined;
      let log: Logger | undefined;
      try {
        if (definition.takesJsonBody) state.bodyRead = true;
        const body = definition.takesJsonBody ? await readJsonBody(request, definition) : undefined;
        if (state.environment === "staging") state.requestBody = body;
        // The token requirement decides which of member and caller is set (see OperationContextFor).
        const operationContext = {
          member,
          caller,
          request,
          url,
          params,
          partner,
          environment: state.environment ?? "staging",
          partnerProgrammes: state.partnerProgrammes ?? new Set(),
          db,
          requestId: state.requestId,
          version,
          isTestPath: url.pathname.startsWith("/api/test/"),
          body,
          clock: state.clock,
          ...headers,
          // Made on first use: most requests never log beyond the gateway's line.
          get log() {
            // The request id comes with every line of the request (server/observability/log-context.ts).
            return (log ??= logger.child({ operation: definition.name }));
          },
        } as OperationContext as OperationContextFor<Token>;
        const result = definition.idempotency
          ? await runWithIdempotencyKey(
              operationContext,
              definition.name,
              definition.idempotency,
              (context) => definition.handle(context),
              refusalsRecheckToken ? () => requireLiveMemberToken(db, member, invalidToken) : undefined,
            )
          : await definition.handle(operationContext);
        if (state.environment === "staging") state.responseBody = result.body;
        return toReply(result, state.requestId);
      } catch (error) {
        // Refusals only: an unexpected error is logged as it is, whatever the token.
        if (refusalsRecheckToken && error instanceof ServiceError)
          await requireLiveMemberToken(db, member, invalidToken);
        throw error;
      }
    });

  return { serve };
}

/** Paths under /api that no operation serves: the gateway still checks the key first. */
export const unknownPartnerPath: PartnerEndpoint = {
  serve: (request) =>
    runThroughGateway(request, { name: "unknown-path", errorShape: "wrapped" }, async () => {
      throw new ServiceError("RESOURCE_NOT_FOUND");
    }),
};

type GatewayOperation = Pick<OperationDefinition, "name" | "errorShape" | "requestLog" | "takesJsonBody">;
type GatewayStep = (state: GatewayState, db: Database, url: URL) => Promise<PartnerReply>;

/** One request through the gateway, in a span named by its operation that continues the caller's trace. */
function runThroughGateway(request: PartnerRequest, operation: GatewayOperation, proceed: GatewayStep) {
  const requestId = randomUUID();
  return withServerSpan(
    `loyalty ${operation.name}`,
    request.headers,
    (span) => answerThroughGateway(request, operation, proceed, requestId, span),
    { requestId, attributes: { "loyalty.operation": operation.name, "http.request.method": request.method } },
  );
}

async function answerThroughGateway(
  request: PartnerRequest,
  operation: GatewayOperation,
  proceed: GatewayStep,
  requestId: string,
  span: Span,
): Promise<PartnerReply> {
  const operationName = operation.name;
  const state: GatewayState = {
    requestId,
    startedAt: performance.now(),
    receivedAt: Date.now(),
    shape: operation.errorShape,
    clock: realClock,
  };
  const url = new URL(request.url);
  let response: PartnerReply;
  let limitHeaders: Record<string, string> = {};
  let db: Database | undefined;
  try {
    db = await getDatabase();
    const found = await authenticatePartner(db, url);
    state.partner = found.partner;
    state.environment = found.environment;
    state.partnerProgrammes = found.programmes;
    state.clock = await readSandboxClock(db, found.partner, found.environment);
    limitHeaders = enforceApiKeyLimits(db, found);
    noteKeyUsed(db, found.keyId);
    response = await proceed(state, db, url);
  } catch (error) {
    response = errorResponse(error, state, url, operationName);
  }
  response = withHeaders(response, { ...limitHeaders, ...sandboxTimeHeaders(state.clock) });
  const durationMs = Math.round((performance.now() - state.startedAt) * 10) / 10;
  logger.info(
    {
      requestId: state.requestId,
      operation: operationName,
      partner: state.partner?.partnerIdentifier,
      method: request.method,
      path: url.pathname,
      status: response.status,
      durationMs,
    },
    "partner request",
  );
  recordPartnerOperation({ operation: operationName, status: response.status, partner: state.partner, durationMs });
  traceGatewayOutcome(span, state, response.status);
  // Only requests of a known partner are the partner's to read; an unknown api_key has nobody's log.
  if (db && state.partner && state.environment && operation.requestLog !== false) {
    const staging = state.environment === "staging";
    // A request refused before its body was read (a forced scenario, a bad token) is replayed with its body too.
    if (staging && operation.takesJsonBody && !state.bodyRead) state.requestBody = await unreadJsonBody(request);
    recordPartnerRequest(db, {
      partnerId: state.partner.id,
      environment: state.environment,
      requestId: state.requestId,
      operation: operationName,
      method: request.method.slice(0, 10),
      path: loggedPath(url),
      status: response.status,
      errorCode: state.errorCodes?.code,
      childErrorCode: state.errorCodes?.childCode,
      durationMs,
      requestedAt: new Date(state.receivedAt),
      responseHeaders: loggedResponseHeaders(response.headers),
      ...(staging ? loggedDetails(state, request, url) : {}),
    });
  }
  return response;
}

/** The span's bounded attributes: the answer, the catalogue code, the kind of partner and key; never who. */
function traceGatewayOutcome(span: Span, state: GatewayState, status: number): void {
  recordHttpStatus(span, status);
  if (state.errorCodes) span.setAttribute("loyalty.error_code", state.errorCodes.code);
  if (state.environment) span.setAttribute("loyalty.key_environment", state.environment);
  if (state.partner)
    span.setAttribute("loyalty.partner_kind", state.partner.developerSandbox ? "developer-sandbox" : "partner");
}

async function authenticatePartner(db: Database, url: URL): Promise<PartnerWithKey> {
  const keys = url.searchParams.getAll("api_key");
  const apiKey = keys.length === 1 ? keys[0] : undefined;
  if (apiKey === undefined || !apiKeySchema.safeParse(apiKey).success) {
    throw new ServiceError("DEVELOPER_NOT_AUTHORIZED", {
      developerMessage: keys.length > 1 ? "Send api_key once." : "Send api_key: exactly 24 alphanumeric characters.",
    });
  }
  const found = await findPartnerByApiKeyCached(db, apiKey);
  if (!found)
    throw new ServiceError("DEVELOPER_NOT_AUTHORIZED", { developerMessage: "The api_key is not recognised." });
  if (found.partner.status !== "ACTIVE") throw new ServiceError("DEVELOPER_INACTIVE");
  return found;
}

function validateHeaders(
  request: PartnerRequest,
  definition: Pick<OperationDefinition, "errors" | "takesJsonBody" | "forwardedForFirstOnly">,
): Pick<OperationContext, "customerIp" | "agentId"> {
  if (!acceptsJson(request.headers.get("accept"))) {
    throw new ServiceError(definition.errors?.notAcceptable ?? "NOT_ACCEPTABLE", {
      developerMessage: "Accept must allow application/json.",
    });
  }
  if (definition.takesJsonBody && !isJsonContentType(request.headers.get("content-type"))) {
    throw new ServiceError(definition.errors?.unsupportedMediaType ?? "UNSUPPORTED_MEDIA_TYPE", {
      developerMessage: "Content-Type must be application/json.",
    });
  }
  const invalidHeader = definition.errors?.invalidHeader ?? "DATA_INVALID";
  const forwardedFor = request.headers.get("x-forwarded-for");
  if (forwardedFor !== null && !isValidForwardedFor(forwardedFor, { firstOnly: definition.forwardedForFirstOnly })) {
    throw invalid(invalidHeader, undefined, "X-Forwarded-For must be a comma-separated list of IP addresses.");
  }
  const agentId = request.headers.get("x-agent-id");
  if (agentId !== null && !agentIdSchema.safeParse(agentId).success) {
    throw invalid(invalidHeader, undefined, "X-Agent-Id must be 1 to 50 alphanumeric characters.");
  }
  return { customerIp: customerAddress(forwardedFor), agentId: agentId ?? undefined };
}

async function readJsonBody(
  request: PartnerRequest,
  definition: Pick<OperationDefinition, "errors">,
): Promise<unknown> {
  const body = await request.readBody(maxJsonBodyBytes);
  if (!body.ok) {
    throw new ServiceError("BODY_TOO_LARGE", {
      developerMessage: `The body must be at most ${maxJsonBodyBytes / 1024} KiB.`,
    });
  }
  try {
    return JSON.parse(bodyText(body.bytes));
  } catch {
    throw invalid(definition.errors?.invalidJson ?? "DATA_INVALID", undefined, "The body is not valid JSON.");
  }
}

/** The single-segment parameters (a catch-all's path is not an operation's). */
function singleParams(routeParams: RouteParams): Record<string, string> {
  const single: Record<string, string> = {};
  for (const [key, value] of Object.entries(routeParams)) {
    if (typeof value === "string") single[key] = value;
  }
  return single;
}

function toReply(result: OperationResult, requestId: string): PartnerReply {
  const headers = { "X-Request-Id": requestId, "Cache-Control": "no-store", ...result.headers };
  if (result.body === undefined) return { status: result.status, headers, body: null };
  return jsonReply(result.status, result.body, headers);
}

function errorResponse(error: unknown, state: GatewayState, url: URL, operationName: string): PartnerReply {
  const context = { shape: state.shape, origin: url.origin, requestId: state.requestId };
  let refusal: ServiceError;
  const busy = passwordHashBusyIn(error);
  if (error instanceof ServiceError) {
    refusal = error;
  } else if (busy) {
    // Too many secrets wait to be hashed in this process: the gateway's 503, with when to try again.
    logger.warn({ requestId: state.requestId, operation: operationName, reason: busy.reason }, "password work busy");
    refusal = new ServiceError("SYSTEM_UNAVAILABLE", {
      developerMessage: `Too many requests are being checked at once; retry after ${busy.retryAfterSeconds} seconds.`,
      headers: { "Retry-After": String(busy.retryAfterSeconds) },
    });
  } else {
    // Internals go to the log only; the caller gets a reference to quote.
    logger.error({ err: error, requestId: state.requestId, operation: operationName }, "unexpected error");
    refusal = new ServiceError("SYSTEM_UNAVAILABLE", {
      developerMessage: `Unexpected condition; quote request id ${state.requestId} to support.`,
    });
  }
  const definition = refusal.definition;
  state.errorCodes = {
    code: definition.code,
    childCode: refusal.options.children?.[0]?.code ?? ("childCode" in definition ? definition.childCode : undefined),
  };
  if (state.environment === "staging") state.responseBody = renderErrorBody(refusal, context);
  return renderErrorReply(refusal, context);
}

/** A body the console keeps: redacted, and at most 16 KiB of JSON. */
const maxLoggedBodyCharacters = 16_384;

function loggedBody(body: unknown, secrets: readonly string[]): string | undefined {
  if (body === undefined) return undefined;
  const text = JSON.stringify(redactBody(body, { secrets }));
  if (text === undefined) return undefined;
  return text.length <= maxLoggedBodyCharacters ? text : JSON.stringify(omittedBody);
}

/**
 * What the developer console keeps of a staging request: the bodies and the
 * headers a replay needs, with the request's own api_key masked wherever it
 * was repeated (an answer's link to the request itself).
 */
function loggedResponseHeaders(headers: Record<string, string>): string | undefined {
  const kept = keptResponseHeadersOf(headers);
  return kept ? JSON.stringify(kept) : undefined;
}

function loggedDetails(
  state: GatewayState,
  request: PartnerRequest,
  url: URL,
): { requestBody?: string; responseBody?: string; scenario?: string; requestHeaders: string } {
  const secrets = url.searchParams.getAll("api_key");
  return {
    requestBody: loggedBody(state.requestBody, secrets),
    responseBody: loggedBody(state.responseBody, secrets),
    scenario: state.scenario,
    requestHeaders: JSON.stringify(loggedHeaders(request.headers, secrets)),
  };
}

/** The JSON body of a request answered without reading it, for the log only: undefined when absent, too large or not JSON. */
async function unreadJsonBody(request: PartnerRequest): Promise<unknown> {
  try {
    const body = await request.readBody(maxJsonBodyBytes);
    if (!body.ok || body.bytes.length === 0) return undefined;
    return JSON.parse(bodyText(body.bytes)) as unknown;
  } catch {
    return undefined;
  }
}
