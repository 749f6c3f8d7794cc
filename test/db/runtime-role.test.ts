import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import { connectDatabase, type DatabaseHandle } from "@/server/db/connect";
import { loyaltyMigrations } from "@/server/db/migrate";
import { migrationStates } from "@/server/db/party-migrations";
import { prepareDatabase } from "@/server/loyalty/db/loyalty-database";
import { rowsOf } from "@/server/db/rows";
import { getConnection } from "@/server/db/shared-connection";
import { grantRuntimeRole } from "@/server/db/runtime-role";
import { paymentsMigrations, preparePaymentsDatabase } from "@/server/payments/db/payments-database";
import { portalMigrations, preparePortalDatabase } from "@/server/portal/db/portal-database";
import { appendAuditEvent } from "@/server/portal/staff/append-audit-event";
import { signInStaff } from "@/server/portal/staff/sign-in-staff";
import { createPostgresDatabase, testDatabaseKind } from "../support/test-database";

/**
 * On PostgreSQL the owner (DATABASE_MIGRATION_URL) migrates, seeds and grants;
 * the app runs as a role that reads and writes rows and nothing more. PGlite
 * has a single user, so this file runs in the postgres project only.
 */
describe.runIf(testDatabaseKind() === "postgres")("the app's runtime role on PostgreSQL", () => {
  const role = `loyalty_runtime_${randomBytes(4).toString("hex")}`;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let owner: DatabaseHandle;
  let runtime: DatabaseHandle;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    owner = await connectDatabase({ databaseUrl: database.url, poolSize: 2 });
    await owner.exec(`CREATE ROLE "${role}" LOGIN`);
    // What the app does at start with DATABASE_MIGRATION_URL set: each party migrated and seeded by the owner, then granted.
    await prepareDatabase(owner);
    await preparePortalDatabase(owner);
    await preparePaymentsDatabase(owner);
    for (const schema of ["loyalty", "portal", "payments"]) await grantRuntimeRole(owner, schema, role);
    const url = new URL(database.url);
    url.username = role;
    runtime = await connectDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  });

  afterAll(async () => {
    await runtime?.close();
    await owner?.close();
    await database?.drop();
    const admin = await connectDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
    await admin.exec(`DROP ROLE IF EXISTS "${role}"`).finally(() => admin.close());
  });

  const refusal = async (statement: Promise<unknown>): Promise<string> => {
    const error = await statement.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, "the statement should be refused").toBeDefined();
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  };

  it("is what the app's own start sets up from DATABASE_URL and DATABASE_MIGRATION_URL", async () => {
    const second = await createPostgresDatabase();
    const saved = { url: process.env.DATABASE_URL, migration: process.env.DATABASE_MIGRATION_URL };
    const runtimeUrl = new URL(second.url);
    runtimeUrl.username = role;
    process.env.DATABASE_URL = runtimeUrl.toString();
    process.env.DATABASE_MIGRATION_URL = second.url;
    resetEnvironmentCache();
    try {
      const handle = await getConnection();
      await prepareDatabase(handle);
      await preparePortalDatabase(handle);
      await preparePaymentsDatabase(handle);
      const [who] = rowsOf<{ user: string }>(await handle.db.execute(sql`select current_user as "user"`));
      expect(who!.user).toBe(role);
      // Migrated and seeded by the owner, readable by the runtime role...
      const [staff] = rowsOf<{ n: number }>(
        await handle.db.execute(sql`select count(*)::int as n from portal.staff_accounts`),
      );
      expect(staff!.n).toBeGreaterThan(0);
      // ...which may not change the tables or their triggers.
      expect(await refusal(handle.exec(`ALTER TABLE portal.staff_audit_events DISABLE TRIGGER ALL`))).toMatch(
        /must be owner/,
      );
      await handle.close();
    } finally {
      process.env.DATABASE_URL = saved.url;
      process.env.DATABASE_MIGRATION_URL = saved.migration;
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      if (saved.migration === undefined) delete process.env.DATABASE_MIGRATION_URL;
      resetEnvironmentCache();
      await second.drop();
    }
  });

  it("does the app's work: signs staff in and writes audit rows", async () => {
    const now = new Date();
    const signedIn = await signInStaff(runtime.db, {
      username: "staff.admin",
      password: "Sandbox#2026",
      ip: "198.51.100.5",
      requestId: "req-runtime",
      lifetime: { maxMinutes: 480, idleMinutes: 30 },
      now,
    });
    expect(signedIn.outcome).toBe("signed-in");
    await appendAuditEvent(
      runtime.db,
      { username: "staff.admin", role: "ADMIN", ip: "198.51.100.5", requestId: "req-runtime-2" },
      { action: "points.credited", outcome: "succeeded", membershipNumber: "3081000000000001" },
      now,
    );
  });

  it("reads which migrations are applied (the readiness probe), and may not change that record", async () => {
    const sets = [loyaltyMigrations, portalMigrations, paymentsMigrations];
    const states = await migrationStates(runtime.db, sets);
    expect(sets.map((set) => states.get(set))).toEqual(["applied", "applied", "applied"]);
    expect(await refusal(runtime.exec(`DELETE FROM "drizzle"."__portal_migrations"`))).toMatch(/permission denied/);
    expect(await refusal(runtime.exec(`INSERT INTO "drizzle"."__drizzle_migrations" (hash) VALUES ('x')`))).toMatch(
      /permission denied/,
    );
  });

  it("cannot disable an audit trigger, alter a table, delete or truncate an audit row", async () => {
    expect(
      await refusal(
        runtime.exec(`ALTER TABLE portal.staff_audit_events DISABLE TRIGGER staff_audit_events_append_only`),
      ),
    ).toMatch(/must be owner/);
    expect(await refusal(runtime.exec(`ALTER TABLE portal.staff_audit_events DISABLE TRIGGER ALL`))).toMatch(
      /must be owner/,
    );
    expect(
      await refusal(runtime.exec(`ALTER TABLE loyalty.transactions DISABLE TRIGGER transactions_append_only`)),
    ).toMatch(/must be owner/);
    expect(await refusal(runtime.exec(`ALTER TABLE portal.orders ADD COLUMN note text`))).toMatch(/must be owner/);
    expect(
      await refusal(runtime.exec(`DROP TRIGGER staff_audit_events_append_only ON portal.staff_audit_events`)),
    ).toMatch(/must be owner/);
    expect(await refusal(runtime.exec(`DELETE FROM portal.staff_audit_events`))).toMatch(/permission denied/);
    expect(await refusal(runtime.exec(`UPDATE portal.staff_audit_events SET reason = 'x'`))).toMatch(
      /permission denied/,
    );
    expect(await refusal(runtime.exec(`TRUNCATE portal.order_events`))).toMatch(/permission denied/);
    expect(await refusal(runtime.exec(`DELETE FROM loyalty.transactions`))).toMatch(/permission denied/);
    // The rows are all still there, as the owner sees them.
    const [rows] = rowsOf<{ n: number }>(
      await owner.db.execute(sql`select count(*)::int as n from portal.staff_audit_events`),
    );
    expect(rows!.n).toBeGreaterThanOrEqual(2);
  });
});
