import "server-only";
import { and, eq, gt, ne } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAdjustments } from "@/server/portal/db/schema";
import type { StaffAdjustment } from "./record-staff-adjustment";
import { StaffRefusal } from "./staff-refusal";

export type RequestDecision = "approve" | "reject";

/**
 * Takes a pending request for one decision, in the database: the UPDATE
 * changes it only while it is pending, not expired and not the decider's
 * own, so of two approvals at once (a double click, two administrators)
 * exactly one gets the row back; the other gets nothing. The four-eyes rule
 * is a CHECK on the table too.
 */
export async function claimStaffRequest(
  tx: Database,
  decider: string,
  id: string,
  decision: RequestDecision,
  note: string | undefined,
  now: Date,
): Promise<StaffAdjustment | undefined> {
  const [claimed] = await tx
    .update(staffAdjustments)
    .set({
      status: decision === "approve" ? "approved" : "rejected",
      decidedBy: decider,
      decidedAt: now,
      decisionNote: note ?? null,
    })
    .where(
      and(
        eq(staffAdjustments.id, id),
        eq(staffAdjustments.status, "pending"),
        ne(staffAdjustments.requestedBy, decider),
        gt(staffAdjustments.expiresAt, now),
      ),
    )
    .returning();
  return claimed;
}

/** Why a request could not be taken for a decision, in words (a refusal to throw). */
export async function undecidableRequest(db: Database, decider: string, id: string, now: Date): Promise<StaffRefusal> {
  const [request] = await db.select().from(staffAdjustments).where(eq(staffAdjustments.id, id)).limit(1);
  if (!request || request.expiresAt === null) return new StaffRefusal("There is no such request.");
  if (request.status === "pending" && request.requestedBy === decider)
    return new StaffRefusal("You made this request: another administrator must approve or reject it.");
  if (request.status === "pending" && request.expiresAt <= now)
    return new StaffRefusal("This request has expired. Nothing was done; it can be made again.");
  const by = request.decidedBy === decider ? "you" : (request.decidedBy ?? "someone else");
  return new StaffRefusal(
    request.status === "rejected"
      ? `This request was already rejected by ${by}.`
      : `This request was already approved by ${by}.`,
  );
}
