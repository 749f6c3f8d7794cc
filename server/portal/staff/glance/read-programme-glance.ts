import "server-only";
import {
  everyDay,
  glanceDays,
  outcomeDays,
  waitingDays,
  type OutcomeDay,
  type PointsDay,
  type WaitingDay,
} from "@/lib/portal/staff/programme-glance";
import { lastDays } from "@/lib/portal/staff/staff-dates";
import type { Database } from "@/server/portal/db/portal-database";
import { countAttentionOrders } from "./count-attention-orders";
import { countCheckoutsByState } from "./count-checkouts-by-outcome";
import { countPendingApprovals } from "./count-pending-approvals";
import { countPointsByDay } from "./count-points-by-day";

export interface ProgrammeGlance {
  days: string[];
  timeZone: string;
  points: PointsDay[];
  outcomes: OutcomeDay[];
  waiting: WaitingDay[];
}

/** The three charts of the console's home: the last 30 days in the staff member's zone, every day present. */
export async function readProgrammeGlance(db: Database, now: Date, timeZone: string): Promise<ProgrammeGlance> {
  const days = lastDays(now, timeZone, glanceDays);
  const window = { days, timeZone };
  const [points, states, attention, approvals] = await Promise.all([
    countPointsByDay(db, window),
    countCheckoutsByState(db, window),
    countAttentionOrders(db, window),
    countPendingApprovals(db, window),
  ]);
  return {
    days,
    timeZone,
    points: everyDay(days, points, () => ({ redeemed: 0, credited: 0 })),
    outcomes: outcomeDays(days, states),
    waiting: waitingDays(days, attention, approvals),
  };
}
