import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { membershipProgrammes } from "@/server/loyalty/members/member-tables";
import { partnerProgrammes, programmes } from "@/server/loyalty/programmes/programme-tables";
import type { LoginProgramme } from "./login-request";

const programmeColumns = { id: programmes.id, identifier: programmes.identifier, name: programmes.name };

/** The primary programme, when the partner is registered with it. */
export async function primaryProgrammeOfPartner(
  db: Database,
  partnerDbId: number,
): Promise<LoginProgramme | undefined> {
  const [programme] = await db
    .select(programmeColumns)
    .from(programmes)
    .innerJoin(partnerProgrammes, eq(partnerProgrammes.programmeId, programmes.id))
    .where(and(eq(partnerProgrammes.partnerId, partnerDbId), eq(programmes.role, "primary")))
    .limit(1);
  return programme;
}

/** A further programme by identifier (any case), when the partner is registered with it. */
export async function furtherProgrammeOfPartner(
  db: Database,
  partnerDbId: number,
  identifier: string,
): Promise<LoginProgramme | undefined> {
  const [programme] = await db
    .select(programmeColumns)
    .from(programmes)
    .innerJoin(partnerProgrammes, eq(partnerProgrammes.programmeId, programmes.id))
    .where(
      and(
        eq(partnerProgrammes.partnerId, partnerDbId),
        eq(programmes.identifier, identifier.toUpperCase()),
        eq(programmes.role, "further"),
      ),
    )
    .limit(1);
  return programme;
}

/** Whether a membership is associated with a programme (its own, or one it joined). */
export async function isMemberOfProgramme(db: Database, memberDbId: number, programmeDbId: number): Promise<boolean> {
  const [row] = await db
    .select({ memberId: membershipProgrammes.memberId })
    .from(membershipProgrammes)
    .where(and(eq(membershipProgrammes.memberId, memberDbId), eq(membershipProgrammes.programmeId, programmeDbId)))
    .limit(1);
  return row !== undefined;
}
