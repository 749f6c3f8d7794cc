// Liveness: the process runs and answers. Nothing is asked of the database, so a database outage never gets a
// healthy instance restarted (the readiness probe, /api/ready, takes it out of traffic instead).
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
