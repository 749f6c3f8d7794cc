import "server-only";
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { defaultResource, resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { env } from "@/server/config/env";
import { setOwnTracerProvider } from "./tracing";

/** Whether spans leave this process: an OTLP endpoint is configured. */
export function exportsTraces(): boolean {
  const config = env();
  return Boolean(config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? config.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/**
 * The process's tracer provider, with the W3C `traceparent` propagator (no
 * baggage: nothing but the trace crosses to another party) and Node's async
 * context, both global. With processors every trace the caller did not leave
 * unsampled is recorded, and the provider is registered for every library,
 * so Next.js's own spans (the request, the render, each fetch) are recorded
 * too. Without processors nothing is sampled: this app's spans are
 * non-recording carriers of their ids, so trace ids still reach the log lines
 * and the other parties' requests; the provider is then this app's alone
 * (tracing.ts), because Next.js makes its spans whenever a provider is
 * registered, about two dozen per page render that nobody would ever see,
 * for about 0.5 ms of a member page's CPU.
 */
export function registerTracerProvider(processors: SpanProcessor[]): NodeTracerProvider {
  const config = env();
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({
        "service.name": config.OTEL_SERVICE_NAME,
        "deployment.environment.name": config.APP_MODE,
      }),
    ),
    sampler: processors.length > 0 ? new ParentBasedSampler({ root: new AlwaysOnSampler() }) : new AlwaysOffSampler(),
    spanProcessors: processors,
  });
  if (processors.length > 0) {
    provider.register({ propagator: new W3CTraceContextPropagator() });
  } else {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    setOwnTracerProvider(provider);
  }
  return provider;
}

/**
 * Starts tracing for this process (instrumentation.ts, Node.js runtime
 * only): spans exported in batches over OTLP/HTTP when an endpoint is
 * configured, else no exporter at all; `OTEL_SDK_DISABLED=true`, nothing.
 * The exporter reads its endpoint, headers and timeout from the same
 * variables, as OpenTelemetry specifies. Spans still queued are sent before
 * the process ends on SIGTERM or SIGINT.
 */
export async function startTracing(): Promise<NodeTracerProvider | undefined> {
  if (env().OTEL_SDK_DISABLED === "true") return undefined;
  const processors: SpanProcessor[] = [];
  if (exportsTraces()) {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-http");
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter()));
  }
  const provider = registerTracerProvider(processors);
  if (processors.length > 0) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void provider.forceFlush());
  }
  return provider;
}

/** Ends tracing and forgets the global provider, propagator and context manager (tests that register their own). */
export async function stopTracing(provider: NodeTracerProvider): Promise<void> {
  await provider.shutdown();
  setOwnTracerProvider(undefined);
  trace.disable();
  propagation.disable();
  context.disable();
}
