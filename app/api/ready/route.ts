import { checkReadiness } from "@/server/observability/check-readiness";

export const dynamic = "force-dynamic";

/**
 * Readiness: 200 when the database answers, the migrations of every party
 * this process runs are applied and its background loops hold; 503 naming
 * the part that fails otherwise. Names and states only, never an address
 * or an error's text.
 */
export async function GET(): Promise<Response> {
  const readiness = await checkReadiness();
  return Response.json(
    {
      status: readiness.ready ? "ready" : "unavailable",
      checks: readiness.checks,
      migrations: readiness.migrations,
      workers: readiness.workers,
    },
    { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
