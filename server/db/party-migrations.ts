import { readMigrationFiles } from "drizzle-orm/migrator";
import { sql } from "drizzle-orm";
import type { Database } from "./connect";
import type { MigrationSet } from "./migrate";
import { rowsOf } from "./rows";

/** A party whose database this process uses: its migrations, and how to prepare them again. */
export interface PartyMigrations {
  /** loyalty, portal or payments. */
  party: string;
  migrations: MigrationSet;
  /** Migrates (and seeds) the party's schema through the process's connection; repeated calls share one run. */
  prepare: () => Promise<unknown>;
}

export type MigrationState = "applied" | "pending";

// On globalThis: the parties register from their own bundles (instrumentation, route handlers); the readiness
// route, another bundle in the same process, reads them all.
const expected = ((globalThis as { [key: symbol]: Map<string, PartyMigrations> | undefined })[
  Symbol.for("loyalty-platform.db.party-migrations")
] ??= new Map<string, PartyMigrations>());

/** Says that this process runs `party`: readiness then requires its migrations applied. */
export function expectMigrations(entry: PartyMigrations): void {
  expected.set(entry.party, entry);
}

/** The parties this process runs, in the order they registered. */
export function expectedMigrations(): PartyMigrations[] {
  return [...expected.values()];
}

// The files do not change while the process runs: their hashes are read once per folder.
const hashesByFolder = new Map<string, string[]>();
function migrationHashes(set: MigrationSet): string[] {
  let hashes = hashesByFolder.get(set.folder);
  if (!hashes) {
    hashes = readMigrationFiles({ migrationsFolder: set.folder }).map((migration) => migration.hash);
    hashesByFolder.set(set.folder, hashes);
  }
  return hashes;
}

/**
 * Whether each set's migration files are all recorded as applied in its
 * bookkeeping table, in two statements whatever the number of sets, and
 * without creating anything (a set whose table is missing is pending). A
 * database migrated further than these files (a newer instance's
 * migrations, during a rolling deploy) counts as applied.
 */
export async function migrationStates(
  db: Database,
  sets: readonly MigrationSet[],
): Promise<Map<MigrationSet, MigrationState>> {
  const states = new Map<MigrationSet, MigrationState>();
  if (sets.length === 0) return states;
  for (const set of sets) {
    if (!/^__[a-z_]+$/.test(set.bookkeepingTable)) throw new Error(`bad bookkeeping table ${set.bookkeepingTable}`);
  }
  const existing = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name FROM pg_catalog.pg_class c
      JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'drizzle' AND c.relname IN (${sql.join(
        sets.map((set) => sql`${set.bookkeepingTable}`),
        sql`, `,
      )})`),
  ).map((row) => row.name);
  const present = sets.filter((set) => existing.includes(set.bookkeepingTable));
  const applied = new Map<string, Set<string>>(present.map((set) => [set.bookkeepingTable, new Set()]));
  if (present.length > 0) {
    const union = present
      .map((set) => `SELECT '${set.bookkeepingTable}' AS book, hash FROM "drizzle"."${set.bookkeepingTable}"`)
      .join(" UNION ALL ");
    for (const row of rowsOf<{ book: string; hash: string }>(await db.execute(sql.raw(union)))) {
      applied.get(row.book)?.add(row.hash);
    }
  }
  for (const set of sets) {
    const recorded = applied.get(set.bookkeepingTable);
    const complete = recorded !== undefined && migrationHashes(set).every((hash) => recorded.has(hash));
    states.set(set, complete ? "applied" : "pending");
  }
  return states;
}
