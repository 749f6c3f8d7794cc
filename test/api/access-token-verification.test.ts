import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tokens } from "@/server/loyalty/oauth/token-tables";
import { verifyAccessToken } from "@/server/loyalty/oauth/access-tokens";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";

const database = setupTestDatabase();
const jtiOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).jti as string;

afterEach(() => {
  vi.useRealTimers();
});

describe("access token verification on repeated use", () => {
  it("refuses a token revoked after it was first accepted", async () => {
    const db = database.db();
    const token = await issueMemberToken(db, "3081000000000001");
    expect((await verifyAccessToken(db, token)).valid).toBe(true);
    await db
      .update(tokens)
      .set({ revokedAt: new Date() })
      .where(eq(tokens.id, jtiOf(token)));
    expect(await verifyAccessToken(db, token)).toEqual({ valid: false, reason: "revoked" });
  });

  it("refuses a token that expired after it was first accepted", async () => {
    const db = database.db();
    const token = await issueMemberToken(db, "3081000000000001");
    expect((await verifyAccessToken(db, token)).valid).toBe(true);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect(await verifyAccessToken(db, token)).toEqual({ valid: false, reason: "expired" });
  });

  it("never accepts a token whose signature was altered, even after the genuine one was accepted", async () => {
    const db = database.db();
    const token = await issueMemberToken(db, "3081000000000001");
    expect((await verifyAccessToken(db, token)).valid).toBe(true);
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(86)}`;
    expect(await verifyAccessToken(db, forged)).toEqual({ valid: false, reason: "signature" });
  });
});
