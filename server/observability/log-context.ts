import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { context, isSpanContextValid, trace } from "@opentelemetry/api";

/**
 * The request id of the request or action being served, for every log line
 * written while it runs: domain code logs without knowing which request it
 * serves. Kept apart from the trace context so it holds in every process,
 * tracing registered or not.
 */
const requestScope = new AsyncLocalStorage<string>();

/** Runs `fn` with `requestId` as the request id of its log lines. */
export function inRequestScope<T>(requestId: string, fn: () => T): T {
  return requestScope.run(requestId, fn);
}

/** The request id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}

/**
 * The fields pino adds to each line (its `mixin`): the request id, unless
 * the line names one itself, and the active span's trace and span ids, by
 * OpenTelemetry's names for them in logs.
 */
export function logContext(mergeObject: object): Record<string, string> {
  const fields: Record<string, string> = {};
  const requestId = requestScope.getStore();
  if (requestId !== undefined && !("requestId" in mergeObject)) fields.requestId = requestId;
  const span = trace.getSpanContext(context.active());
  if (span && isSpanContextValid(span)) {
    fields.trace_id = span.traceId;
    fields.span_id = span.spanId;
  }
  return fields;
}
