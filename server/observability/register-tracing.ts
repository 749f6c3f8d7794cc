import "server-only";
import { context, propagation, trace } from "@opentelemetry/api";
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

/** Whether spans leave this process: an OTLP endpoint is configured. */
export function exportsTraces(): boolean {
  const config = env();
  return Boolean(config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? config.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/**
 * The process's tracer provider, registered globally with the W3C
 * `traceparent` propagator (no baggage: nothing but the trace crosses to
 * another party) and Node's async context. Without processors nothing is
 * sampled: every span is a non-recording carrier of its ids, so trace ids
 * still reach the log lines and the other parties' requests at the cost of
 * generating two random ids. With processors every trace the caller did not
 * leave unsampled is recorded.
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
  provider.register({ propagator: new W3CTraceContextPropagator() });
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
  trace.disable();
  propagation.disable();
  context.disable();
}
