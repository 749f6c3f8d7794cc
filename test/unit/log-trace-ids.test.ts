import { Writable } from "node:stream";
import type { NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inRequestScope } from "@/server/observability/log-context";
import { loggerOptions } from "@/server/observability/logger";
import { registerTracerProvider, stopTracing } from "@/server/observability/register-tracing";
import { withSpan } from "@/server/observability/tracing";

/** The application's logger options, writing its lines here instead of stdout. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().trim().split("\n"));
      done();
    },
  });
  return { log: pino({ ...loggerOptions(), level: "info" }, stream), lines };
}

const parsed = (line: string | undefined) => JSON.parse(line ?? "{}") as Record<string, unknown>;

let provider: NodeTracerProvider;
// No span processor: the mode of a deployment without an OTLP endpoint, where spans record nothing but keep their ids.
beforeAll(() => {
  provider = registerTracerProvider([]);
});
afterAll(() => stopTracing(provider));

describe("the log line's trace and request ids", () => {
  it("carries the active span's trace_id and span_id inside a span, and none outside", async () => {
    const { log, lines } = capturingLogger();
    const ids = await withSpan("test span", async (span) => {
      log.info("inside");
      return span.spanContext();
    });
    log.info("outside");

    expect(ids.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parsed(lines[0])).toMatchObject({ msg: "inside", trace_id: ids.traceId, span_id: ids.spanId });
    expect(parsed(lines[1])).not.toHaveProperty("trace_id");
    expect(parsed(lines[1])).not.toHaveProperty("span_id");
  });

  it("carries the request id of the request being served, unless the line names one itself", async () => {
    const { log, lines } = capturingLogger();
    await withSpan(
      "request",
      async () => {
        log.warn({ orderId: "o-1" }, "domain code that knows no request");
        log.info({ requestId: "named-here" }, "a line naming its own");
      },
      { requestId: "req-1" },
    );

    expect(parsed(lines[0])).toMatchObject({ requestId: "req-1", orderId: "o-1" });
    expect(parsed(lines[0]).trace_id).toEqual(expect.any(String));
    // Written once, as the line named it (a second `requestId` key would be a duplicate in the JSON).
    expect(lines[1]!.match(/"requestId"/g)).toHaveLength(1);
    expect(parsed(lines[1]).requestId).toBe("named-here");
  });

  it("carries the request id without any span, and nothing after the request", () => {
    const { log, lines } = capturingLogger();
    inRequestScope("req-2", () => log.info("in the request"));
    log.info("after it");
    expect(parsed(lines[0]).requestId).toBe("req-2");
    expect(parsed(lines[1])).not.toHaveProperty("requestId");
  });
});
