import { integrationReport, integrationReportFileName } from "@/lib/developers/go-live/integration-report";
import { sandboxOnly } from "@/server/http/sandbox-only-route";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { getDeveloperSession } from "@/server/loyalty/developers/developer-session-cookie";
import { loadGoLiveChecklist } from "@/server/loyalty/developers/go-live-checklist";

/**
 * The signed-in developer's integration report as a JSON file: the go-live checklist with the request or delivery
 * behind each row, for the partner to hand to the programme. Signed out, a 401 that says where to sign in.
 */
export const GET = sandboxOnly(async function GET(): Promise<Response> {
  const session = await getDeveloperSession();
  if (!session) {
    return Response.json(
      { error: "Sign in to the developer console (/developers/login) to download your report." },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  const now = new Date();
  const rows = await loadGoLiveChecklist(await getDatabase(), session.partner, now);
  const report = integrationReport(session.partner.partnerIdentifier, rows, now);
  return new Response(`${JSON.stringify(report, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${integrationReportFileName(report)}"`,
      "Cache-Control": "no-store",
    },
  });
});
