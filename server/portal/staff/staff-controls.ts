import "server-only";
import { eq } from "drizzle-orm";
import type { StaffRole } from "@/lib/portal/staff/staff-roles";
import type { Database } from "@/server/portal/db/portal-database";
import { staffControls, staffRoleLimits } from "@/server/portal/db/schema";

export interface StaffControls {
  /** A goodwill credit of more points than this waits for a second administrator. */
  goodwillApprovalPoints: number;
  /** A refund of more cash (minor units) than this waits for a second administrator. */
  refundApprovalCashMinor: number;
  /** How long a request waits before it expires. */
  approvalExpiryMinutes: number;
}

/** Kept if the row were ever missing: the migration's seeded values, the stricter reading. */
const seededControls: StaffControls = {
  goodwillApprovalPoints: 10_000,
  refundApprovalCashMinor: 25_000,
  approvalExpiryMinutes: 4_320,
};

/** The console's controls over money (portal.staff_controls, one row). */
export async function readStaffControls(db: Database): Promise<StaffControls> {
  const [row] = await db.select().from(staffControls).where(eq(staffControls.id, 1)).limit(1);
  return row
    ? {
        goodwillApprovalPoints: row.goodwillApprovalPoints,
        refundApprovalCashMinor: row.refundApprovalCashMinor,
        approvalExpiryMinutes: row.approvalExpiryMinutes,
      }
    : seededControls;
}

/** The goodwill points a role may put in motion per member of staff per UTC day; none when no row says otherwise. */
export async function dailyGoodwillLimit(db: Database, role: StaffRole): Promise<number> {
  const [row] = await db.select().from(staffRoleLimits).where(eq(staffRoleLimits.role, role)).limit(1);
  return row?.dailyGoodwillPoints ?? 0;
}
