import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "@/server/loyalty/idempotency/idempotency-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { claimIdempotencyKey } from "@/server/loyalty/idempotency/claim-idempotency-key";
import { purgeIdempotencyKeys } from "@/server/loyalty/idempotency/purge-idempotency-keys";
import { releaseIdempotencyKey } from "@/server/loyalty/idempotency/release-idempotency-key";
import { creditAccount } from "@/server/loyalty/ledger/credit-account";
import { debitAccount, type DebitCommand } from "@/server/loyalty/ledger/debit-account";
import { reverseDebit } from "@/server/loyalty/ledger/reverse-debit";
import { accountState } from "../support/account-state";
import { externalId } from "../support/ledger-requests";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member = "3081000000000003";

async function partnerId(): Promise<number> {
  const [partner] = await database
    .db()
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  return partner!.id;
}

async function debitCommand(overrides: Partial<DebitCommand> = {}): Promise<DebitCommand> {
  return {
    partnerId: await partnerId(),
    programmeIdentifier: "NORTHSTAR",
    membershipNumber: member,
    amount: 10n,
    description: "COMMAND",
    externalTransactionIdentifier: externalId("L"),
    externalTransactionDate: new Date(),
    externalReferenceDescription: "command test",
    externalPartnerIdentifier: "WEB",
    ...overrides,
  };
}

const keyOf = async (key: string) => {
  const [row] = await database
    .db()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.partnerId, await partnerId()), eq(idempotencyKeys.key, key)));
  return row;
};

const lapseLease = (key: string) =>
  database
    .db()
    .update(idempotencyKeys)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(idempotencyKeys.key, key));

describe("the ledger commands", () => {
  it("store the offline channel's agent with the entry (credit, debit, reversal)", async () => {
    const db = database.db();
    const credit = await creditAccount(db, {
      partnerId: await partnerId(),
      developerSandbox: false,
      programmeIdentifier: "NORTHSTAR",
      membershipNumber: member,
      familyName: "Tester",
      amount: 25n,
      externalTransactionIdentifier: externalId("L"),
      externalTransactionDate: new Date(Date.now() - 60_000),
      externalSource: "DEMOSHOP",
      agentId: "AGENT1",
    });
    expect(credit).toMatchObject({ outcome: "credited", entry: { agentId: "AGENT1", pointsDelta: 25n } });
    const debit = await debitAccount(db, await debitCommand({ agentId: "AGENT2" }));
    expect(debit).toMatchObject({ outcome: "debited", entry: { agentId: "AGENT2", pointsDelta: -10n } });
    if (debit.outcome !== "debited") return;
    const reversal = await reverseDebit(db, {
      partnerId: await partnerId(),
      partnerExternalSource: "DEMOSHOP",
      reversalWindowHours: 24,
      membershipNumber: member,
      debitIdentifier: debit.entry.identifier,
      externalTransactionIdentifier: externalId("L"),
      description: "BACK",
      agentId: "AGENT3",
    });
    expect(reversal).toMatchObject({ outcome: "reversed", entry: { agentId: "AGENT3", pointsDelta: 10n } });
    const withoutAgent = await debitAccount(db, await debitCommand());
    expect(withoutAgent).toMatchObject({ outcome: "debited", entry: { agentId: null } });
  });

  it("tell each refusal apart as an outcome, never as an HTTP error", async () => {
    const db = database.db();
    const used = await debitCommand();
    expect((await debitAccount(db, used)).outcome).toBe("debited");
    expect(await debitAccount(db, { ...used, amount: 11n })).toEqual({ outcome: "duplicate-transaction" });
    expect(await debitAccount(db, await debitCommand({ amount: 10n ** 12n }))).toEqual({
      outcome: "balance-insufficient",
    });
    expect(await debitAccount(db, await debitCommand({ membershipNumber: "3081000000000006" }))).toEqual({
      outcome: "account-status-forbids-debit",
      status: "BLOCKED",
    });
    expect(await debitAccount(db, await debitCommand({ programmeIdentifier: "MERIDIAN" }))).toEqual({
      outcome: "account-not-found",
    });
  });
});

