import { randomUUID } from "node:crypto";
import { parseAuditSearch } from "@/lib/portal/staff/audit-filters";
import { mayDo } from "@/lib/portal/staff/staff-roles";
import { staffLoginPath } from "@/lib/portal/staff/staff-paths";
import { customerIp } from "@/server/portal/customer-ip";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { exportAuditEvents } from "@/server/portal/staff/export-audit-events";
import { getStaffSession, recordPageRefusal } from "@/server/portal/staff/staff-session";

/**
 * "Export CSV" of the audit page: the rows its filters select, as a file.
 * ADMIN only, checked here as on the page; the export is itself audited.
 */
export async function GET(request: Request): Promise<Response> {
  const staff = await getStaffSession();
  const url = new URL(request.url);
  if (!staff) {
    return new Response(null, {
      status: 303,
      headers: { Location: staffLoginPath(`/staff/audit${url.search}`) },
    });
  }
  if (!mayDo(staff.role, "audit.view")) {
    await recordPageRefusal(staff, "audit.view", url.pathname);
    // The refusal is a page of the console (its frame, its words), not a bare line of text.
    return new Response(null, {
      status: 303,
      headers: { Location: "/staff/audit/export/refused", "Cache-Control": "no-store" },
    });
  }
  const { filters, problems } = parseAuditSearch(Object.fromEntries(url.searchParams));
  if (problems.length > 0) {
    return new Response(`${problems.map((problem) => problem.message).join("\n")}\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const requestId = randomUUID();
  const body = await exportAuditEvents(
    await getPortalDatabase(),
    { username: staff.username, role: staff.role, ip: await customerIp(), requestId },
    filters,
  );
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, "");
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="staff-audit-${stamp}.csv"`,
      "Cache-Control": "no-store",
      "X-Request-Id": requestId,
    },
  });
}
