import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "@/server/loyalty/idempotency/idempotency-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { idempotentRequestFingerprint } from "@/server/loyalty/http/idempotent-request";
import { accountState, setBalance } from "../support/account-state";
import { noProgrammeApiKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { creditBody, debitBody, externalId, postCredit, postDebit, postReversal } from "../support/ledger-requests";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const member1 = "3081000000000001";
const member2 = "3081000000000002";
const ledgerParams = (accountIdentifier: string) => ({
  version: "v1",
  programmeIdentifier: "NORTHSTAR",
  accountIdentifier,
});
const freshKey = () => `key-${externalId()}`;

async function demoPartnerId(): Promise<number> {
  const [partner] = await database
    .db()
    .select({ id: partners.id })
    .from(partners)
    .where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  return partner!.id;
}

/** A key row as a request still running would leave it: claimed, lease running (or, with a negative lease, lapsed). */
async function insertRunningClaim(key: string, fingerprint: string, leaseSeconds = 60): Promise<void> {
  await database
    .db()
    .insert(idempotencyKeys)
    .values({
      partnerId: await demoPartnerId(),
      key,
      operation: "test",
      requestFingerprint: fingerprint,
      leaseToken: "0".repeat(32),
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    });
}

async function keyRow(key: string) {
  const [row] = await database
    .db()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.partnerId, await demoPartnerId()), eq(idempotencyKeys.key, key)));
  return row;
}

