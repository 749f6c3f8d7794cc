import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as jwksRoute from "@/app/oauth/jwks/route";
import { idempotencyKeys } from "@/server/loyalty/idempotency/idempotency-tables";
import { loginThrottles } from "@/server/loyalty/login/login-tables";
import { registrationThrottles } from "@/server/loyalty/members/member-tables";
import { authorisationCodes, signingKeys, tokens } from "@/server/loyalty/oauth/token-tables";
import { rateLimitWindows } from "@/server/loyalty/rate-limits/rate-limit-tables";
import { purgeExpired, spentCodeRetentionSeconds } from "@/server/loyalty/maintenance/purge-expired";
import { runMaintenance } from "@/server/loyalty/maintenance/run-maintenance";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { findOAuthClient } from "@/server/loyalty/oauth/find-oauth-client";
import { registrationThrottlePolicy } from "@/server/loyalty/members/registration-throttle";
import { loginThrottlePolicy } from "@/server/loyalty/login/login-throttle";
import { verifyAccessToken } from "@/server/loyalty/oauth/access-tokens";
import {
  activeSigningKey,
  retiredKeyVerifySeconds,
  retireSigningKey,
  rotateSigningKeys,
} from "@/server/loyalty/oauth/signing-keys";
import { callRoute } from "../support/call-route";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

const seconds = (from: Date, count: number) => new Date(from.getTime() + count * 1000);

async function publishedKids(): Promise<string[]> {
  const answer = await callRoute(jwksRoute, { url: "/oauth/jwks" });
  return (answer.json as { keys: Array<{ kid: string }> }).keys.map((key) => key.kid);
}

describe("retired signing keys", () => {
  it("verify for a set time after a rotation, then neither verify nor appear in the JWKS", async () => {
    const token = await issueMemberToken(db(), "3081000000000001");
    const oldKid = (await activeSigningKey(db())).kid;
    const rotatedAt = new Date();
    const newKid = await rotateSigningKeys(db(), rotatedAt);
    expect((await activeSigningKey(db())).kid).toBe(newKid);

    // Still within the token's own lifetime and the key's time to verify.
    expect((await verifyAccessToken(db(), token, seconds(rotatedAt, 60))).valid).toBe(true);
    expect(await publishedKids()).toEqual(expect.arrayContaining([oldKid, newKid]));

    // Once the key's time is over, what it signed stops verifying.
    const over = seconds(rotatedAt, retiredKeyVerifySeconds + 1);
    expect(await verifyAccessToken(db(), token, over)).toMatchObject({ valid: false });
    const [row] = await db().select().from(signingKeys).where(eq(signingKeys.kid, oldKid));
    expect(row?.verifyUntil?.getTime()).toBe(seconds(rotatedAt, retiredKeyVerifySeconds).getTime());
  });

  it("stop verifying an unexpired token once a key retired at short notice is over", async () => {
    const token = await issueMemberToken(db(), "3081000000000002");
    const kid = (await activeSigningKey(db())).kid;
    const now = new Date();
    expect((await verifyAccessToken(db(), token, now)).valid).toBe(true);
    await retireSigningKey(db(), kid, now, 60);
    expect((await verifyAccessToken(db(), token, seconds(now, 30))).valid).toBe(true);
    expect(await verifyAccessToken(db(), token, seconds(now, 61))).toEqual({ valid: false, reason: "signature" });
    expect(await publishedKids()).toContain(kid);
    // At once, for a key that must stop now (e.g. one that leaked): gone from the JWKS too.
    await retireSigningKey(db(), kid, new Date(), 0);
    expect(await verifyAccessToken(db(), token)).toEqual({ valid: false, reason: "signature" });
    expect(await publishedKids()).not.toContain(kid);
    // A new active key took over, and it signs and verifies.
    const fresh = await issueMemberToken(db(), "3081000000000002");
    expect((await verifyAccessToken(db(), fresh)).valid).toBe(true);
  });
});

