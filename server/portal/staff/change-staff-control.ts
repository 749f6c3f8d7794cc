import "server-only";
import { and, eq, lte, sql } from "drizzle-orm";
import {
  describeControlValue,
  staffControls,
  type ControlChangeOutcome,
  type StaffControlName,
} from "@/lib/portal/staff/staff-control-catalogue";
import type { z } from "zod";
import type { changeControlSchema } from "@/lib/portal/staff/staff-forms";
import type { Database } from "@/server/portal/db/portal-database";
import { staffControlChanges } from "@/server/portal/db/schema";
import type { StaffActionContext } from "./staff-action";
import { readStaffControl, readStaffControls, writeStaffControl } from "./staff-controls";
import { StaffRefusal } from "./staff-refusal";

/** The form's values as its schema parses them: the new value in the control's stored unit. */
export type ControlChangeInput = z.output<typeof changeControlSchema>;

/** One change to a control at a time, across every instance: the read, the check and the write under one lock. */
export async function lockStaffControl(tx: Database, control: StaffControlName): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-control:${control}`}))`);
}

/** The change's audit subject: the control and its value before and after, in words. */
export function controlChangeSubject(control: StaffControlName, from: number, to: number) {
  return {
    targetType: "control" as const,
    targetId: control,
    before: { [staffControls[control].label]: describeControlValue(control, from) },
    after: { [staffControls[control].label]: describeControlValue(control, to) },
  };
}

/**
 * An administrator's new value for a control. Lower is stricter for every
 * control, so a change down applies at once; a change up is stored as a
 * request that another administrator must approve (decide-control-change.ts),
 * as a large goodwill credit is. The direction is read before the
 * transaction (it names the audit row) and checked again under the control's
 * lock: a value that moved meanwhile is refused in words, nothing written.
 */
export async function changeStaffControl(
  context: StaffActionContext<ControlChangeInput>,
  now: Date = new Date(),
): Promise<ControlChangeOutcome> {
  const { control, value, reason } = context.input;
  const seen = await readStaffControl(context.db, control);
  if (value === seen) throw new StaffRefusal(`It is already ${describeControlValue(control, value)}: nothing changed.`);
  const stricter = value < seen;
  return context.local<ControlChangeOutcome>(
    async (tx) => {
      await lockStaffControl(tx, control);
      const current = await readStaffControl(tx, control);
      if (current !== seen)
        throw new StaffRefusal(
          `Someone changed this control meanwhile: it is now ${describeControlValue(control, current)}. Nothing was changed; look again.`,
        );
      const row = {
        control,
        fromValue: current,
        toValue: value,
        reason,
        requestedBy: context.staff.username,
        requestedAt: now,
      };
      if (stricter) {
        await writeStaffControl(tx, control, value);
        await tx.insert(staffControlChanges).values({ ...row, status: "applied" });
        return {
          result: { outcome: "applied", control, from: current, to: value },
          audit: controlChangeSubject(control, current, value),
        };
      }
      // A request nobody decided in time no longer holds the control's one place in the queue.
      await tx
        .update(staffControlChanges)
        .set({ status: "expired" })
        .where(
          and(
            eq(staffControlChanges.control, control),
            eq(staffControlChanges.status, "pending"),
            lte(staffControlChanges.expiresAt, now),
          ),
        );
      const expiresAt = new Date(now.getTime() + (await readStaffControls(tx)).approvalExpiryMinutes * 60_000);
      const [pending] = await tx
        .insert(staffControlChanges)
        .values({ ...row, status: "pending", expiresAt })
        .onConflictDoNothing()
        .returning({ id: staffControlChanges.id });
      if (!pending)
        throw new StaffRefusal(
          "A change to this control is already waiting for a second administrator: it must be approved or rejected first.",
        );
      return {
        result: {
          outcome: "pending",
          control,
          from: current,
          to: value,
          requestId: pending.id,
          expiresAt: expiresAt.toISOString(),
        },
        audit: controlChangeSubject(control, current, value),
      };
    },
    stricter ? "control.changed" : "control.change_requested",
  );
}