describe("a claim on an idempotency key", () => {
  it("taken over after its lease lapsed moves nothing; the new holder moves once and completes the key", async () => {
    const db = database.db();
    const key = externalId("IK");
    const request = { partnerId: await partnerId(), key, operation: "debit-currency", fingerprint: "f".repeat(64) };
    const stale = await claimIdempotencyKey(db, request);
    expect(stale.state).toBe("claimed");
    if (stale.state !== "claimed") return;
    expect(await claimIdempotencyKey(db, request)).toEqual({ state: "in-progress" });
    await lapseLease(key);
    const current = await claimIdempotencyKey(db, request);
    expect(current.state).toBe("claimed");
    if (current.state !== "claimed") return;

    const command = await debitCommand();
    const before = await accountState(db, member);
    expect(await debitAccount(db, { ...command, idempotencyClaim: stale.claim })).toEqual({
      outcome: "idempotency-claim-lost",
    });
    expect(await accountState(db, member)).toEqual(before);

    const debited = await debitAccount(db, { ...command, idempotencyClaim: current.claim });
    expect(debited.outcome).toBe("debited");
    if (debited.outcome !== "debited") return;
    expect(before.balance - (await accountState(db, member)).balance).toBe(10n);
    expect(await keyOf(key)).toMatchObject({ transactionId: debited.entry.id, leaseToken: null, lockedUntil: null });
    expect(await claimIdempotencyKey(db, request)).toEqual({ state: "completed", entry: debited.entry });
    expect(await claimIdempotencyKey(db, { ...request, fingerprint: "e".repeat(64) })).toEqual({ state: "reused" });

    // Even the stale holder's release cannot undo a completed key, nor can the holder's.
    await releaseIdempotencyKey(db, stale.claim);
    await releaseIdempotencyKey(db, current.claim);
    expect((await keyOf(key))?.transactionId).toBe(debited.entry.id);
  });

  it("is released by its holder only", async () => {
    const db = database.db();
    const key = externalId("IK");
    const claimed = await claimIdempotencyKey(db, {
      partnerId: await partnerId(),
      key,
      operation: "credit-currency",
      fingerprint: "a".repeat(64),
    });
    if (claimed.state !== "claimed") throw new Error("not claimed");
    await releaseIdempotencyKey(db, { ...claimed.claim, leaseToken: "b".repeat(32) });
    expect(await keyOf(key)).toBeDefined();
    await releaseIdempotencyKey(db, claimed.claim);
    expect(await keyOf(key)).toBeUndefined();
  });
});

describe("purging idempotency keys", () => {
  it("deletes keys first used over 24 hours ago, except a claim whose lease still runs", async () => {
    const db = database.db();
    const debited = await debitAccount(db, await debitCommand());
    if (debited.outcome !== "debited") throw new Error("no debit");
    const id = await partnerId();
    const day = 24 * 3_600_000;
    const now = new Date();
    const old = new Date(now.getTime() - day - 60_000);
    const recent = new Date(now.getTime() - day + 60_000);
    const rows = {
      oldCompleted: { createdAt: old, transactionId: debited.entry.id, completedAt: old },
      oldLapsed: { createdAt: old, leaseToken: "1".repeat(32), lockedUntil: new Date(now.getTime() - 1_000) },
      oldRunning: { createdAt: old, leaseToken: "2".repeat(32), lockedUntil: new Date(now.getTime() + 60_000) },
      recentLapsed: { createdAt: recent, leaseToken: "3".repeat(32), lockedUntil: new Date(now.getTime() - 1_000) },
    };
    const prefix = externalId("P");
    await db.insert(idempotencyKeys).values(
      Object.entries(rows).map(([name, row]) => ({
        partnerId: id,
        key: `${prefix}-${name}`,
        operation: "test",
        requestFingerprint: "c".repeat(64),
        ...row,
      })),
    );
    expect(await purgeIdempotencyKeys(db, now)).toBe(2);
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} like ${`${prefix}-%`}`);
    expect(left.map((row) => row.key).sort()).toEqual([`${prefix}-oldRunning`, `${prefix}-recentLapsed`]);
    // The journal keeps the entry the purged key pointed at.
    expect((await accountState(db, member)).journalSum).toBe((await accountState(db, member)).balance);
  });
});
