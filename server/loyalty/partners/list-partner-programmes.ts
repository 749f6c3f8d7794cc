import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partnerProgrammes, programmes } from "@/server/db/schema";

/** Identifiers of the programmes a partner is registered with. */
export async function listPartnerProgrammes(db: Database, partnerId: number): Promise<Set<string>> {
  const rows = await db
    .select({ identifier: programmes.identifier })
    .from(partnerProgrammes)
    .innerJoin(programmes, eq(programmes.id, partnerProgrammes.programmeId))
    .where(eq(partnerProgrammes.partnerId, partnerId));
  return new Set(rows.map((row) => row.identifier));
}
