import { answerMetrics } from "@/server/observability/metrics-endpoint";

// Read at every request: the counts are this process's, now.
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return answerMetrics(request);
}
