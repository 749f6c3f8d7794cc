import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { staffAccounts, staffAuditEvents, staffSessions } from "@/server/portal/db/schema";
import { prepareStaffAccount } from "@/server/portal/staff/create-staff-account";
import { disableStaffAccount } from "@/server/portal/staff/disable-staff-account";
import { signInStaff, staffSignInMessages, type StaffSignInInput } from "@/server/portal/staff/sign-in-staff";
import { reserveStaffLoginAttempt, staffLoginPolicy } from "@/server/portal/staff/staff-login-throttle";
import { findStaffSession } from "@/server/portal/staff/staff-session-store";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();

const lifetime = { maxMinutes: 480, idleMinutes: 30 };
const t0 = new Date("2026-05-01T09:00:00Z");
const later = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

function attempt(username: string, password: string, now = t0): Omit<StaffSignInInput, "db"> {
  return { username, password, ip: "203.0.113.9", requestId: `req-${Math.random()}`, lifetime, now };
}

describe("staff accounts, sign-in and sessions", () => {
  it("seeds the sandbox's staff with argon2id hashes, their roles and the agent ids the service is sent", async () => {
    const rows = await db().select().from(staffAccounts).orderBy(staffAccounts.username);
    expect(rows.map((row) => [row.username, row.role, row.agentId])).toEqual([
      ["staff.admin", "ADMIN", "staffadmin"],
      ["staff.agent", "AGENT", "staffagent"],
    ]);
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.passwordHash).not.toContain("Sandbox#2026");
    }
  });

  it("signs in with the right password (any case of the username), starts a session and audits it in one go", async () => {
    const result = await signInStaff(db(), attempt("STAFF.Agent", "Sandbox#2026"));
    expect(result).toMatchObject({ outcome: "signed-in", username: "staff.agent", role: "AGENT" });
    if (result.outcome !== "signed-in") return;
    expect(result.expiresAt).toEqual(later(480));
    const session = await findStaffSession(db(), result.sessionId, lifetime, later(1));
    expect(session).toMatchObject({ username: "staff.agent", role: "AGENT", agentId: "staffagent" });
    const audit = await db().select().from(staffAuditEvents).where(eq(staffAuditEvents.action, "staff.signed_in"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: "staff.agent",
      actorRole: "AGENT",
      outcome: "succeeded",
      ip: "203.0.113.9",
    });
    // The table holds only the SHA-256 of the session id.
    const stored = await db().select().from(staffSessions);
    expect(stored.map((row) => row.idHash)).not.toContain(result.sessionId);
  });

  it("locks a username after 5 failures within 15 minutes, refuses even the right password while locked, and counts unknown usernames alike", async () => {
    for (const username of ["staff.admin", "nobody.here"]) {
      const messages: string[] = [];
      for (let i = 0; i < 6; i++) {
        const result = await signInStaff(db(), attempt(username, "wrong-password", later(i)));
        messages.push(result.outcome === "refused" ? result.message : "signed in");
      }
      // The failure that locks already says so; then every attempt does.
      expect(messages).toEqual([
        ...Array<string>(4).fill(staffSignInMessages.incorrect),
        staffSignInMessages.locked,
        staffSignInMessages.locked,
      ]);
    }
    // Locked: the right password is not even verified.
    expect(await signInStaff(db(), attempt("staff.admin", "Sandbox#2026", later(10)))).toEqual({
      outcome: "refused",
      message: staffSignInMessages.locked,
    });
    // After the lock, the right password signs in and clears the count.
    const after = await signInStaff(
      db(),
      attempt("staff.admin", "Sandbox#2026", later(10 + staffLoginPolicy.lockSeconds / 60)),
    );
    expect(after.outcome).toBe("signed-in");
    const next = await signInStaff(db(), attempt("staff.admin", "wrong-password", later(30)));
    expect(next).toEqual({ outcome: "refused", message: staffSignInMessages.incorrect });
  });

  it("reserves each attempt before verifying: 20 guesses at once get exactly 5 attempts", async () => {
    const now = later(100);
    const reservations = await Promise.all(
      Array.from({ length: 20 }, () => reserveStaffLoginAttempt(db(), "Burst.User", "203.0.113.9", now)),
    );
    expect(reservations.filter((reservation) => reservation.granted)).toHaveLength(staffLoginPolicy.maxFailures);
    expect(reservations.filter((reservation) => reservation.granted && reservation.locks)).toHaveLength(1);
  });

  it("ends sessions when idle, at their end, and at once when the account is disabled", async () => {
    const insert = await prepareStaffAccount("temp.agent", "AGENT");
    const created = await db().transaction((tx) => insert(tx, "staff.admin"));
    const password = created.result.password;
    expect(password).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);

    const first = await signInStaff(db(), attempt("temp.agent", password));
    if (first.outcome !== "signed-in") throw new Error(JSON.stringify(first));
    // Seen within the idle time: alive, and seen again.
    expect(await findStaffSession(db(), first.sessionId, lifetime, later(29))).toBeDefined();
    expect(await findStaffSession(db(), first.sessionId, lifetime, later(58))).toBeDefined();
    // 30 minutes without a request: ended, and its row gone.
    expect(await findStaffSession(db(), first.sessionId, lifetime, later(89))).toBeUndefined();
    expect(await findStaffSession(db(), first.sessionId, lifetime, later(60))).toBeUndefined();

    // Never past its end, however busy.
    const second = await signInStaff(db(), attempt("temp.agent", password));
    if (second.outcome !== "signed-in") throw new Error(JSON.stringify(second));
    for (let minute = 20; minute < 480; minute += 20) {
      expect(await findStaffSession(db(), second.sessionId, lifetime, later(minute))).toBeDefined();
    }
    expect(await findStaffSession(db(), second.sessionId, lifetime, later(480))).toBeUndefined();

    // Disabled: every session of the account ends in the same transaction, and it cannot sign in again.
    const third = await signInStaff(db(), attempt("temp.agent", password));
    const fourth = await signInStaff(db(), attempt("temp.agent", password));
    if (third.outcome !== "signed-in" || fourth.outcome !== "signed-in") throw new Error("not signed in");
    const admin = (await db().select().from(staffAccounts).where(eq(staffAccounts.username, "staff.admin")))[0]!;
    const disabled = await db().transaction((tx) => disableStaffAccount(tx, created.result.id, admin.id, later(1)));
    expect(disabled.result.sessionsEnded).toBe(2);
    expect(await findStaffSession(db(), third.sessionId, lifetime, later(2))).toBeUndefined();
    expect(await findStaffSession(db(), fourth.sessionId, lifetime, later(2))).toBeUndefined();
    expect(await signInStaff(db(), attempt("temp.agent", password, later(3)))).toEqual({
      outcome: "refused",
      message: staffSignInMessages.disabled,
    });
  });
});
