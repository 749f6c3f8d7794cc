import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partnerProgrammes, type Programme } from "@/server/loyalty/programmes/programme-tables";
import { findProgramme } from "@/server/loyalty/programmes/find-programme";
import { OAuthError } from "./oauth-error";

/**
 * The programme named by A4's `programme-identifier` header: one of the two
 * further programmes (any case, as P1 matches identifiers), and one the
 * partner is registered with (spec, Authentication: preconditions).
 */
export async function furtherProgrammeOfPartner(
  db: Database,
  identifier: string,
  partnerDbId: number,
): Promise<Programme> {
  const programme = await findProgramme(db, identifier);
  if (!programme || programme.role !== "further") {
    throw new OAuthError("invalid_request", "programme identifier is not a further programme");
  }
  const [registration] = await db
    .select({ programmeId: partnerProgrammes.programmeId })
    .from(partnerProgrammes)
    .where(and(eq(partnerProgrammes.partnerId, partnerDbId), eq(partnerProgrammes.programmeId, programme.id)))
    .limit(1);
  if (!registration) throw new OAuthError("unauthorized", "partner not registered with the programme");
  return programme;
}
