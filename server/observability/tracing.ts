import "server-only";
import { randomUUID } from "node:crypto";
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapSetter,
  type Tracer,
  type TracerProvider,
} from "@opentelemetry/api";
import { inRequestScope } from "./log-context";

/**
 * Spans of the three parties, through OpenTelemetry's API only: with no
 * provider set (register-tracing.ts, from instrumentation.ts) every call
 * here is a no-op. Attributes stay bounded and impersonal: names,
 * statuses, codes and kinds, never a membership number, an order's or a
 * request's body, a URL (its path names members, its query the api_key) or
 * an error's message.
 */
let cachedTracer: { provider: TracerProvider; tracer: Tracer } | undefined;

// On globalThis, as OpenTelemetry's API keeps its own globals: Next.js bundles this module once per kind of route
// (pages, API routes, instrumentation), and every copy must find the provider instrumentation.ts set.
const ownProviderKey = Symbol.for("loyalty-platform.own-tracer-provider");
const holder = globalThis as { [ownProviderKey]?: TracerProvider };

/**
 * A provider for this app's own spans, not registered for every library:
 * register-tracing.ts hands it here when nothing is exported, so the spans
 * below keep their ids while Next.js, finding no provider, makes none of its
 * own. `undefined` goes back to the registered provider.
 */
export function setOwnTracerProvider(provider: TracerProvider | undefined): void {
  holder[ownProviderKey] = provider;
}

/** The tracer of this app's provider (its own, else the registered one), kept until another is set (tests set theirs). */
function tracer(): Tracer {
  const provider = holder[ownProviderKey] ?? trace.getTracerProvider();
  if (cachedTracer?.provider !== provider) cachedTracer = { provider, tracer: provider.getTracer("loyalty-platform") };
  return cachedTracer.tracer;
}

export interface SpanOptions {
  attributes?: Attributes;
  kind?: SpanKind;
  /** The request id the log lines written inside carry (log-context.ts). */
  requestId?: string;
  /** The context the span starts from; the active one by default. */
  parent?: Context;
}

/** Runs `fn` in a span of its own, child of the active one; a throw marks the span failed and is passed on. */
export function withSpan<T>(name: string, fn: (span: Span) => Promise<T>, options: SpanOptions = {}): Promise<T> {
  const run = () =>
    tracer().startActiveSpan(
      name,
      { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes },
      options.parent ?? context.active(),
      async (span) => {
        try {
          return await fn(span);
        } catch (error) {
          markFailed(span, error);
          throw error;
        } finally {
          span.end();
        }
      },
    );
  return options.requestId === undefined ? run() : inRequestScope(options.requestId, run);
}

/**
 * The span's status is an error, with the error's class name only (a
 * message may quote what the member sent). Next.js's redirects and
 * not-founds are thrown as control flow, not failures.
 */
export function markFailed(span: Span, error: unknown): void {
  const digest = (error as { digest?: unknown } | null)?.digest;
  if (typeof digest === "string" && digest.startsWith("NEXT_")) return;
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute("error.type", error instanceof Error ? error.name : typeof error);
}

/** What an HTTP answer says about its span: the status, and a failure when the server failed (5xx). */
export function recordHttpStatus(span: Span, status: number): void {
  span.setAttribute("http.response.status_code", status);
  if (status >= 500) {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute("error.type", String(status));
  }
}

/** Request headers as the receiving wrappers have them: a Web `Headers`, or the gateway's reader of Node's. */
export interface HeaderSource {
  get(name: string): string | null | undefined;
}

const headerGetter: TextMapGetter<HeaderSource> = {
  get: (carrier, key) => carrier.get(key) ?? undefined,
  // The W3C propagator asks for its two headers by name and never lists them.
  keys: () => [],
};

const headerSetter: TextMapSetter<Headers> = {
  set: (carrier, key, value) => carrier.set(key, value),
};

/**
 * A span for one request a party receives (a partner operation, a payments
 * call), continuing the caller's trace: when spans are exported, Next.js has
 * already taken the request's `traceparent` into the active context (and
 * opened its own span, which this one nests in); where no span is active
 * (nothing exported, so Next.js makes none), the request's own `traceparent`
 * is read here.
 */
export function withServerSpan<T>(
  name: string,
  headers: HeaderSource,
  fn: (span: Span) => Promise<T>,
  options: Omit<SpanOptions, "kind" | "parent"> = {},
): Promise<T> {
  const active = context.active();
  const parent = trace.getSpanContext(active) ? active : propagation.extract(active, headers, headerGetter);
  return withSpan(name, fn, { ...options, kind: SpanKind.SERVER, parent });
}

/** The parties the portal calls over HTTP, as spans name them. */
export type RemoteParty = "loyalty" | "payments";

/**
 * A `fetch` for the portal's clients of the other parties: each call is a
 * client span, and carries it in `traceparent`, so the party answering
 * continues the same trace. `inner` is the transport (the global `fetch`,
 * looked up at each call, by default).
 */
export function tracedFetch(party: RemoteParty, inner?: typeof fetch): typeof fetch {
  return (input, init) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    return withSpan(
      `${method} ${party}`,
      async (span) => {
        const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
        propagation.inject(context.active(), headers, headerSetter);
        const response = await (inner ?? globalThis.fetch)(input, { ...init, headers });
        recordHttpStatus(span, response.status);
        return response;
      },
      { kind: SpanKind.CLIENT, attributes: { "http.request.method": method, "peer.service": party } },
    );
  };
}

/** The kinds of server actions: the three configurations of the one builder (server/actions/server-action.ts). */
export type ActionKind = "member" | "staff" | "developer";

/**
 * A server action's span and request id: `action` gets a fresh request id
 * (its log lines and its answers' references carry it) and runs in a span
 * named after it. The answer's outcome (`ok` or the refusal's code, a
 * bounded set) is an attribute; a failure nobody could mend marks the span
 * failed.
 */
export function tracedAction<Args extends unknown[], R>(
  kind: ActionKind,
  name: string,
  action: (requestId: string, ...args: Args) => Promise<R>,
): (...args: Args) => Promise<R> {
  return (...args) => {
    const requestId = randomUUID();
    return withSpan(
      `action ${name}`,
      async (span) => {
        const answer = await action(requestId, ...args);
        const outcome = outcomeOf(answer);
        span.setAttribute("action.outcome", outcome);
        if (outcome === "failed" || outcome === "unavailable") span.setStatus({ code: SpanStatusCode.ERROR });
        return answer;
      },
      { requestId, attributes: { "action.kind": kind, "action.name": name } },
    );
  };
}

function outcomeOf(answer: unknown): string {
  const { ok, code } = (answer ?? {}) as { ok?: unknown; code?: unknown };
  if (ok === true) return "ok";
  return typeof code === "string" ? code : "unknown";
}
