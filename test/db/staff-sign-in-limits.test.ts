import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { rateLimitRules } from "@/server/portal/rate-limit/rate-limit-rule";
import * as passwordHash from "@/server/security/password-hash";
import { signInStaff, staffSignInMessages, type StaffSignInInput } from "@/server/portal/staff/sign-in-staff";
import { staffLoginPolicy } from "@/server/portal/staff/staff-login-throttle";
import { setupTestDatabase } from "../support/test-database";

// Every password check goes through this wrapper, so the test counts argon2 verifications.
vi.mock("@/server/security/password-hash", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/security/password-hash")>();
  return { ...actual, verifySecret: vi.fn(actual.verifySecret) };
});

const { db } = setupTestDatabase();

const lifetime = { maxMinutes: 480, idleMinutes: 30 };
const t0 = new Date("2026-05-02T09:00:00Z");
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const verifications = vi.mocked(passwordHash.verifySecret);

function attempt(username: string, password: string, ip: string, now: Date): StaffSignInInput {
  return { username, password, ip, requestId: randomUUID(), lifetime, now };
}

describe("staff sign-in: limits an outsider cannot turn against an administrator", () => {
  it("refuses an address before any argon2 work once it has made STAFF_SIGN_IN_LIMIT attempts, whatever the usernames", async () => {
    const limit = rateLimitRules().staffSignIn.limit;
    verifications.mockClear();
    const messages: string[] = [];
    for (let i = 0; i < 500; i++) {
      const result = await signInStaff(
        db(),
        attempt(`random.${randomUUID().slice(0, 8)}`, "guess", "198.51.100.66", later(i)),
      );
      messages.push(result.outcome === "refused" ? result.message : "signed in");
    }
    // Only the attempts within the limit were hashed; the rest were refused before argon2 ran.
    expect(verifications).toHaveBeenCalledTimes(limit);
    expect(messages.slice(0, limit).every((message) => message === staffSignInMessages.incorrect)).toBe(true);
    expect(messages.slice(limit).every((message) => /from your network/.test(message))).toBe(true);
    // The address is still refused, before argon2, even with a real account's right password.
    verifications.mockClear();
    const right = await signInStaff(db(), attempt("staff.agent", "Sandbox#2026", "198.51.100.66", later(600)));
    expect(right).toMatchObject({ outcome: "refused", message: expect.stringMatching(/Try again in \d+ minutes?\./) });
    expect(verifications).not.toHaveBeenCalled();
    // Another address is not affected.
    expect((await signInStaff(db(), attempt("staff.agent", "Sandbox#2026", "198.51.100.67", later(600)))).outcome).toBe(
      "signed-in",
    );
  });

  it("after 5 wrong passwords for staff.admin from one address, staff.admin still signs in from another address", async () => {
    const attacker = "203.0.113.50";
    const messages: string[] = [];
    for (let i = 0; i < staffLoginPolicy.maxFailures + 1; i++) {
      const result = await signInStaff(db(), attempt("staff.admin", "wrong-password", attacker, later(1_000 + i)));
      messages.push(result.outcome === "refused" ? result.message : "signed in");
    }
    expect(messages.slice(-2)).toEqual([staffSignInMessages.locked, staffSignInMessages.locked]);
    // From the attacker's address the account is locked, the right password not even verified.
    verifications.mockClear();
    expect(await signInStaff(db(), attempt("staff.admin", "Sandbox#2026", attacker, later(1_010)))).toEqual({
      outcome: "refused",
      message: staffSignInMessages.locked,
    });
    expect(verifications).not.toHaveBeenCalled();
    // The administrator, from the office, signs in at once.
    const admin = await signInStaff(db(), attempt("staff.admin", "Sandbox#2026", "192.0.2.10", later(1_011)));
    expect(admin).toMatchObject({ outcome: "signed-in", username: "staff.admin", role: "ADMIN" });
    // An IPv6 attacker rotating addresses inside its /64 counts as one address.
    for (let i = 0; i < staffLoginPolicy.maxFailures; i++) {
      await signInStaff(db(), attempt("staff.agent", "wrong-password", `2001:db8:1:2::${i + 1}`, later(1_020 + i)));
    }
    expect(await signInStaff(db(), attempt("staff.agent", "Sandbox#2026", "2001:db8:1:2::99", later(1_030)))).toEqual({
      outcome: "refused",
      message: staffSignInMessages.locked,
    });
    expect(
      (await signInStaff(db(), attempt("staff.agent", "Sandbox#2026", "2001:db8:9::1", later(1_031)))).outcome,
    ).toBe("signed-in");
  });
});
