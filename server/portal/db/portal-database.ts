import "server-only";
import path from "node:path";
import { env } from "@/server/config/env";
import type { Database, DatabaseHandle } from "@/server/db/connect";
import { migrateFolder, type MigrationSet } from "@/server/db/migrate";
import { expectMigrations } from "@/server/db/party-migrations";
import { getConnection, prepareOnce } from "@/server/db/shared-connection";
import { seedPortalSandbox } from "@/server/portal/sandbox/seed-portal-sandbox";

export type { Database } from "@/server/db/connect";

/** The portal's own migrations: they create and change the `portal` schema only. */
export const portalMigrations: MigrationSet = {
  folder: path.join(process.cwd(), "server/portal/db/migrations"),
  bookkeepingTable: "__portal_migrations",
};

/** Migrates, then seeds what of the sandbox is missing (server/portal/sandbox); live mode seeds nothing of it. */
async function preparePortal(handle: DatabaseHandle): Promise<void> {
  await migrateFolder(handle, portalMigrations);
  await seedPortalSandbox(handle.db, { staff: env().APP_MODE !== "live" });
}

/** Migrates the portal's schema (never the service's); safe for instances starting together. */
export function preparePortalDatabase(handle: DatabaseHandle): Promise<void> {
  return prepareOnce(handle, "portal", preparePortal);
}

let ready: Database | undefined;

/**
 * The portal's database. It shares the process's connection with the
 * service when both run in one app, but prepares only its own schema, so a
 * portal pointed at another service (LOYALTY_BASE_URL) never creates or
 * seeds the loyalty schema.
 */
export async function getPortalDatabase(): Promise<Database> {
  if (ready) return ready;
  // This process runs the portal: readiness checks its migrations, and prepares them again if the start's run failed.
  expectMigrations({ party: "portal", migrations: portalMigrations, prepare: getPortalDatabase });
  const handle = await getConnection();
  await preparePortalDatabase(handle);
  ready = handle.db;
  return ready;
}

/** Drops the portal's schema and bookkeeping, then migrates, stocks the shop and seeds the staff again (db:reset). */
export async function resetPortalDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withStartupLock(async () => {
    await handle.exec(`
      DROP SCHEMA IF EXISTS "portal" CASCADE;
      DROP TABLE IF EXISTS "drizzle"."${portalMigrations.bookkeepingTable}";
    `);
    await migrateFolder(handle, portalMigrations);
    await seedPortalSandbox(handle.db);
  });
}
