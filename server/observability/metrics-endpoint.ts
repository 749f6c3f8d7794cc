import "server-only";
import { env } from "@/server/config/env";
import { collectMetrics } from "./metrics";
import { metricsAccess } from "./metrics-access";
import { registerProcessMetrics } from "./process-metrics";
import { registerRefusalMetrics } from "./refusal-metrics";

// The metrics every party shares; each party registers its own (instrumentation.ts).
registerProcessMetrics();
registerRefusalMetrics();

const noStore = { "Cache-Control": "no-store" };

/** GET /metrics: the Prometheus text format, to whoever metricsAccess lets in. */
export async function answerMetrics(request: Request): Promise<Response> {
  const access = metricsAccess(env(), request.headers.get("authorization"));
  if (access === "not-served") return new Response("Not found.\n", { status: 404, headers: noStore });
  if (access === "refused") {
    return new Response("The metrics need the bearer token set in METRICS_TOKEN.\n", {
      status: 401,
      headers: { ...noStore, "WWW-Authenticate": 'Bearer realm="metrics"', "Content-Type": "text/plain" },
    });
  }
  const { contentType, text } = await collectMetrics();
  return new Response(text, { headers: { ...noStore, "Content-Type": contentType } });
}
