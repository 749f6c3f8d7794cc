import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, inject } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { connectDatabase, pgliteHandle, type Database, type DatabaseHandle } from "@/server/db/connect";
import { installDatabase } from "@/server/loyalty/db/loyalty-database";
import {
  awaitTemplate,
  databaseUrl,
  prepareEveryParty,
  hashSources,
  uniqueDatabaseName,
  withAdminClient,
  type DatabaseTemplate,
} from "./database-template";
import { TemplateMemoryFs } from "./pglite-template-fs";

export type TestDatabaseKind = "pglite" | "postgres";

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE_KIND === "postgres" ? "postgres" : "pglite";
}

/**
 * The run's prepared template (database-template-setup.ts), when there is one
 * of this kind made from the current migrations, sandbox.json and seed code. In
 * watch mode the global setup runs once: after an edit the key differs and
 * files prepare their database from scratch rather than copy a stale one.
 */
function currentTemplate(kind: TestDatabaseKind): DatabaseTemplate | undefined {
  const template = inject("databaseTemplate");
  if (!template || template.kind !== kind) return undefined;
  return template.key === hashSources(template.sources) ? template : undefined;
}

/**
 * A fresh database holding the sandbox, made for one test file: in-memory
 * PGlite, or a new PostgreSQL database (dropped afterwards) when the file
 * runs in the `postgres` project. It is a copy of the run's template when
 * there is one (migrated and seeded once), else prepared from scratch; either
 * way the file owns it. The app's own `getDatabase()` returns it once
 * installed, so route handlers under test use it too.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const kind = testDatabaseKind();
  const template = currentTemplate(kind);
  if (template) await awaitTemplate(template);
  if (kind === "pglite") {
    const handle = template?.kind === "pglite" ? await copyPglite(template.file) : await createEmptyPgliteDatabase();
    // On a copy this only confirms every migration and seed is there (and records the handle as prepared).
    await prepareEveryParty(handle);
    return handle;
  }

  const database =
    template?.kind === "postgres" ? await copyPostgresDatabase(template.name) : await createPostgresDatabase();
  const handle = await connectDatabase({ databaseUrl: database.url, poolSize: 20 });
  await prepareEveryParty(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * PostgreSQL's shared buffers for a test file's PGlite: 16 MB (2,048 pages)
 * holds a whole test database many times over, and PGlite starts in about
 * 110 ms rather than 250–300 ms with the default 128 MB, most of which went
 * on setting up memory a file never touches.
 */
const testStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/** An in-memory PGlite holding a copy of a dumped data directory (the run's template). */
async function copyPglite(dump: string): Promise<DatabaseHandle> {
  return pgliteHandle(
    await PGlite.create({ fs: new TemplateMemoryFs(await readFile(dump)), startParams: testStartParams }),
  );
}

/**
 * An empty in-memory PGlite of its own, nothing migrated into it: a copy of
 * the run's empty template when there is one, which skips initdb's few
 * seconds, else a new one.
 */
export async function createEmptyPgliteDatabase(): Promise<DatabaseHandle> {
  const template = currentTemplate("pglite");
  if (template?.kind !== "pglite") return connectDatabase({ pgliteDataDir: "memory://" });
  await awaitTemplate(template);
  return copyPglite(template.emptyFile);
}

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server, dropped by `drop`. */
export function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  return newPostgresDatabase();
}

/** A PostgreSQL database of its own copied from `template` (CREATE DATABASE … TEMPLATE), dropped by `drop`. */
function copyPostgresDatabase(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  return newPostgresDatabase(template);
}

async function newPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for PostgreSQL tests");
  const name = uniqueDatabaseName("loyalty_test");
  await withAdminClient(serverUrl, (client) =>
    client.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * Registers hooks that give the current test file its own sandbox database
 * and make it the app's database. Returns an accessor for use inside tests.
 */
export function setupTestDatabase(): { db: () => Database; handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async ({}, suite) => {
    const started = performance.now();
    handle = await createTestDatabase();
    installDatabase(handle);
    // The database's share of the file's set-up, for test-results/durations.json (durations-reporter.ts).
    suite.file.meta.databaseSetupMs = performance.now() - started;
  });
  afterAll(async () => {
    await handle?.close();
  });
  const current = () => {
    if (!handle) throw new Error("the test database is not ready yet");
    return handle;
  };
  return { db: () => current().db, handle: current };
}

declare module "vitest" {
  interface TaskMeta {
    /** How long the file's database took to make (a copy of the template, or prepared from scratch). */
    databaseSetupMs?: number;
  }
}
