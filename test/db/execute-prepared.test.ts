import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "@/server/db/connect";
import { executePrepared } from "@/server/db/execute-prepared";
import { createEmptyPgliteDatabase, createPostgresDatabase, testDatabaseKind } from "../support/test-database";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

const onPostgres = testDatabaseKind() === "postgres";
let handle: DatabaseHandle | undefined;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  if (onPostgres) {
    const database = await createPostgresDatabase();
    drop = database.drop;
    // One connection: the prepared statements seen are the ones the calls made.
    handle = await connectDatabase({ databaseUrl: database.url, poolSize: 1 });
  } else {
    handle = await createEmptyPgliteDatabase();
  }
});

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

const addOne = (value: number) => sql`SELECT ${value}::int + 1 AS result`;

describe("executePrepared", () => {
  it("answers with the statement's rows, whatever the parameters", async () => {
    expect(await executePrepared(handle!.db, addOne(1))).toEqual([{ result: 2 }]);
    expect(await executePrepared(handle!.db, addOne(41))).toEqual([{ result: 42 }]);
  });

  it.runIf(onPostgres)(
    unlessSkipped(onPostgres, needsPostgres, "prepares each statement text once per connection and reuses it"),
    async () => {
      for (let call = 0; call < 5; call++) await executePrepared(handle!.db, addOne(call));
      await executePrepared(handle!.db, sql`SELECT ${"x"}::text AS other`);
      const prepared = await handle!.db.execute(
        sql`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'loyalty_%' ORDER BY statement`,
      );
      const rows = (prepared as unknown as { rows: { name: string; statement: string }[] }).rows;
      expect(rows.map((row) => row.statement)).toEqual(["SELECT $1::int + 1 AS result", "SELECT $1::text AS other"]);
    },
  );

  it.runIf(!onPostgres)(
    "prepares each statement once on the embedded database too (PREPARE, then EXECUTE)",
    async () => {
      for (let call = 0; call < 5; call++)
        expect(await executePrepared(handle!.db, addOne(call))).toEqual([{ result: call + 1 }]);
      await executePrepared(handle!.db, sql`SELECT ${"x"}::text AS other`);
      const prepared = await handle!.db.execute(
        sql`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'loyalty_%' ORDER BY statement`,
      );
      const rows = (prepared as unknown as { rows: { statement: string }[] }).rows;
      expect(rows.map((row) => row.statement.replace(/^PREPARE \S+ AS /, ""))).toEqual([
        "SELECT $1::int + 1 AS result",
        "SELECT $1::text AS other",
      ]);
    },
  );

  it("answers calls that arrive together for a statement never run before, which is prepared once", async () => {
    const tripled = (value: number) => sql`SELECT ${value}::int * 3 AS tripled`;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((value) => executePrepared(handle!.db, tripled(value))),
    );
    expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((value) => [{ tripled: value * 3 }]));
    const prepared = await handle!.db.execute(
      sql`SELECT count(*)::int AS count FROM pg_prepared_statements WHERE statement LIKE '%::int * 3 AS tripled'`,
    );
    expect((prepared as unknown as { rows: { count: number }[] }).rows[0]!.count).toBe(1);
  });

  it("runs inside a transaction, which sees its own uncommitted writes", async () => {
    const seen = await handle!.db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMPORARY TABLE scratch (value int) ON COMMIT DROP`);
      await tx.execute(sql`INSERT INTO scratch VALUES (7)`);
      return executePrepared<{ value: number }>(tx, sql`SELECT value FROM scratch WHERE value = ${7}`);
    });
    expect(seen).toEqual([{ value: 7 }]);
  });
});
