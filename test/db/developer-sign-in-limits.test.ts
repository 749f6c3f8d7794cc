import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import sandbox from "@/sandbox.json";
import { resetEnvironmentCache } from "@/server/config/env";
import { developerAccounts } from "@/server/loyalty/developers/developer-tables";
import { signInDeveloper, signInMessages } from "@/server/loyalty/developers/sign-in-developer";
import { loginThrottlePolicy } from "@/server/loyalty/login/login-throttle";
import * as passwordHash from "@/server/security/password-hash";
import { setupTestDatabase } from "../support/test-database";

// Every password check goes through this wrapper, so the test counts argon2 verifications.
vi.mock("@/server/security/password-hash", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/server/security/password-hash")>();
  return { ...actual, verifySecret: vi.fn(actual.verifySecret) };
});

// A small per-address limit keeps the file quick; the default (100 per 15 minutes) is the same code.
const addressLimit = 12;
process.env.DEVELOPER_SIGN_IN_LIMIT = String(addressLimit);
resetEnvironmentCache();

const { db } = setupTestDatabase();

const developer = sandbox.developers[0]!;
const t0 = new Date("2026-06-02T09:00:00Z");
const later = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const verifications = vi.mocked(passwordHash.verifySecret);

const signIn = (email: string, password: string, address: string, now: Date) =>
  signInDeveloper(db(), { email, password, address, now });
const messageOf = (result: Awaited<ReturnType<typeof signIn>>) =>
  result.outcome === "refused" ? result.message : "signed in";

describe("developer sign-in: limits an outsider cannot turn against a developer", () => {
  it("refuses an address before any argon2 work once it has made DEVELOPER_SIGN_IN_LIMIT attempts, whatever the emails", async () => {
    verifications.mockClear();
    const messages: string[] = [];
    for (let i = 0; i < addressLimit + 30; i++)
      messages.push(
        messageOf(await signIn(`guess.${randomUUID().slice(0, 8)}@example.test`, "guess", "198.51.100.66", later(i))),
      );
    expect(verifications).toHaveBeenCalledTimes(addressLimit);
    expect(messages.slice(0, addressLimit).every((message) => message === signInMessages.incorrect)).toBe(true);
    expect(
      messages.slice(addressLimit).every((message) => /from your network\. Try again in \d+ minutes?\./.test(message)),
    ).toBe(true);
    // The address stays refused, before argon2, even with the developer's right password.
    verifications.mockClear();
    expect(messageOf(await signIn(developer.email, developer.password, "198.51.100.66", later(60)))).toMatch(
      /from your network/,
    );
    expect(verifications).not.toHaveBeenCalled();
    // Another address is not affected.
    expect((await signIn(developer.email, developer.password, "198.51.100.67", later(61))).outcome).toBe("signed-in");
  });

  it("after 5 wrong passwords from one address, the developer still signs in from another address", async () => {
    const attacker = "203.0.113.50";
    const messages: string[] = [];
    for (let i = 0; i < loginThrottlePolicy.maxFailures + 1; i++)
      messages.push(messageOf(await signIn(developer.email, "wrong password!", attacker, later(1_000 + i))));
    expect(messages).toEqual([
      ...Array(loginThrottlePolicy.maxFailures - 1).fill(signInMessages.incorrect),
      signInMessages.locked,
      signInMessages.locked,
    ]);
    // From the attacker's address the email is locked, the right password not even verified.
    verifications.mockClear();
    expect(await signIn(developer.email, developer.password, attacker, later(1_010))).toEqual({
      outcome: "refused",
      message: signInMessages.locked,
    });
    expect(verifications).not.toHaveBeenCalled();
    // The developer, from their own network, signs in at once; the email is written in any case.
    expect((await signIn(developer.email.toUpperCase(), developer.password, "192.0.2.10", later(1_011))).outcome).toBe(
      "signed-in",
    );
    // An IPv6 attacker rotating addresses inside its /64 counts as one address; another /64 is elsewhere.
    for (let i = 0; i < loginThrottlePolicy.maxFailures; i++)
      await signIn(developer.email, "wrong password!", `2001:db8:1:2::${i + 1}`, later(1_020 + i));
    expect(messageOf(await signIn(developer.email, developer.password, "2001:db8:1:2::99", later(1_030)))).toBe(
      signInMessages.locked,
    );
    expect((await signIn(developer.email, developer.password, "2001:db8:9::1", later(1_031))).outcome).toBe(
      "signed-in",
    );
  });

  it("a sign-in counts as the sandbox's activity", async () => {
    const at = later(5_000);
    expect((await signIn(developer.email, developer.password, "192.0.2.11", at)).outcome).toBe("signed-in");
    const [account] = await db()
      .select({ lastSignedInAt: developerAccounts.lastSignedInAt })
      .from(developerAccounts)
      .where(eq(developerAccounts.email, developer.email));
    expect(account!.lastSignedInAt?.toISOString()).toBe(at.toISOString());
  });

  it("says the console is busy, in words, when the password check was shed", async () => {
    verifications.mockRejectedValueOnce(new passwordHash.PasswordHashBusy("queue-full", 2));
    expect(await signIn(developer.email, developer.password, "192.0.2.12", later(6_000))).toEqual({
      outcome: "refused",
      message: "The console is answering many requests right now. Try again in 2 seconds.",
    });
  });
});