describe("purgeExpired", () => {
  it("deletes what no longer counts and keeps what still does", async () => {
    const now = new Date("2031-07-01T12:00:00Z");
    const member = await findMemberByMembershipNumber(db(), "3081000000000001");
    const client = await findOAuthClient(db(), "DEMO-10001");
    const clientId = client!.client.id;
    const partnerId = client!.partner.id;

    const code = (hash: string, expiresAt: Date) => ({
      codeHash: hash,
      clientId,
      memberId: member!.member.id,
      programmeId: member!.account.programmeId,
      authenticationLevel: "AUTHN-LEVEL-12",
      expiresAt,
    });
    await db()
      .insert(authorisationCodes)
      .values([
        code("a".repeat(64), seconds(now, -spentCodeRetentionSeconds - 1)),
        code("b".repeat(64), seconds(now, -60)),
      ]);
    const token = (expiresAt: Date) => ({
      id: randomUUID(),
      kind: "refresh" as const,
      familyId: randomUUID(),
      clientId,
      partnerId,
      expiresAt,
    });
    const expiredToken = token(seconds(now, -1));
    const liveToken = token(seconds(now, 3_600));
    await db().insert(tokens).values([expiredToken, liveToken]);

    const { windowSeconds, lockSeconds } = loginThrottlePolicy;
    await db()
      .insert(loginThrottles)
      .values([
        { username: "OLD.WINDOW", failedAttempts: 2, firstFailedAt: seconds(now, -windowSeconds - 1) },
        {
          username: "LOCK.OVER",
          failedAttempts: 5,
          firstFailedAt: seconds(now, -lockSeconds - 60),
          lockedUntil: seconds(now, -1),
        },
        {
          username: "STILL.LOCKED",
          failedAttempts: 5,
          firstFailedAt: seconds(now, -60),
          lockedUntil: seconds(now, 600),
        },
        { username: "COUNTING", failedAttempts: 1, firstFailedAt: seconds(now, -60) },
      ]);
    await db()
      .insert(registrationThrottles)
      .values({
        memberId: member!.member.id,
        failedAttempts: 1,
        firstFailedAt: seconds(now, -registrationThrottlePolicy.windowSeconds - 1),
      });
    await db()
      .insert(rateLimitWindows)
      .values([
        { bucket: "purge:ended", windowStart: seconds(now, -120), requests: 3, expiresAt: seconds(now, -60) },
        { bucket: "purge:current", windowStart: seconds(now, -30), requests: 3, expiresAt: seconds(now, 30) },
      ]);
    const retired = (await activeSigningKey(db())).kid;
    await retireSigningKey(db(), retired, seconds(now, -10), 5);

    const active = await activeSigningKey(db());
    const purged = await purgeExpired(db(), now);
    expect(purged).toMatchObject({ authorisationCodes: 1, loginThrottles: 2, registrationThrottles: 1 });
    // Earlier tests of this file issued tokens and retired keys that are over by then too.
    expect(purged.tokens).toBeGreaterThanOrEqual(1);
    expect(purged.rateLimitWindows).toBeGreaterThanOrEqual(1);
    expect(purged.signingKeys).toBeGreaterThanOrEqual(1);

    const codeHashes = (await db().select().from(authorisationCodes)).map((row) => row.codeHash);
    expect(codeHashes).toContain("b".repeat(64));
    expect(codeHashes).not.toContain("a".repeat(64));
    const tokenIds = (await db().select({ id: tokens.id }).from(tokens)).map((row) => row.id);
    expect(tokenIds).toContain(liveToken.id);
    expect(tokenIds).not.toContain(expiredToken.id);
    const usernames = (await db().select().from(loginThrottles)).map((row) => row.username).sort();
    expect(usernames).toEqual(["COUNTING", "STILL.LOCKED"]);
    const buckets = (await db().select().from(rateLimitWindows)).map((row) => row.bucket);
    expect(buckets).toContain("purge:current");
    expect(buckets).not.toContain("purge:ended");
    expect((await db().select().from(signingKeys).where(eq(signingKeys.kid, retired))).length).toBe(0);
    expect((await db().select().from(signingKeys).where(eq(signingKeys.kid, active.kid))).length).toBe(1);

    // Running it again finds nothing more to do.
    expect(Object.values(await purgeExpired(db(), now)).every((count) => count === 0)).toBe(true);
  });
});

describe("runMaintenance (the periodic job's pass)", () => {
  it("purges expired rows and idempotency keys past their retention, and keeps live ones", async () => {
    const now = new Date("2032-03-01T12:00:00Z");
    const client = await findOAuthClient(db(), "DEMO-10001");
    const partnerId = client!.partner.id;
    const key = (name: string, createdAt: Date) => ({
      partnerId,
      key: name,
      operation: "debit-account",
      requestFingerprint: "f".repeat(64),
      // A claim whose holder died: its lease lapsed long ago (the purge compares it with the database clock).
      leaseToken: "d".repeat(32),
      lockedUntil: new Date("2020-01-01T00:00:00Z"),
      createdAt,
    });
    await db()
      .insert(idempotencyKeys)
      .values([key("maintenance-old", seconds(now, -25 * 3_600)), key("maintenance-recent", seconds(now, -3_600))]);
    const expiredToken = {
      id: randomUUID(),
      kind: "refresh" as const,
      familyId: randomUUID(),
      clientId: client!.client.id,
      partnerId,
      expiresAt: seconds(now, -1),
    };
    await db().insert(tokens).values(expiredToken);

    const report = await runMaintenance(db(), now);
    expect(report.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(report.tokens).toBeGreaterThanOrEqual(1);
    const keys = (await db().select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.key);
    expect(keys).toContain("maintenance-recent");
    expect(keys).not.toContain("maintenance-old");
    expect((await db().select().from(tokens).where(eq(tokens.id, expiredToken.id))).length).toBe(0);
  });
});
