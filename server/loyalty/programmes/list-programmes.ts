import { asc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { programmeCountries, programmes, type Programme } from "./programme-tables";

/** Every programme, in catalogue order. */
export function listProgrammes(db: Database): Promise<Programme[]> {
  return db.select().from(programmes).orderBy(asc(programmes.position));
}

/** The programmes offered in a country (ISO 3166-1 alpha-2, upper case). */
export async function listProgrammesByCountry(db: Database, countryCode: string): Promise<Programme[]> {
  const rows = await db
    .select({ programme: programmes })
    .from(programmes)
    .innerJoin(programmeCountries, eq(programmeCountries.programmeId, programmes.id))
    .where(eq(programmeCountries.countryCode, countryCode))
    .orderBy(asc(programmes.position));
  return rows.map((row) => row.programme);
}
