import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { retrieveOwnTransactions as ownTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { retrieveAccountTransactions as accountTransactionsRoute } from "@/server/loyalty/operations/retrieve-transactions";
import { authorisationCodes } from "@/server/loyalty/oauth/token-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { serviceRules } from "@/server/loyalty/rules/rule-tables";
import { clearPartnerCache } from "@/server/loyalty/partners/cached-partner-lookup";
import {
  clearServiceRulesCache,
  findServiceRulesCached,
  serviceRulesCacheSeconds,
} from "@/server/loyalty/rules/cached-service-rules";
import { sha256Hex } from "@/server/loyalty/security/digests";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { creditBody, debitBody, postCredit, postDebit, postReversal, reversalBody } from "../support/ledger-requests";
import { issueLoginCode, issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

/**
 * The programme and service rules live in the database (seeded from
 * sandbox.json): change them there and the operations follow, once the
 * short cache has let go of what it read.
 */
const database = setupTestDatabase();
const member1 = "3081000000000001";
const meridianMember = "3081000000000009";

async function setProgramme(identifier: string, change: Partial<typeof programmes.$inferInsert>) {
  await database.db().update(programmes).set(change).where(eq(programmes.identifier, identifier));
}

async function programmeId(identifier: string): Promise<number> {
  const [row] = await database.db().select().from(programmes).where(eq(programmes.identifier, identifier));
  return row!.id;
}

/** What a second instance sees once its cache has expired. */
function forgetCachedRules() {
  clearServiceRulesCache(database.db());
  clearPartnerCache();
}

afterEach(async () => {
  // Back to the seeded rules.
  await setProgramme("NORTHSTAR", { acceptsCredits: true, acceptsReversals: true, transactionsVariant: "primary" });
  await setProgramme("MERIDIAN", { acceptsCredits: false, acceptsReversals: true, transactionsVariant: "other" });
  await database
    .db()
    .update(serviceRules)
    .set({
      svcClientApplicationName: "PARTNERPORTAL",
      authorisationCodeSeconds: 120,
      debitPartnerProgrammeId: await programmeId("NORTHSTAR"),
    });
  await database.db().update(partners).set({ reversalWindowHours: 24 });
  forgetCachedRules();
});

function ownTransactions(token: string, applicationName: string) {
  return callRoute(ownTransactionsRoute, {
    url: withKey("/api/v1/programmes/NORTHSTAR/accounts/transactions"),
    params: { version: "v1", programmeIdentifier: "NORTHSTAR" },
    headers: { Authorization: `Bearer ${token}`, svc_client_applicationName: applicationName },
  });
}

describe("programme rules from the database", () => {
  it("credits the programmes the database marks, and only those", async () => {
    const creditMeridian = () =>
      postCredit({
        account: meridianMember,
        programme: "MERIDIAN",
        body: creditBody({ person: { name: { familyName: "Ejemplo" } } }),
      });
    expectServiceError(await creditMeridian(), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "PROGRAMME_INVALID",
      shape: "flat",
    });

    await setProgramme("MERIDIAN", { acceptsCredits: true });
    await setProgramme("NORTHSTAR", { acceptsCredits: false });
    forgetCachedRules();

    expect((await creditMeridian()).status).toBe(201);
    expectServiceError(await postCredit({ account: member1, body: creditBody() }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "PROGRAMME_INVALID",
      shape: "flat",
    });
  });

  it("reverses within the partner's window as the database holds it", async () => {
    const token = await issueMemberToken(database.db(), member1, { scope: "read reverse_transaction" });
    const debit = await postDebit({ account: member1, token, body: debitBody() });
    expect(debit.status, debit.text).toBe(201);
    const debitIdentifier = (debit.json as { debitTransaction: { identifier: string } }).debitTransaction.identifier;

    await database.db().update(partners).set({ reversalWindowHours: 0 });
    forgetCachedRules();
    expectServiceError(await postReversal({ account: member1, token, body: reversalBody(debitIdentifier) }), {
      status: 400,
      code: "REVERSAL_NO_LONGER_PERMITTED",
      shape: "wrapped",
    });

    await database.db().update(partners).set({ reversalWindowHours: 24 });
    await setProgramme("NORTHSTAR", { acceptsReversals: false });
    forgetCachedRules();
    expectServiceError(await postReversal({ account: member1, token, body: reversalBody(debitIdentifier) }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      path: "programmeIdentifier",
      shape: "wrapped",
    });

    await setProgramme("NORTHSTAR", { acceptsReversals: true });
    forgetCachedRules();
    expect((await postReversal({ account: member1, token, body: reversalBody(debitIdentifier) })).status).toBe(201);
  });

  it("opens debits to the partners of the programme the database names", async () => {
    const token = await issueMemberToken(database.db(), member1);
    // ZEPHYR has no partner at all: the Demo Partner is not registered with it.
    await database
      .db()
      .update(serviceRules)
      .set({ debitPartnerProgrammeId: await programmeId("ZEPHYR") });
    forgetCachedRules();
    expectServiceError(await postDebit({ account: member1, token, body: debitBody() }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "wrapped",
    });
  });

  it("serves each programme on the variant of retrieve transactions the database gives it", async () => {
    const meridianToken = await issueMemberToken(database.db(), meridianMember);
    const meridian = () =>
      callRoute(accountTransactionsRoute, {
        url: withKey(`/api/v1/programmes/MERIDIAN/accounts/${meridianMember}/transactions`),
        params: { version: "v1", programmeIdentifier: "MERIDIAN", accountIdentifier: meridianMember },
        headers: { Authorization: meridianToken },
      });
    expect((await meridian()).status).toBe(200);

    await setProgramme("MERIDIAN", { transactionsVariant: null });
    forgetCachedRules();
    expectServiceError(await meridian(), {
      status: 401,
      code: "REQUEST_UNAUTHORIZED",
      childCode: "TOKEN_INVALID",
      shape: "wrapped",
    });
  });

  it("requires the application name the database holds on the primary variant", async () => {
    const token = await issueMemberToken(database.db(), member1);
    expect((await ownTransactions(token, "PARTNERPORTAL")).status).toBe(200);

    await database.db().update(serviceRules).set({ svcClientApplicationName: "SHOPFRONT" });
    forgetCachedRules();
    expectServiceError(await ownTransactions(token, "PARTNERPORTAL"), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DATA_INVALID",
      shape: "wrapped",
    });
    expect((await ownTransactions(token, "SHOPFRONT")).status).toBe(200);
  });

  it("gives an authorisation code the lifetime the database holds", async () => {
    const db = database.db();
    await db.update(serviceRules).set({ authorisationCodeSeconds: 30 });
    forgetCachedRules();
    const now = new Date("2030-01-01T00:00:00.000Z");
    const code = await issueLoginCode(db, { membershipNumber: member1, clientId: "DEMO-10001", now });
    const [row] = await db
      .select()
      .from(authorisationCodes)
      .where(eq(authorisationCodes.codeHash, sha256Hex(code)));
    expect(row!.expiresAt.toISOString()).toBe("2030-01-01T00:00:30.000Z");
  });
});

