import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "@/server/db/connect";
import { connectDatabase } from "@/server/db/connect";
import { rowsOf } from "@/server/db/rows";
import { preparePortalDatabase } from "@/server/portal/db/portal-database";
import { createEmptyPgliteDatabase, createPostgresDatabase, testDatabaseKind } from "@/test/support/test-database";

// A database the service has never touched: the portal alone, as when LOYALTY_BASE_URL points elsewhere.
let handle: DatabaseHandle;
let drop: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  if (testDatabaseKind() === "pglite") {
    handle = await createEmptyPgliteDatabase();
  } else {
    const database = await createPostgresDatabase();
    drop = database.drop;
    handle = await connectDatabase({ databaseUrl: database.url, poolSize: 2 });
  }
});

afterAll(async () => {
  await handle.close();
  await drop();
});

async function schemas(): Promise<string[]> {
  const result = await handle.db.execute(
    sql`select nspname as name from pg_namespace where nspname in ('loyalty', 'portal', 'payments') order by 1`,
  );
  return rowsOf<{ name: string }>(result).map((row) => row.name);
}

describe("the portal's database module", () => {
  it("creates the portal's schema and never the service's", async () => {
    await preparePortalDatabase(handle);
    expect(await schemas()).toEqual(["portal"]);
    const sessions = await handle.db.execute(sql`select to_regclass('portal.member_sessions')::text as name`);
    expect(rowsOf<{ name: string | null }>(sessions)[0]?.name).toBe("portal.member_sessions");
  });
});
