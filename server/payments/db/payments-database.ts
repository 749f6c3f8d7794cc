import "server-only";
import path from "node:path";
import type { Database, DatabaseHandle } from "@/server/db/connect";
import { migrateFolder, type MigrationSet } from "@/server/db/migrate";
import { expectMigrations } from "@/server/db/party-migrations";
import { getConnection, prepareOnce } from "@/server/db/shared-connection";

export type { Database } from "@/server/db/connect";

/** The payments sandbox's own migrations: they create and change the `payments` schema only. */
export const paymentsMigrations: MigrationSet = {
  folder: path.join(process.cwd(), "server/payments/db/migrations"),
  bookkeepingTable: "__payments_migrations",
};

async function preparePayments(handle: DatabaseHandle): Promise<void> {
  await migrateFolder(handle, paymentsMigrations);
}

/** Migrates the payments sandbox's schema (nobody else's); safe for instances starting together. */
export function preparePaymentsDatabase(handle: DatabaseHandle): Promise<void> {
  return prepareOnce(handle, "payments", preparePayments);
}

let ready: Database | undefined;

/**
 * The payments sandbox's database. It shares the process's connection with
 * the other parties when they run in one app, but prepares only its own
 * schema, as a processor of its own would.
 */
export async function getPaymentsDatabase(): Promise<Database> {
  if (ready) return ready;
  // This process runs the processor: readiness checks its migrations, and prepares them again if the start's run failed.
  expectMigrations({ party: "payments", migrations: paymentsMigrations, prepare: getPaymentsDatabase });
  const handle = await getConnection();
  await preparePaymentsDatabase(handle);
  ready = handle.db;
  return ready;
}

/** Drops the payments schema and bookkeeping, then migrates it again (db:reset). */
export async function resetPaymentsDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withStartupLock(async () => {
    await handle.exec(`
      DROP SCHEMA IF EXISTS "payments" CASCADE;
      DROP TABLE IF EXISTS "drizzle"."${paymentsMigrations.bookkeepingTable}";
    `);
    await migrateFolder(handle, paymentsMigrations);
  });
}
