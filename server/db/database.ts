import "server-only";
import { env } from "@/server/config/env";
import { ensureSandboxSeeded } from "@/server/loyalty/sandbox/ensure-sandbox-seeded";
import { connectDatabase, type Database, type DatabaseHandle } from "./connect";
import { migrateDatabase } from "./migrate";

export type { Database } from "./connect";

interface DatabaseHolder {
  handle?: Promise<DatabaseHandle>;
}

// Kept on globalThis so that hot reload in development does not open the
// embedded database a second time in the same process.
const holder = ((globalThis as { __loyaltyDatabase?: DatabaseHolder }).__loyaltyDatabase ??= {});

async function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const config = env();
  const handle = await connectDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDataDir: config.PGLITE_DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await prepareDatabase(handle);
  return handle;
}

/** Migrates, then seeds the sandbox into an empty database; safe for instances starting together. */
export async function prepareDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.withStartupLock(async () => {
    await migrateDatabase(handle);
    await ensureSandboxSeeded(handle.db);
  });
}

/** The process's database, opened, migrated and seeded on first use. */
export async function getDatabase(): Promise<Database> {
  if (!holder.handle) {
    holder.handle = openConfiguredDatabase();
    // A failed start must be retried by the next request, not cached forever.
    holder.handle.catch(() => {
      holder.handle = undefined;
    });
  }
  return (await holder.handle).db;
}

/** Points the process at a database prepared elsewhere (tests, scripts). */
export function installDatabase(handle: DatabaseHandle): void {
  holder.handle = Promise.resolve(handle);
}