describe("Idempotency-Key on credit (P4) and debit (P5)", () => {
  it("replays a debit's first answer with Idempotent-Replayed, moves once, and records the key with its entry", async () => {
    const token = await issueMemberToken(database.db(), member1);
    const body = debitBody();
    const headers = { "Idempotency-Key": freshKey() };
    const before = await accountState(database.db(), member1);
    const first = await postDebit({ account: member1, token, body, headers });
    expect(first.status, first.text).toBe(201);
    const retry = await postDebit({ account: member1, token, body, headers });
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    const after = await accountState(database.db(), member1);
    expect(before.balance - after.balance).toBe(100n);
    expect(after.journalCount - before.journalCount).toBe(1);
    const row = await keyRow(headers["Idempotency-Key"]);
    expect(row).toMatchObject({ operation: "debit-currency", leaseToken: null, lockedUntil: null });
    expect(row?.transactionId).not.toBeNull();
  });

  it("takes the draft's quoted form and the bare token as one key, and a body in another key order as the same", async () => {
    const key = freshKey();
    const body = creditBody();
    const first = await postCredit({ account: member1, body, headers: { "Idempotency-Key": key } });
    expect(first.status, first.text).toBe(201);
    const { description, ...rest } = body;
    const reordered = { ...rest, description };
    const retry = await postCredit({ account: member1, body: reordered, headers: { "Idempotency-Key": `"${key}"` } });
    expect(retry.status, retry.text).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
  });

  it("422 IDEMPOTENCY_KEY_REUSED: the key with another body, another account or another operation; nothing moves", async () => {
    const token = await issueMemberToken(database.db(), member1);
    const key = freshKey();
    const headers = { "Idempotency-Key": key };
    const body = creditBody();
    expect((await postCredit({ account: member1, body, headers })).status).toBe(201);
    const before = await accountState(database.db(), member1);
    const reuses = [
      postCredit({ account: member1, body: { ...body, description: "OTHER" }, headers }),
      postCredit({ account: member1, body: creditBody(), headers }),
      postCredit({ account: member2, body: { ...body, person: { name: { familyName: "Sample" } } }, headers }),
    ];
    for (const answer of await Promise.all(reuses)) {
      const error = expectServiceError(answer, { status: 422, code: "IDEMPOTENCY_KEY_REUSED", shape: "flat" });
      expect(error).not.toHaveProperty("childError");
    }
    expectServiceError(await postDebit({ account: member1, token, body: debitBody(), headers }), {
      status: 422,
      code: "IDEMPOTENCY_KEY_REUSED",
      shape: "wrapped",
    });
    expect(await accountState(database.db(), member1)).toEqual(before);
  });

  it("keys are the partner's own: another partner's request with the same key is judged on its own", async () => {
    const key = freshKey();
    expect(
      (await postCredit({ account: member1, body: creditBody(), headers: { "Idempotency-Key": key } })).status,
    ).toBe(201);
    expectServiceError(
      await postCredit({
        account: member1,
        body: creditBody({ description: "OTHER" }),
        headers: { "Idempotency-Key": key },
        apiKey: noProgrammeApiKey,
      }),
      { status: 400, code: "REQUEST_INVALID", childCode: "INVALID_PROMOTER_CODE", shape: "flat" },
    );
  });

  it("409 IDEMPOTENCY_KEY_IN_PROGRESS while the key's first request runs; once its lease lapses, a retry takes over", async () => {
    const body = creditBody();
    const key = freshKey();
    const fingerprint = idempotentRequestFingerprint("credit-currency", { params: ledgerParams(member1), body });
    await insertRunningClaim(key, fingerprint);
    const before = await accountState(database.db(), member1);
    const waiting = await postCredit({ account: member1, body, headers: { "Idempotency-Key": key } });
    expectServiceError(waiting, { status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS", shape: "flat" });
    expect(waiting.headers.get("retry-after")).toBe("1");
    // Another body is refused as a reuse, even while the first still runs.
    expectServiceError(
      await postCredit({ account: member1, body: creditBody(), headers: { "Idempotency-Key": key } }),
      { status: 422, code: "IDEMPOTENCY_KEY_REUSED", shape: "flat" },
    );
    expect(await accountState(database.db(), member1)).toEqual(before);

    // The holder died: its lease runs out and the next retry makes the credit, once.
    await database
      .db()
      .update(idempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.key, key));
    const takenOver = await postCredit({ account: member1, body, headers: { "Idempotency-Key": key } });
    expect(takenOver.status, takenOver.text).toBe(201);
    expect(takenOver.headers.get("idempotent-replayed")).toBeNull();
    const replayed = await postCredit({ account: member1, body, headers: { "Idempotency-Key": key } });
    expect(replayed.json).toEqual(takenOver.json);
    const after = await accountState(database.db(), member1);
    expect(after.balance - before.balance).toBe(1500n);
    expect(after.journalCount - before.journalCount).toBe(1);
  });

  it("409 on a debit is wrapped, and only the member whose request it is gets it", async () => {
    const token = await issueMemberToken(database.db(), member1);
    const body = debitBody();
    const key = freshKey();
    const fingerprint = idempotentRequestFingerprint("debit-currency", {
      params: ledgerParams(member1),
      member: { membershipNumber: member1 },
      body,
    });
    await insertRunningClaim(key, fingerprint);
    expectServiceError(await postDebit({ account: member1, token, body, headers: { "Idempotency-Key": key } }), {
      status: 409,
      code: "IDEMPOTENCY_KEY_IN_PROGRESS",
      shape: "wrapped",
    });
    const otherMember = await issueMemberToken(database.db(), member2);
    expectServiceError(
      await postDebit({ account: member2, token: otherMember, body, headers: { "Idempotency-Key": key } }),
      { status: 422, code: "IDEMPOTENCY_KEY_REUSED", shape: "wrapped" },
    );
  });

  it("a refusal frees the key: the same key may then carry the request that succeeds", async () => {
    const member = "3081000000000010";
    const token = await issueMemberToken(database.db(), member);
    const body = debitBody({ monetaryAmount: { amount: "40", currency: { currencyCode: "POINTS" } } });
    const headers = { "Idempotency-Key": freshKey() };
    expectServiceError(await postDebit({ account: member, token, body, headers }), {
      status: 400,
      code: "BALANCE_INSUFFICIENT",
      shape: "wrapped",
    });
    expect(await keyRow(headers["Idempotency-Key"])).toBeUndefined();
    await setBalance(database.db(), member, 100n);
    const second = await postDebit({ account: member, token, body, headers });
    expect(second.status, second.text).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect((await accountState(database.db(), member)).balance).toBe(60n);
  });

  it("a key does not make another request's identifier its own: a used identifier under a new key is a duplicate", async () => {
    const body = creditBody();
    expect((await postCredit({ account: member1, body, headers: { "Idempotency-Key": freshKey() } })).status).toBe(201);
    const before = await accountState(database.db(), member1);
    expectServiceError(await postCredit({ account: member1, body, headers: { "Idempotency-Key": freshKey() } }), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "DUPLICATE_TRANSACTION",
      shape: "flat",
    });
    expect(await accountState(database.db(), member1)).toEqual(before);
  });

  it.each([
    ["empty", '""'],
    ["too long", "k".repeat(256)],
    ["not ASCII", "clé-1"],
    ["two values", "a, b"],
  ])("400 IDEMPOTENCY_KEY_INVALID for a key %s, in the operation's shape", async (_label, value) => {
    const token = await issueMemberToken(database.db(), member1);
    const before = await accountState(database.db(), member1);
    const headers = { "Idempotency-Key": value };
    const invalidKey = { status: 400, code: "REQUEST_INVALID", childCode: "IDEMPOTENCY_KEY_INVALID" };
    const flat = expectServiceError(await postCredit({ account: member1, body: creditBody(), headers }), {
      ...invalidKey,
      shape: "flat",
    });
    expect(flat.developerMessage).toMatch(/Idempotency-Key must be 1 to 255 printable ASCII characters/);
    expect(flat.developerMessage).not.toContain(value);
    expectServiceError(await postDebit({ account: member1, token, body: debitBody(), headers }), {
      ...invalidKey,
      shape: "wrapped",
    });
    const reverser = await issueMemberToken(database.db(), member1, { scope: "reverse_transaction" });
    expectServiceError(
      await postReversal({ account: member1, token: reverser, body: { reversalTransaction: {} }, headers }),
      { ...invalidKey, shape: "wrapped" },
    );
    expect(await accountState(database.db(), member1)).toEqual(before);
  });
});
