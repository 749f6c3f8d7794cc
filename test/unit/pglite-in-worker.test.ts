import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgliteInWorker, type PgliteInWorker } from "@/server/db/pglite-in-worker";

let database: PgliteInWorker;

beforeAll(async () => {
  database = await openPgliteInWorker("memory://");
  await database.exec("CREATE TABLE item (id int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())");
});

afterAll(() => database.close());

describe("the embedded database on its own thread", () => {
  it("answers queries with bound parameters, in either row mode, with drizzle's text parsers kept", async () => {
    await database.query("INSERT INTO item (id) VALUES ($1), ($2)", [1, 2]);
    const objects = await database.query<{ id: number; at: unknown }>("SELECT id, at FROM item ORDER BY id");
    expect(objects.rows.map((row) => row.id)).toEqual([1, 2]);
    expect(objects.rows[0]!.at).toBeInstanceOf(Date);
    const arrays = await database.query<unknown[]>("SELECT id, at FROM item WHERE id = $1", [2], {
      rowMode: "array",
      parsers: { 1184: (value) => value },
    });
    expect(arrays.rows[0]![0]).toBe(2);
    expect(typeof arrays.rows[0]![1]).toBe("string");
  });

  it("keeps a database error's SQLSTATE and constraint, and goes on answering after it", async () => {
    const refused = await database.query("INSERT INTO item (id) VALUES (1)").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).toMatchObject({ code: "23505", constraint: "item_pkey" });
    expect((await database.query("SELECT count(*)::int AS n FROM item")).rows).toEqual([{ n: 2 }]);
  });

  it("commits a transaction that ends well and rolls back one that throws", async () => {
    await database.transaction(async (transaction) => {
      await transaction.query("INSERT INTO item (id) VALUES (3)");
    });
    const failed = await database
      .transaction(async (transaction) => {
        await transaction.query("INSERT INTO item (id) VALUES (4)");
        throw new Error("changed my mind");
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ message: "changed my mind" });
    const ids = await database.query<{ id: number }>("SELECT id FROM item ORDER BY id");
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it("runs a statement sent outside a transaction after the transaction has ended, not inside it", async () => {
    let inside: Promise<{ rows: unknown[] }> | undefined;
    await database
      .transaction(async (transaction) => {
        await transaction.query("INSERT INTO item (id) VALUES (5)");
        inside = database.query("SELECT count(*)::int AS n FROM item");
        // Had it run in the transaction's session, it would have counted the row rolled back here.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect((await inside)!.rows).toEqual([{ n: 3 }]);
  });

  it("delivers notifications to a listener until it stops", async () => {
    const payloads: string[] = [];
    const stop = await database.listen("item_changes", (payload) => payloads.push(payload));
    await database.exec("NOTIFY item_changes, 'one'");
    await expect.poll(() => payloads).toEqual(["one"]);
    await stop();
    await database.exec("NOTIFY item_changes, 'two'");
    await database.query("SELECT 1");
    expect(payloads).toEqual(["one"]);
  });
});
