import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type NodeTracerProvider,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import { currentRequestId } from "@/server/observability/log-context";
import { registerTracerProvider, startTracing, stopTracing } from "@/server/observability/register-tracing";
import { tracedAction, tracedFetch, withServerSpan, withSpan } from "@/server/observability/tracing";

const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;
// A shut-down provider shuts its exporter down: each test has its own.
let exporter: InMemorySpanExporter;
let provider: NodeTracerProvider | undefined;

const finished = (name: string): ReadableSpan => {
  const span = exporter.getFinishedSpans().find((each) => each.name === name);
  if (!span) throw new Error(`no span ${name}`);
  return span;
};

describe("with spans recorded", () => {
  beforeEach(() => {
    exporter = new InMemorySpanExporter();
    provider = registerTracerProvider([new SimpleSpanProcessor(exporter)]);
  });
  afterEach(() => stopTracing(provider!));

  it("sends each portal call with a traceparent naming its client span, child of the caller's span", async () => {
    let sent: Headers | undefined;
    const transport: typeof fetch = async (_input, init) => {
      sent = new Headers(init?.headers);
      return new Response(null, { status: 201 });
    };
    await withSpan("caller", () =>
      tracedFetch("loyalty", transport)("http://localhost/api/v1/x?api_key=secret", {
        method: "POST",
        headers: { Accept: "application/json" },
      }),
    );

    const [, traceId, parentSpanId] = traceparent.exec(sent!.get("traceparent") ?? "") ?? [];
    expect(sent!.get("accept")).toBe("application/json");
    const client = finished("POST loyalty");
    expect(client.kind).toBe(SpanKind.CLIENT);
    expect(client.spanContext()).toMatchObject({ traceId, spanId: parentSpanId });
    expect(client.parentSpanContext?.spanId).toBe(finished("caller").spanContext().spanId);
    expect(client.attributes).toEqual({
      "http.request.method": "POST",
      "peer.service": "loyalty",
      "http.response.status_code": 201,
    });
    // The URL (members in its path, the api_key in its query) is never an attribute.
    expect(JSON.stringify(client.attributes)).not.toContain("secret");
  });

  it("continues a request's traceparent where no span is active, and nests in the active span where one is", async () => {
    const caller = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const headers = new Headers({ traceparent: caller });
    await context.with(ROOT_CONTEXT, () => withServerSpan("received", headers, async () => undefined));
    const received = finished("received");
    expect(received.kind).toBe(SpanKind.SERVER);
    expect(received.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(received.parentSpanContext).toMatchObject({ spanId: "b7ad6b7169203331", isRemote: true });

    // Under `next start` Next.js has already continued the request's trace in a span of its own.
    await withSpan("next.js request", () => withServerSpan("nested", headers, async () => undefined));
    expect(finished("nested").parentSpanContext?.spanId).toBe(finished("next.js request").spanContext().spanId);
  });

  it("marks a failure with the error's class only, and a Next.js redirect not at all", async () => {
    await expect(
      withSpan("fails", async () => {
        throw new RangeError("membership 3081000000000001 refused");
      }),
    ).rejects.toThrow(RangeError);
    expect(finished("fails").status.code).toBe(SpanStatusCode.ERROR);
    expect(finished("fails").attributes).toEqual({ "error.type": "RangeError" });
    const { name, attributes, events, status } = finished("fails");
    expect(JSON.stringify({ name, attributes, events, status })).not.toContain("3081000000000001");

    const redirect = Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/login;307;" });
    await expect(withSpan("redirects", () => Promise.reject(redirect))).rejects.toBe(redirect);
    expect(finished("redirects").status.code).toBe(SpanStatusCode.UNSET);
  });

  it("gives an action its request id for the logs and its outcome on the span", async () => {
    const seen: (string | undefined)[] = [];
    const action = tracedAction("member", "update-profile", async (requestId, input: { fail: boolean }) => {
      seen.push(requestId, currentRequestId());
      return input.fail ? { ok: false as const, code: "failed", message: "x" } : { ok: true as const, data: 1 };
    });
    expect(await action({ fail: false })).toEqual({ ok: true, data: 1 });
    await action({ fail: true });

    expect(seen[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
    const [ok, failed] = exporter.getFinishedSpans();
    expect(ok!.name).toBe("action update-profile");
    expect(ok!.attributes).toEqual({
      "action.kind": "member",
      "action.name": "update-profile",
      "action.outcome": "ok",
    });
    expect(ok!.status.code).toBe(SpanStatusCode.UNSET);
    expect(failed!.attributes["action.outcome"]).toBe("failed");
    expect(failed!.status.code).toBe(SpanStatusCode.ERROR);
  });
});

describe("what the configuration starts", () => {
  const saved = { ...process.env };
  afterEach(async () => {
    if (provider) await stopTracing(provider);
    provider = undefined;
    process.env = { ...saved };
    resetEnvironmentCache();
  });

  it("without an OTLP endpoint: no exporter, spans record nothing, and their ids still travel", async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    resetEnvironmentCache();
    provider = await startTracing();
    expect(provider).toBeDefined();

    let sent: string | null = null;
    await withSpan("unexported", async (span) => {
      expect(span.isRecording()).toBe(false);
      expect(trace.getActiveSpan()?.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
      await tracedFetch("payments", async (_input, init) => {
        sent = new Headers(init?.headers).get("traceparent");
        return new Response(null);
      })("http://localhost/payments-sandbox/v1/authorisations", { method: "POST" });
    });
    // Sent unsampled (flags 00): the processor records nothing of it either.
    expect(sent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
    // The provider is the app's alone: Next.js (any library asking the registered one) makes no spans of its own.
    const framework = trace.getTracer("next.js").startSpan("BaseServer.handleRequest");
    expect(framework.spanContext().traceId).toBe("0".repeat(32));
    expect(framework.isRecording()).toBe(false);
  });

  it("with OTEL_SDK_DISABLED=true: nothing registered at all", async () => {
    process.env.OTEL_SDK_DISABLED = "true";
    resetEnvironmentCache();
    expect(await startTracing()).toBeUndefined();
    await withSpan("nothing", async (span) => expect(span.spanContext().traceId).toBe("0".repeat(32)));
  });
});
