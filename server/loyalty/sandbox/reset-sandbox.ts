import type { DatabaseHandle } from "@/server/db/connect";
import { migrateDatabase } from "@/server/db/migrate";
import { seedSandbox } from "./seed-sandbox";

/**
 * Puts the database back to exactly the public sandbox: drops both halves'
 * schemas and the migration bookkeeping, so the migrations rebuild every
 * table from scratch, then seeds. Taken under the startup lock so that an
 * instance starting meanwhile does not migrate or seed a half-dropped database.
 */
export async function resetSandbox(handle: DatabaseHandle, now = new Date()): Promise<void> {
  await handle.withStartupLock(async () => {
    await handle.exec(`
      DROP SCHEMA IF EXISTS "loyalty" CASCADE;
      DROP SCHEMA IF EXISTS "portal" CASCADE;
      DROP SCHEMA IF EXISTS "drizzle" CASCADE;
    `);
    await migrateDatabase(handle);
    await seedSandbox(handle.db, now);
  });
}
