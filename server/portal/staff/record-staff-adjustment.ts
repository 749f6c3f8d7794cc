import "server-only";
import { and, eq, gt, gte, inArray, isNull, or, sql } from "drizzle-orm";
import { formatPoints } from "@/lib/i18n/format";
import type { Database } from "@/server/portal/db/portal-database";
import { staffAdjustments } from "@/server/portal/db/schema";
import { dailyGoodwillLimit } from "./staff-controls";
import { StaffRefusal } from "./staff-refusal";
import type { StaffSession } from "./staff-session";

export type StaffAdjustment = typeof staffAdjustments.$inferSelect;

export interface NewAdjustment {
  kind: "goodwill_credit" | "order_refund";
  formKey: string;
  membershipNumber: string;
  orderId?: string;
  points?: number;
  cashMinor?: number;
  currency?: string;
  reasonCode: string;
  reason?: string;
  /** Null: performed at once by its maker; else the moment a pending request expires. */
  expiresAt: Date | null;
}

/** The start of the UTC day `now` falls in: daily limits count per UTC day, as the audit trail's days do. */
export const utcDayStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * Goodwill points a member of staff put in motion today: credits made, and
 * requests pending (not expired), approved or performed; a rejected,
 * expired or failed one gives its points back.
 */
export async function goodwillPointsToday(db: Database, username: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ points: sql<number>`coalesce(sum(${staffAdjustments.points}), 0)::int` })
    .from(staffAdjustments)
    .where(
      and(
        eq(staffAdjustments.kind, "goodwill_credit"),
        eq(staffAdjustments.requestedBy, username),
        gte(staffAdjustments.requestedAt, utcDayStart(now)),
        or(
          inArray(staffAdjustments.status, ["approved", "performed", "unknown"]),
          and(
            eq(staffAdjustments.status, "pending"),
            or(isNull(staffAdjustments.expiresAt), gt(staffAdjustments.expiresAt, now)),
          ),
        ),
      ),
    );
  return row?.points ?? 0;
}

// Serialises one member of staff's goodwill checks (any instance): two credits at once cannot both fit the last room.
const dailyLimitLock = (username: string) => sql`select pg_advisory_xact_lock(hashtext(${`goodwill:${username}`}))`;

/**
 * Stores a goodwill credit or a refund request before anything is sent:
 * `approved` when its maker performs it at once (expiresAt null), else
 * `pending`. A goodwill credit is first held to the maker's role's daily
 * limit, in the same transaction as the insert. The same form sent twice
 * answers the adjustment it stored the first time (`created` false).
 */
export async function recordStaffAdjustment(
  db: Database,
  staff: Pick<StaffSession, "username" | "role">,
  adjustment: NewAdjustment,
  now: Date,
): Promise<{ adjustment: StaffAdjustment; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(staffAdjustments)
      .where(eq(staffAdjustments.formKey, adjustment.formKey))
      .limit(1);
    if (existing) return { adjustment: sameForm(existing, staff.username, adjustment), created: false };
    if (adjustment.kind === "goodwill_credit") {
      await tx.execute(dailyLimitLock(staff.username));
      const limit = await dailyGoodwillLimit(tx, staff.role);
      const used = await goodwillPointsToday(tx, staff.username, now);
      const points = adjustment.points ?? 0;
      if (used + points > limit) throw new StaffRefusal(limitMessage(limit, used), { code: "invalid" });
    }
    const [inserted] = await tx
      .insert(staffAdjustments)
      .values({
        kind: adjustment.kind,
        formKey: adjustment.formKey,
        status: adjustment.expiresAt === null ? "approved" : "pending",
        membershipNumber: adjustment.membershipNumber,
        orderId: adjustment.orderId ?? null,
        points: adjustment.points ?? null,
        cashMinor: adjustment.cashMinor ?? null,
        currency: adjustment.currency ?? null,
        reasonCode: adjustment.reasonCode,
        reason: adjustment.reason ?? null,
        requestedBy: staff.username,
        requestedAt: now,
        expiresAt: adjustment.expiresAt,
      })
      .onConflictDoNothing({ target: staffAdjustments.formKey })
      .returning();
    if (inserted) return { adjustment: inserted, created: true };
    // A second submission of the same form got in first.
    const [raced] = await tx.select().from(staffAdjustments).where(eq(staffAdjustments.formKey, adjustment.formKey));
    return { adjustment: sameForm(raced!, staff.username, adjustment), created: false };
  });
}

/** The daily limit's refusal, in words: how much is left today, if anything. */
export function limitMessage(limit: number, used: number): string {
  if (limit === 0) return "Your role may not credit goodwill points.";
  const left = Math.max(0, limit - used);
  return left === 0
    ? `You have reached your daily limit of ${formatPoints(limit)} goodwill points. Try again tomorrow (UTC), or ask another administrator.`
    : `This would take you over your daily limit of ${formatPoints(limit)} goodwill points: you can credit ${formatPoints(left)} more today.`;
}

function sameForm(existing: StaffAdjustment, username: string, adjustment: NewAdjustment): StaffAdjustment {
  if (
    existing.requestedBy !== username ||
    existing.kind !== adjustment.kind ||
    existing.membershipNumber !== adjustment.membershipNumber ||
    (existing.points ?? undefined) !== adjustment.points ||
    (existing.orderId ?? undefined) !== adjustment.orderId
  ) {
    throw new StaffRefusal("This form was already sent with other details. Reload the page to start again.");
  }
  return existing;
}
