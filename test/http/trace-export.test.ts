import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { startApp, type RunningApp } from "@/test/support/start-app";

/** A span as OTLP/JSON carries it (ids in hex). */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

interface ExportRequest {
  resourceSpans: {
    resource: { attributes: { key: string; value: { stringValue?: string } }[] };
    scopeSpans: { spans: ExportedSpan[] }[];
  }[];
}

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes?.find((each) => each.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe("traces exported over OTLP/HTTP by the production server", () => {
  let app: RunningApp;
  let collector: Server;
  const exports: ExportRequest[] = [];
  const paths: string[] = [];

  beforeAll(async () => {
    // A collector of our own: it keeps what the app sends to /v1/traces.
    collector = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        paths.push(request.url ?? "");
        if (request.headers["content-type"]?.includes("json")) exports.push(JSON.parse(body) as ExportRequest);
        response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    const { port } = collector.address() as AddressInfo;
    app = await startApp({
      LOG_LEVEL: "info",
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_SERVICE_NAME: "loyalty-under-test",
      // The batch leaves every 200 ms instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: "200",
    });
  });

  afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => collector?.close(resolve));
  });

  it("continues the caller's traceparent into the partner operation's span, and logs the trace id beside the request id", async () => {
    const traceId = randomBytes(16).toString("hex");
    const callerSpanId = randomBytes(8).toString("hex");
    const response = await fetch(`${app.origin}/api/v1/programmes?api_key=${sandbox.partners[0]!.apiKeys.staging}`, {
      headers: { Accept: "application/json", traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get("X-Request-Id");

    const spansOfTrace = () =>
      exports.flatMap((request) =>
        request.resourceSpans.flatMap((resource) =>
          resource.scopeSpans.flatMap((scope) => scope.spans.filter((span) => span.traceId === traceId)),
        ),
      );
    const deadline = Date.now() + 20_000;
    while (!spansOfTrace().some((span) => span.name === "loyalty retrieve-programme") && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));

    expect(paths).toContain("/v1/traces");
    const spans = spansOfTrace();
    const operation = spans.find((span) => span.name === "loyalty retrieve-programme");
    expect(operation, JSON.stringify(spans.map((span) => span.name))).toBeDefined();
    expect(attribute(operation!, "loyalty.operation")).toBe("retrieve-programme");
    expect(attribute(operation!, "loyalty.partner_kind")).toBe("partner");
    expect(String(attribute(operation!, "http.response.status_code"))).toBe("200");
    // Under the caller's span: directly, or through the span Next.js opens for the request.
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    let top = operation!;
    while (top.parentSpanId && byId.has(top.parentSpanId)) top = byId.get(top.parentSpanId)!;
    expect(top.parentSpanId).toBe(callerSpanId);
    const service = exports[0]!.resourceSpans[0]!.resource.attributes.find((each) => each.key === "service.name");
    expect(service?.value.stringValue).toBe("loyalty-under-test");

    // The log's line of the request carries both ids (written once the server has stopped and flushed).
    await app.stop();
    const line = app
      .output()
      .split("\n")
      .find((each) => each.includes('"msg":"partner request"') && each.includes(`"requestId":"${requestId}"`));
    expect(line, app.output()).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ requestId, trace_id: traceId, span_id: operation!.spanId });
  });
});

describe("trace ids without an exporter, in the production server", () => {
  let app: RunningApp;

  beforeAll(async () => {
    app = await startApp({ LOG_LEVEL: "info" });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it("logs each partner request with its trace id: the caller's when it sent one, a new one when it did not", async () => {
    const programmes = `${app.origin}/api/v1/programmes?api_key=${sandbox.partners[0]!.apiKeys.staging}`;
    const callerTraceId = randomBytes(16).toString("hex");
    const continued = await fetch(programmes, {
      headers: { Accept: "application/json", traceparent: `00-${callerTraceId}-${randomBytes(8).toString("hex")}-00` },
    });
    const started = await fetch(programmes, { headers: { Accept: "application/json" } });
    expect([continued.status, started.status]).toEqual([200, 200]);

    await app.stop();
    const lineOf = (response: Response) => {
      const requestId = response.headers.get("X-Request-Id");
      const line = app
        .output()
        .split("\n")
        .find((each) => each.includes('"msg":"partner request"') && each.includes(`"requestId":"${requestId}"`));
      expect(line, app.output()).toBeDefined();
      return JSON.parse(line!) as { trace_id?: string; span_id?: string };
    };
    expect(lineOf(continued).trace_id).toBe(callerTraceId);
    // Without a caller's trace the service's own span starts one: the app's provider reaches every bundle of Next.js.
    const own = lineOf(started);
    expect(own.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(own.trace_id).not.toBe("0".repeat(32));
    expect(own.span_id).toMatch(/^[0-9a-f]{16}$/);
  });
});
