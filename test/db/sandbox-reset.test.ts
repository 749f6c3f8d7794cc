import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/server/db/connect";
import { migrateDatabase } from "@/server/db/migrate";
import { rowsOf } from "@/server/db/rows";
import { accounts, transactions } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { securityProfiles } from "@/server/loyalty/members/security-profile-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { ensureSandboxSeeded } from "@/server/loyalty/sandbox/ensure-sandbox-seeded";
import { resetEverything } from "@/scripts/reset-everything";
import { setupTestDatabase } from "@/test/support/test-database";

// A vitest fixture that only shares the "use" prefix with React hooks.
const { db, handle } = setupTestDatabase();

const seededTables = [
  "partners",
  "api_keys",
  "programmes",
  "programme_countries",
  "partner_programmes",
  "oauth_clients",
  "oauth_redirect_uris",
  "members",
  "membership_programmes",
  "accounts",
  "security_profiles",
  "transactions",
] as const;

/** What "the sandbox, exactly" means here: row counts, balances and the whole journal. */
async function snapshot(database: Database) {
  const counts: Record<string, number> = {};
  for (const table of seededTables) {
    const result = await database.execute(sql.raw(`select count(*)::int as n from loyalty.${table}`));
    counts[table] = rowsOf<{ n: number }>(result)[0]!.n;
  }
  const balances = await database
    .select({ membershipNumber: members.membershipNumber, balance: accounts.balance, status: accounts.status })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .orderBy(asc(members.membershipNumber));
  const journal = await database
    .select({
      identifier: transactions.identifier,
      accountId: transactions.accountId,
      pointsDelta: transactions.pointsDelta,
      description: transactions.description,
      dateMade: transactions.dateMade,
    })
    .from(transactions)
    .orderBy(asc(transactions.identifier));
  const programmeNames = await database.select({ name: programmes.name }).from(programmes).orderBy(asc(programmes.id));
  return { counts, balances, journal, programmeNames };
}

/** The message of an error and of every cause under it (drivers and the ORM wrap errors). */
function messagesOf(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) messages.push(current.message);
  return messages.join(" / ");
}

async function failureOf(task: Promise<unknown>): Promise<string> {
  try {
    await task;
  } catch (error) {
    return messagesOf(error);
  }
  throw new Error("the statement was expected to fail");
}

let seedMoment: Date;
let original: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  const [demo] = await db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  seedMoment = demo!.createdAt;
  original = await snapshot(db());
});

describe("the journal", () => {
  it("refuses UPDATE and DELETE, leaving the row as it was", async () => {
    const update = sql`update loyalty.transactions set points_delta = 1 where identifier = 'SBXCREDIT0001'`;
    expect(await failureOf(db().execute(update))).toMatch(/append-only \(UPDATE refused\)/);
    const remove = sql`delete from loyalty.transactions where identifier = 'SBXCREDIT0001'`;
    expect(await failureOf(db().execute(remove))).toMatch(/append-only \(DELETE refused\)/);
    const [row] = await db().select().from(transactions).where(eq(transactions.identifier, "SBXCREDIT0001"));
    expect(row?.pointsDelta).toBe(2000n);
  });
});

describe("ensureSandboxSeeded", () => {
  it("leaves an already seeded database alone", async () => {
    const [profileBefore] = await db().select().from(securityProfiles).orderBy(asc(securityProfiles.id)).limit(1);
    await ensureSandboxSeeded(db());
    expect(await snapshot(db())).toEqual(original);
    const [profileAfter] = await db().select().from(securityProfiles).orderBy(asc(securityProfiles.id)).limit(1);
    expect(profileAfter?.passwordHash).toBe(profileBefore?.passwordHash);
  });
});

describe("resetEverything (npm run db:reset)", () => {
  it("puts back exactly the sandbox after members, balances, journal and portal data changed", async () => {
    const [added] = await db()
      .insert(members)
      .values({ membershipNumber: "3081000000000999", familyName: "Extra", joinDate: "2024-01-01" })
      .returning({ id: members.id });
    const [northstar] = await db().select().from(programmes).where(eq(programmes.identifier, "NORTHSTAR"));
    await db()
      .insert(accounts)
      .values({ memberId: added!.id, programmeId: northstar!.id, accountType: "INDIVIDUAL", status: "ACTIVE" });
    const [member3] = await db()
      .select({ accountId: accounts.id })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.memberId))
      .where(eq(members.membershipNumber, "3081000000000003"));
    await db().insert(transactions).values({
      identifier: "TESTEXTRACREDIT1",
      accountId: member3!.accountId,
      kind: "CREDIT",
      pointsDelta: 700n,
      description: "EXTRA",
    });
    await db()
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + 700` })
      .where(eq(accounts.id, member3!.accountId));
    await db().update(programmes).set({ name: "Renamed" }).where(eq(programmes.id, northstar!.id));
    await handle().exec(`CREATE SCHEMA IF NOT EXISTS portal; CREATE TABLE portal.leftover (id int);`);
    // The changes are real before the reset, or the comparison below would prove nothing.
    expect(await snapshot(db())).not.toEqual(original);

    await resetEverything(handle(), seedMoment);

    expect(await snapshot(db())).toEqual(original);
    const leftover = await db().execute(sql`select to_regclass('portal.leftover')::text as name`);
    expect(rowsOf<{ name: string | null }>(leftover)[0]?.name).toBeNull();
  });

  it("seeds again from a migrated but empty database, as on first start", async () => {
    await handle().exec(
      `DROP SCHEMA IF EXISTS loyalty CASCADE; DROP SCHEMA IF EXISTS portal CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE;`,
    );
    await migrateDatabase(handle());
    const emptied = await snapshot(db());
    expect(emptied.counts.partners).toBe(0);
    expect(emptied.journal).toHaveLength(0);

    await ensureSandboxSeeded(db());

    const reseeded = await snapshot(db());
    expect(reseeded.counts).toEqual(original.counts);
    expect(reseeded.balances).toEqual(original.balances);
  });
});
