import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { DatabaseHandle } from "./connect";
import { rowsOf } from "./rows";

export const migrationsFolder = path.join(process.cwd(), "server/db/migrations");

/**
 * Applies the committed migrations that this database has not seen. Kept
 * independent of the driver: both drivers run the same statements, recorded
 * in the same bookkeeping table as drizzle-kit's own migrator.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  await handle.exec(`
    CREATE SCHEMA IF NOT EXISTS "drizzle";
    CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (
      id SERIAL PRIMARY KEY,
      hash text NOT NULL,
      created_at bigint
    );
  `);
  const applied = await handle.db.execute(`SELECT hash FROM "drizzle"."__drizzle_migrations"`);
  const appliedHashes = new Set(rowsOf<{ hash: string }>(applied).map((row) => row.hash));

  for (const migration of migrations) {
    if (appliedHashes.has(migration.hash)) continue;
    const statements = migration.sql.map((statement) => statement.trim()).filter(Boolean);
    await handle.exec(
      [
        "BEGIN;",
        ...statements.map((statement) => (statement.endsWith(";") ? statement : `${statement};`)),
        `INSERT INTO "drizzle"."__drizzle_migrations" (hash, created_at) VALUES ('${migration.hash}', ${migration.folderMillis});`,
        "COMMIT;",
      ].join("\n"),
    );
  }
}
