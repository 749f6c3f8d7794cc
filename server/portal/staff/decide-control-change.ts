import "server-only";
import { and, eq, gt, ne } from "drizzle-orm";
import { describeControlValue, type StaffControlName } from "@/lib/portal/staff/staff-control-catalogue";
import type { RequestDecision } from "./decide-staff-request";
import type { z } from "zod";
import type { requestDecisionSchema } from "@/lib/portal/staff/staff-forms";
import type { Database } from "@/server/portal/db/portal-database";
import { staffControlChanges } from "@/server/portal/db/schema";
import { controlChangeSubject, lockStaffControl } from "./change-staff-control";
import type { StaffActionContext } from "./staff-action";
import { readStaffControl, writeStaffControl } from "./staff-controls";
import { StaffRefusal } from "./staff-refusal";

/** The decision form's values as its schema parses them. */
export type ControlDecisionInput = z.output<typeof requestDecisionSchema>;

export interface ControlDecided {
  decision: RequestDecision;
  control: StaffControlName;
  /** The control's value when the decision was taken, and after it. */
  from: number;
  to: number;
}

/**
 * Another administrator's decision on a change up. The UPDATE takes the
 * request only while it is pending, unexpired and not the decider's own, so
 * of two decisions at once exactly one gets it; an approval sets the control
 * to the value asked for in the same transaction as the decision and its
 * audit row. What the control is by then (a change down may have come in
 * between) is the audit row's "before".
 */
export async function decideControlChange(
  context: StaffActionContext<ControlDecisionInput>,
  decision: RequestDecision,
  now: Date = new Date(),
): Promise<ControlDecided> {
  const decider = context.staff.username;
  const { requestId, note } = context.input;
  const decided = await context.localIf(async (tx) => {
    const [claimed] = await tx
      .update(staffControlChanges)
      .set({
        status: decision === "approve" ? "applied" : "rejected",
        decidedBy: decider,
        decidedAt: now,
        decisionNote: note ?? null,
      })
      .where(
        and(
          eq(staffControlChanges.id, requestId),
          eq(staffControlChanges.status, "pending"),
          ne(staffControlChanges.requestedBy, decider),
          gt(staffControlChanges.expiresAt, now),
        ),
      )
      .returning();
    if (!claimed) return undefined;
    const control = claimed.control as StaffControlName;
    await lockStaffControl(tx, control);
    const current = await readStaffControl(tx, control);
    if (decision === "approve") await writeStaffControl(tx, control, claimed.toValue);
    const subject = controlChangeSubject(control, current, claimed.toValue);
    return {
      result: { decision, control, from: current, to: decision === "approve" ? claimed.toValue : current },
      audit: {
        ...subject,
        // A rejection changes nothing: its row says what was asked for, not a new value.
        after: {
          ...(decision === "approve" ? subject.after : { "Asked for": describeControlValue(control, claimed.toValue) }),
          ...(note ? { Note: note } : {}),
        },
        reason: claimed.reason,
      },
    };
  });
  if (decided) return decided;
  throw await undecidableControlChange(context.db, decider, requestId, now);
}

/** Why a change could not be taken for a decision, in words. */
async function undecidableControlChange(db: Database, decider: string, id: string, now: Date): Promise<StaffRefusal> {
  const [request] = await db.select().from(staffControlChanges).where(eq(staffControlChanges.id, id)).limit(1);
  if (!request || request.expiresAt === null) return new StaffRefusal("There is no such request.");
  if (request.status === "pending" && request.requestedBy === decider)
    return new StaffRefusal("You asked for this change: another administrator must approve or reject it.");
  if ((request.status === "pending" && request.expiresAt <= now) || request.status === "expired")
    return new StaffRefusal("This request has expired. Nothing was changed; it can be asked for again.");
  const by = request.decidedBy === decider ? "you" : (request.decidedBy ?? "someone else");
  return new StaffRefusal(
    request.status === "rejected"
      ? `This change was already rejected by ${by}.`
      : `This change was already approved by ${by}.`,
  );
}
