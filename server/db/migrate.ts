import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { DatabaseHandle } from "./connect";
import { rowsOf } from "./rows";

/** One owner's migrations: its folder and its own bookkeeping table in the `drizzle` schema. */
export interface MigrationSet {
  folder: string;
  bookkeepingTable: string;
}

/** The loyalty service's migrations (drizzle-kit's default bookkeeping table, as before the portal had its own). */
export const loyaltyMigrations: MigrationSet = {
  folder: path.join(process.cwd(), "server/db/migrations"),
  bookkeepingTable: "__drizzle_migrations",
};

/**
 * Applies the committed migrations of one set that this database has not
 * seen. Kept independent of the driver: both drivers run the same
 * statements, recorded as drizzle-kit's own migrator records them.
 */
export async function migrateFolder(handle: DatabaseHandle, set: MigrationSet): Promise<void> {
  if (!/^__[a-z_]+$/.test(set.bookkeepingTable)) throw new Error(`bad bookkeeping table ${set.bookkeepingTable}`);
  const table = `"drizzle"."${set.bookkeepingTable}"`;
  const migrations = readMigrationFiles({ migrationsFolder: set.folder });
  await handle.exec(`
    CREATE SCHEMA IF NOT EXISTS "drizzle";
    CREATE TABLE IF NOT EXISTS ${table} (
      id SERIAL PRIMARY KEY,
      hash text NOT NULL,
      created_at bigint
    );
  `);
  const applied = await handle.db.execute(`SELECT hash FROM ${table}`);
  const appliedHashes = new Set(rowsOf<{ hash: string }>(applied).map((row) => row.hash));

  for (const migration of migrations) {
    if (appliedHashes.has(migration.hash)) continue;
    const statements = migration.sql.map((statement) => statement.trim()).filter(Boolean);
    await handle.exec(
      [
        "BEGIN;",
        ...statements.map((statement) => (statement.endsWith(";") ? statement : `${statement};`)),
        `INSERT INTO ${table} (hash, created_at) VALUES ('${migration.hash}', ${migration.folderMillis});`,
        "COMMIT;",
      ].join("\n"),
    );
  }
}

/** The loyalty service's schema, migrated. */
export function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  return migrateFolder(handle, loyaltyMigrations);
}
