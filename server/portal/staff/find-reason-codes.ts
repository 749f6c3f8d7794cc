import "server-only";
import { asc, eq, isNull } from "drizzle-orm";
import type { ReasonCodeOption } from "@/lib/portal/staff/reason";
import type { Database } from "@/server/portal/db/portal-database";
import { staffReasonCodes } from "@/server/portal/db/schema";

/** The reason codes staff may choose now, in the list's order (a retired code is not offered). */
export async function listReasonCodes(db: Database): Promise<ReasonCodeOption[]> {
  return db
    .select({ code: staffReasonCodes.code, label: staffReasonCodes.label, needsText: staffReasonCodes.needsText })
    .from(staffReasonCodes)
    .where(isNull(staffReasonCodes.retiredAt))
    .orderBy(asc(staffReasonCodes.position));
}

/** Every code, retired ones too, with its words: the audit trail shows the label of the code a row carries. */
export async function reasonCodeLabels(db: Database): Promise<Record<string, string>> {
  const rows = await db.select({ code: staffReasonCodes.code, label: staffReasonCodes.label }).from(staffReasonCodes);
  return Object.fromEntries(rows.map((row) => [row.code, row.label]));
}

/**
 * What is wrong with a reason as given, field by field: a code not on the
 * list (or retired), or no free text where the code needs it.
 */
export async function reasonProblems(
  db: Database,
  reasonCode: string,
  reason: string | undefined,
): Promise<Record<string, string> | undefined> {
  const [row] = await db.select().from(staffReasonCodes).where(eq(staffReasonCodes.code, reasonCode)).limit(1);
  if (!row || row.retiredAt) return { reasonCode: "Choose a reason from the list." };
  if (row.needsText && !reason) return { reason: `Say why: “${row.label}” needs a few words.` };
  return undefined;
}
