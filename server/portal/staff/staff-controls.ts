import "server-only";
import { eq } from "drizzle-orm";
import type { StaffControlName } from "@/lib/portal/staff/staff-control-catalogue";
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

/** One control's value as the console changes it (lib/portal/staff/staff-control-catalogue.ts names them). */
export async function readStaffControl(db: Database, control: StaffControlName): Promise<number> {
  switch (control) {
    case "adminDailyGoodwillPoints":
      return dailyGoodwillLimit(db, "ADMIN");
    case "agentDailyGoodwillPoints":
      return dailyGoodwillLimit(db, "AGENT");
    default:
      return (await readStaffControls(db))[control];
  }
}

/** Every control's value, for the console's page. */
export async function readAllStaffControls(db: Database): Promise<Record<StaffControlName, number>> {
  const [controls, admin, agent] = await Promise.all([
    readStaffControls(db),
    dailyGoodwillLimit(db, "ADMIN"),
    dailyGoodwillLimit(db, "AGENT"),
  ]);
  return { ...controls, adminDailyGoodwillPoints: admin, agentDailyGoodwillPoints: agent };
}

/** Sets one control (in the caller's transaction): the row is written whether or not it was there. */
export async function writeStaffControl(tx: Database, control: StaffControlName, value: number): Promise<void> {
  if (control === "adminDailyGoodwillPoints" || control === "agentDailyGoodwillPoints") {
    const role: StaffRole = control === "adminDailyGoodwillPoints" ? "ADMIN" : "AGENT";
    await tx
      .insert(staffRoleLimits)
      .values({ role, dailyGoodwillPoints: value })
      .onConflictDoUpdate({ target: staffRoleLimits.role, set: { dailyGoodwillPoints: value } });
    return;
  }
  const current = await readStaffControls(tx);
  await tx
    .insert(staffControls)
    .values({ id: 1, ...current, [control]: value })
    .onConflictDoUpdate({ target: staffControls.id, set: { [control]: value } });
}
