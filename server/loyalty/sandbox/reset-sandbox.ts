import type { DatabaseHandle } from "@/server/db/connect";
import { loyaltyMigrations, migrateDatabase } from "@/server/db/migrate";
import { ensureDevelopersSeeded } from "@/server/loyalty/developers/seed-developers";
import { seedSandbox } from "./seed-sandbox";

/**
 * Puts the service's data back to exactly the public sandbox: drops its
 * schema and its migration bookkeeping, so the migrations rebuild every table
 * from scratch, then seeds. The portal's schema is the portal's to reset.
 * Taken under the startup lock so that an instance starting meanwhile does
 * not migrate or seed a half-dropped database.
 */
export async function resetSandbox(handle: DatabaseHandle, now = new Date()): Promise<void> {
  await handle.withStartupLock(async () => {
    await handle.exec(`
      DROP SCHEMA IF EXISTS "loyalty" CASCADE;
      DROP TABLE IF EXISTS "drizzle"."${loyaltyMigrations.bookkeepingTable}";
    `);
    await migrateDatabase(handle);
    await seedSandbox(handle.db, now);
    await ensureDevelopersSeeded(handle.db, now);
  });
}
