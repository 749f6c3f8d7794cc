import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { idempotencyKeyHeader, idempotencyKeySchema } from "@/lib/payments-contract/contract";
import type { PaymentsErrorCode } from "@/lib/payments-contract/error-catalogue";
import { sandboxOnly } from "@/server/http/sandbox-only-route";
import { logger } from "@/server/observability/logger";
import { recordHttpStatus, withServerSpan } from "@/server/observability/tracing";
import { getPaymentsDatabase, type Database } from "../db/payments-database";
import { PaymentsError } from "../payments-error";
import { requireKey, type KeyKind } from "./api-keys";
import { parseInput } from "./parse-input";
import { readJsonBody } from "./read-body";
import { paymentsErrorResponse } from "./render-error";

const httpMethods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type HttpMethod = (typeof httpMethods)[number];

export interface RouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export interface PaymentsContext<Body> {
  request: Request;
  url: URL;
  params: Record<string, string>;
  db: Database;
  /** The body parsed by the operation's schema (undefined without one). */
  body: Body;
  /** The validated Idempotency-Key header (empty when the operation takes none). */
  idempotencyKey: string;
  requestId: string;
}

export interface PaymentsResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface PaymentsOperation<Schema extends z.ZodType | undefined> {
  /** Kebab-case, for the request log. */
  name: string;
  method: "GET" | "POST";
  key: KeyKind;
  /** Called by browsers on other origins (tokenising): CORS, without credentials. */
  cors?: boolean;
  body?: {
    schema: Schema;
    /** An empty body reads as `{}`. */
    optional?: boolean;
    paramCodes?: Partial<Record<string, PaymentsErrorCode>>;
  };
  idempotencyKey?: boolean;
  handle(context: PaymentsContext<Schema extends z.ZodType ? z.output<Schema> : undefined>): Promise<PaymentsResult>;
}

const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type",
  "Access-Control-Max-Age": "600",
};

/**
 * The one wrapper every payments sandbox endpoint goes through: live mode
 * (which serves no payments sandbox: 404 before anything else), method,
 * key, body (size, media type, JSON, schema), Idempotency-Key, rendering
 * of every refusal in the one error shape, and one log line per request
 * that never holds a body. A route file only re-exports its handlers.
 */
export function paymentsOperation<Schema extends z.ZodType | undefined = undefined>(
  definition: PaymentsOperation<Schema>,
): Record<HttpMethod, RouteHandler> {
  const handler: RouteHandler = sandboxOnly(async (request, context) => {
    const baseHeaders: Record<string, string> = {
      "Cache-Control": "no-store",
      ...(definition.cors ? corsHeaders : {}),
    };
    if (definition.cors && request.method === "OPTIONS")
      return new Response(null, { status: 204, headers: baseHeaders });
    return logged(request, definition.name, baseHeaders, async (requestId) => {
      if (request.method !== definition.method) {
        throw new PaymentsError("method_not_allowed", { headers: { Allow: definition.method } });
      }
      requireKey(request, definition.key);
      const idempotencyKey = definition.idempotencyKey ? requireIdempotencyKey(request) : "";
      const body = definition.body ? await parsedBody(request, definition.body) : undefined;
      const db = await getPaymentsDatabase();
      const result = await definition.handle({
        request,
        url: new URL(request.url),
        params: await stringParams(context),
        db,
        body: body as never,
        idempotencyKey,
        requestId,
      });
      return Response.json(result.body, { status: result.status, headers: { ...result.headers } });
    });
  });
  return Object.fromEntries(httpMethods.map((method) => [method, handler])) as Record<HttpMethod, RouteHandler>;
}

/** For methods a path does not serve, where its operations share the path (GET and POST /charges). */
export function methodNotAllowed(allow: string): RouteHandler {
  return sandboxOnly((request: Request) =>
    logged(request, "method-not-allowed", { "Cache-Control": "no-store" }, async () => {
      throw new PaymentsError("method_not_allowed", { headers: { Allow: allow } });
    }),
  );
}

/** For paths under /payments-sandbox that no endpoint serves: the same error shape. */
export function unknownPaymentsPath(): Record<HttpMethod, RouteHandler> {
  const handler: RouteHandler = sandboxOnly((request: Request) =>
    logged(request, "unknown-path", { "Cache-Control": "no-store" }, async () => {
      throw new PaymentsError("not_found");
    }),
  );
  return Object.fromEntries(httpMethods.map((method) => [method, handler])) as Record<HttpMethod, RouteHandler>;
}

/** One request of the sandbox, in a span named by its operation that continues the caller's trace. */
function logged(
  request: Request,
  operation: string,
  baseHeaders: Record<string, string>,
  run: (requestId: string) => Promise<Response>,
): Promise<Response> {
  const requestId = randomUUID();
  return withServerSpan(
    `payments ${operation}`,
    request.headers,
    async (span) => {
      const response = await loggedAnswer(request, operation, baseHeaders, run, requestId);
      recordHttpStatus(span, response.status);
      return response;
    },
    { requestId, attributes: { "payments.operation": operation, "http.request.method": request.method } },
  );
}

async function loggedAnswer(
  request: Request,
  operation: string,
  baseHeaders: Record<string, string>,
  run: (requestId: string) => Promise<Response>,
  requestId: string,
): Promise<Response> {
  const startedAt = performance.now();
  const headers = { ...baseHeaders, "X-Request-Id": requestId };
  let response: Response;
  try {
    response = await run(requestId);
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  } catch (error) {
    response = errorResponse(error, requestId, operation, headers);
  }
  logger.info(
    {
      component: "payments-sandbox",
      requestId,
      operation,
      method: request.method,
      path: new URL(request.url).pathname,
      status: response.status,
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
    },
    "payments request",
  );
  return response;
}

function errorResponse(
  error: unknown,
  requestId: string,
  operation: string,
  headers: Record<string, string>,
): Response {
  if (error instanceof PaymentsError) return paymentsErrorResponse(error, headers);
  // Internals go to the log only; the caller gets a reference to quote.
  logger.error({ component: "payments-sandbox", err: error, requestId, operation }, "unexpected error");
  return paymentsErrorResponse(
    new PaymentsError("internal_error", {
      message: `Unexpected condition in the payments sandbox; quote request id ${requestId}. The outcome of a charge is told by looking it up.`,
    }),
    headers,
  );
}

async function parsedBody<Schema extends z.ZodType | undefined>(
  request: Request,
  body: NonNullable<PaymentsOperation<Schema>["body"]>,
): Promise<unknown> {
  const json = await readJsonBody(request, { optional: body.optional });
  return parseInput(body.schema as z.ZodType, json ?? {}, body.paramCodes);
}

function requireIdempotencyKey(request: Request): string {
  const key = request.headers.get(idempotencyKeyHeader);
  if (key === null) throw new PaymentsError("idempotency_key_missing");
  if (!idempotencyKeySchema.safeParse(key).success) throw new PaymentsError("idempotency_key_invalid");
  return key;
}

async function stringParams(context: RouteContext): Promise<Record<string, string>> {
  // Next.js gives routes without dynamic segments no params at all.
  const raw = (await context.params) ?? {};
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}
