import "server-only";
import { env } from "@/server/config/env";
import { ensureDevelopersSeeded } from "@/server/loyalty/developers/seed-developers";
import { followPartnerKeyChanges } from "@/server/loyalty/partners/follow-partner-key-changes";
import { ensureSandboxSeeded } from "@/server/loyalty/sandbox/ensure-sandbox-seeded";
import type { Database, DatabaseHandle } from "@/server/db/connect";
import { loyaltyMigrations, migrateDatabase } from "@/server/db/migrate";
import { expectMigrations } from "@/server/db/party-migrations";
import { getConnection, installConnection, prepareOnce } from "@/server/db/shared-connection";

export type { Database } from "@/server/db/connect";

/** The loyalty service's preparation: its migrations, then (never in live mode) the sandbox seed into an empty database and its developer accounts. */
async function prepareLoyalty(handle: DatabaseHandle): Promise<void> {
  await migrateDatabase(handle);
  if (env().APP_MODE === "live") return;
  await ensureSandboxSeeded(handle.db);
  await ensureDevelopersSeeded(handle.db);
}

/** Migrates the service's schema and seeds the sandbox; safe for instances starting together. */
export function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  return prepareOnce(handle, "loyalty", prepareLoyalty);
}

let ready: Database | undefined;

/** The service's database, opened, migrated and seeded on first use. */
export async function getDatabase(): Promise<Database> {
  // The hot path: every partner request asks for it.
  if (ready) return ready;
  // This process runs the service: readiness checks its migrations, and prepares them again if the start's run failed.
  expectMigrations({ party: "loyalty", migrations: loyaltyMigrations, prepare: getDatabase });
  const handle = await getConnection();
  await prepareDatabase(handle);
  await followOnce(handle);
  ready = handle.db;
  return ready;
}

const followed = new WeakSet<DatabaseHandle>();

/** One listener per connection, however many requests wait for the first preparation. */
async function followOnce(handle: DatabaseHandle): Promise<void> {
  if (followed.has(handle)) return;
  followed.add(handle);
  await followPartnerKeyChanges(handle);
}

/** Points the process at a database prepared elsewhere (tests, scripts). */
export function installDatabase(handle: DatabaseHandle): void {
  ready = undefined;
  installConnection(handle);
}
