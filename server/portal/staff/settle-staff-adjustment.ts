import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAdjustments } from "@/server/portal/db/schema";
import { describeFailure, isUnknownOutcome } from "./staff-refusal";

/**
 * Records how an approved adjustment's action went: `performed` with what
 * the action answered, or `failed` / `unknown` with why (codes only). Only
 * an adjustment not yet performed changes; one performed stays so.
 */
export async function settleStaffAdjustment(
  db: Database,
  id: string,
  outcome: { performed: unknown } | { error: unknown },
  now: Date,
): Promise<void> {
  const values =
    "performed" in outcome
      ? { status: "performed", performedAt: now, result: outcome.performed }
      : {
          status: isUnknownOutcome(outcome.error) ? "unknown" : "failed",
          result: { error: describeFailure(outcome.error) },
        };
  await db
    .update(staffAdjustments)
    .set(values)
    .where(and(eq(staffAdjustments.id, id), inArray(staffAdjustments.status, ["approved", "failed", "unknown"])));
}

/** Performs an approved adjustment's action, and records how it went (the action's own error is thrown on). */
export async function performStaffAdjustment<T>(
  db: Database,
  id: string,
  perform: () => Promise<T>,
  summary: (result: T) => unknown,
): Promise<T> {
  let result: T;
  try {
    result = await perform();
  } catch (error) {
    await settleStaffAdjustment(db, id, { error }, new Date());
    throw error;
  }
  await settleStaffAdjustment(db, id, { performed: summary(result) }, new Date());
  return result;
}