describe("the rules cache", () => {
  it("keeps what it read for a few seconds, then reads the database again", async () => {
    const db = database.db();
    clearServiceRulesCache(db);
    const start = Date.now();
    expect((await findServiceRulesCached(db, start)).creditProgrammes).toEqual(new Set(["NORTHSTAR"]));

    await setProgramme("MERIDIAN", { acceptsCredits: true });
    // Another instance changed the rules: this one follows within the cache's lifetime, not at once.
    expect((await findServiceRulesCached(db, start + 1_000)).creditProgrammes).toEqual(new Set(["NORTHSTAR"]));
    const later = start + serviceRulesCacheSeconds * 1_000 + 1;
    expect((await findServiceRulesCached(db, later)).creditProgrammes).toEqual(new Set(["NORTHSTAR", "MERIDIAN"]));
  });

  it("answers 503 when the rules row is missing, and does not remember the failure", async () => {
    const db = database.db();
    const [saved] = await db.select().from(serviceRules);
    await db.delete(serviceRules);
    forgetCachedRules();
    try {
      expectServiceError(await postCredit({ account: member1, body: creditBody() }), {
        status: 503,
        code: "SYSTEM_UNAVAILABLE",
        shape: "wrapped",
      });
    } finally {
      await db.insert(serviceRules).values(saved!);
    }
    expect((await postCredit({ account: member1, body: creditBody() })).status).toBe(201);
  });
});

describe("no run-time read of sandbox.json", () => {
  it("leaves sandbox.json to the seeding code (and the developer console's sandbox partners): nothing else under server/loyalty imports it", () => {
    // The developer console makes sandbox partners and their persona copies with the seeding code itself, and the
    // service's database module calls the seeding once it has migrated.
    const seedingCode = [
      path.join("server", "loyalty", "sandbox"),
      path.join("server", "loyalty", "developers"),
      path.join("server", "loyalty", "db"),
    ];
    const offenders: string[] = [];
    const visit = (directory: string) => {
      for (const name of readdirSync(directory)) {
        const file = path.join(directory, name);
        if (statSync(file).isDirectory()) {
          if (!seedingCode.includes(file)) visit(file);
        } else if (/from "[^"]*(sandbox\.json|\/loyalty\/sandbox\/[^"]*)"/.test(readFileSync(file, "utf8"))) {
          offenders.push(file);
        }
      }
    };
    visit(path.join("server", "loyalty"));
    expect(offenders).toEqual([]);
  });
});
