import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { programmes, type Programme } from "./programme-tables";

/** A programme by its identifier, matched without regard to case. */
export async function findProgramme(db: Database, identifier: string): Promise<Programme | undefined> {
  const [programme] = await db
    .select()
    .from(programmes)
    .where(eq(programmes.identifier, identifier.toUpperCase()))
    .limit(1);
  return programme;
}
