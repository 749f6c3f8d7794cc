import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { afterAll, beforeAll } from "vitest";
import { connectDatabase, type Database, type DatabaseHandle } from "@/server/db/connect";
import { installDatabase, prepareDatabase } from "@/server/db/database";
import { preparePaymentsDatabase } from "@/server/payments/db/payments-database";
import { preparePortalDatabase } from "@/server/portal/db/portal-database";

export type TestDatabaseKind = "pglite" | "postgres";

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.TEST_DATABASE_KIND === "postgres" ? "postgres" : "pglite";
}

/**
 * A fresh database holding the sandbox, made for one test file: in-memory
 * PGlite, or a new PostgreSQL database (dropped afterwards) when the file
 * runs in the `postgres` project. The app's own `getDatabase()` returns it,
 * so route handlers under test use it too.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === "pglite") {
    const handle = await connectDatabase({ pgliteDataDir: "memory://" });
    await prepareEveryParty(handle);
    return handle;
  }

  const database = await createPostgresDatabase();
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

/** The service's schema and sandbox, the portal's schema and the payments sandbox's, as the app prepares them on first use. */
async function prepareEveryParty(handle: DatabaseHandle): Promise<void> {
  await prepareDatabase(handle);
  await preparePortalDatabase(handle);
  await preparePaymentsDatabase(handle);
}

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server, dropped by `drop`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is required for PostgreSQL tests");
  const name = `loyalty_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

async function withAdminClient<T>(url: string, task: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/**
 * Registers hooks that give the current test file its own sandbox database
 * and make it the app's database. Returns an accessor for use inside tests.
 */
export function setupTestDatabase(): { db: () => Database; handle: () => DatabaseHandle } {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    installDatabase(handle);
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
