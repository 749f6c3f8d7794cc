import { randomUUID } from "node:crypto";
import { desc, eq, gt } from "drizzle-orm";
import { isRedirectError } from "next/dist/client/components/redirect-error";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { toProfileValues } from "@/lib/portal/profile/profile-plan";
import type { StaffActionResult } from "@/lib/actions/action-result";
import { staffAccounts, staffAuditEvents, staffSessions } from "@/server/portal/db/schema";
import { partnerClientTokens } from "@/server/portal/agent-tokens";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { createStaffAccountAction } from "@/server/portal/staff/actions/create-staff-account-action";
import { creditPointsAction } from "@/server/portal/staff/actions/credit-points-action";
import { disableStaffAccountAction } from "@/server/portal/staff/actions/disable-staff-account-action";
import { resetStaffPasswordAction } from "@/server/portal/staff/actions/reset-staff-password-action";
import { revealContactAction } from "@/server/portal/staff/actions/reveal-contact-action";
import { signInStaffAction } from "@/server/portal/staff/actions/sign-in-action";
import { signOutStaffAction } from "@/server/portal/staff/actions/sign-out-action";
import { updateMemberProfileAction } from "@/server/portal/staff/actions/update-member-profile-action";
import { refundOrderAction } from "@/server/portal/staff/actions/refund-order-action";
import { settleOrderAction } from "@/server/portal/staff/actions/settle-order-action";
import { prepareStaffAccount } from "@/server/portal/staff/create-staff-account";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { listAttentionOrders } from "@/server/portal/staff/list-attention-orders";
import { checkoutFetch, checkoutHarness, orderFacts } from "../support/checkout-harness";
import { attentionOrder, completedOrder } from "../support/staff-orders";
import { newStaffRequest, signInAs, staffCookie, staffRequest } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

process.env.NEXTAUTH_SECRET ??= "staff-actions-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);
const shopper = "3081000000000012";
const member1 = "3081000000000001";

beforeAll(() => {
  // The portal reaches the service and the processor over HTTP; here each request goes to the app's own route handler.
  vi.stubGlobal("fetch", checkoutFetch().fetch);
});
beforeEach(() => newStaffRequest());

async function latestAuditId(): Promise<number> {
  const [row] = await db()
    .select({ id: staffAuditEvents.id })
    .from(staffAuditEvents)
    .orderBy(desc(staffAuditEvents.id))
    .limit(1);
  return row?.id ?? 0;
}
const auditSince = (id: number) =>
  db().select().from(staffAuditEvents).where(gt(staffAuditEvents.id, id)).orderBy(staffAuditEvents.id);

async function membershipValues(number: string) {
  const membership = await loyaltyService().retrieveMembershipAsAgent(number, {
    agentId: "tests",
    tokens: partnerClientTokens(),
  });
  return toProfileValues(membership);
}

async function newAgentAccount(): Promise<string> {
  const insert = await prepareStaffAccount(`temp.${randomUUID().slice(0, 8)}`, "AGENT");
  return (await db().transaction((tx) => insert(tx, "tests"))).result.id;
}

/** Runs an action; a redirect (sign-out) counts as its success. */
async function run(action: (input: never) => Promise<StaffActionResult<unknown>>, input: unknown) {
  try {
    return await action(input as never);
  } catch (error) {
    if (isRedirectError(error)) return { ok: true as const, data: "redirected" };
    throw error;
  }
}

interface ActionCase {
  name: string;
  action: (input: never) => Promise<StaffActionResult<unknown>>;
  audit: string;
  /** The roles that may; the others are refused. */
  roles: Array<"AGENT" | "ADMIN">;
  reason: boolean;
  /** Takes a reason code from the list (details optional, required for "other"). */
  coded?: boolean;
  /** A call to the service: an `attempted` row before it, the outcome after. */
  remote: boolean;
  input: () => Promise<Record<string, unknown>>;
}

const cases: ActionCase[] = [
  {
    name: "sign out",
    action: signOutStaffAction,
    audit: "staff.signed_out",
    roles: ["AGENT", "ADMIN"],
    reason: false,
    remote: false,
    input: async () => ({}),
  },
  {
    name: "reveal contact details",
    action: revealContactAction,
    audit: "member.contact_revealed",
    roles: ["AGENT", "ADMIN"],
    reason: false,
    remote: false,
    input: async () => ({ membershipNumber: member1 }),
  },
  {
    name: "edit a profile",
    action: updateMemberProfileAction,
    audit: "profile.updated",
    roles: ["AGENT", "ADMIN"],
    reason: true,
    coded: true,
    remote: true,
    input: async () => ({
      membershipNumber: shopper,
      values: { ...(await membershipValues(shopper)), email: `casey.${randomUUID().slice(0, 6)}@example.com` },
      reasonCode: "data_correction",
      reason: "Member asked on the phone, identity checked",
    }),
  },
  {
    name: "credit goodwill points",
    action: creditPointsAction,
    audit: "points.credited",
    roles: ["ADMIN"],
    reason: true,
    coded: true,
    remote: true,
    input: async () => ({
      membershipNumber: shopper,
      points: "250",
      reasonCode: "flight_disruption",
      reason: "Delayed flight",
      formKey: randomUUID(),
    }),
  },
  {
    name: "refund an order",
    action: refundOrderAction,
    audit: "order.refunded",
    roles: ["ADMIN"],
    reason: true,
    coded: true,
    remote: true,
    input: async () => ({
      membershipNumber: member1,
      orderId: (await completedOrder(db(), harness)).id,
      formKey: randomUUID(),
      reasonCode: "other",
      reason: "Flight cancelled by the airline",
    }),
  },
  {
    name: "settle an order that needs attention",
    action: settleOrderAction,
    audit: "order.settled",
    roles: ["ADMIN"],
    reason: true,
    coded: true,
    remote: false,
    input: async () => ({
      membershipNumber: member1,
      orderId: await attentionOrder(db(), "the charge's outcome could not be learnt"),
      outcome: "completed",
      reasonCode: "service_recovery",
      reason: "Processor's dashboard shows the charge captured",
    }),
  },
  {
    name: "create a staff account",
    action: createStaffAccountAction,
    audit: "staff.created",
    roles: ["ADMIN"],
    reason: true,
    remote: false,
    input: async () => ({ username: `new.agent.${randomUUID().slice(0, 6)}`, role: "AGENT", reason: "New starter" }),
  },
  {
    name: "disable a staff account",
    action: disableStaffAccountAction,
    audit: "staff.disabled",
    roles: ["ADMIN"],
    reason: true,
    remote: false,
    input: async () => ({ staffId: await newAgentAccount(), reason: "Left the company" }),
  },
  {
    name: "reset a staff password",
    action: resetStaffPasswordAction,
    audit: "staff.password_reset",
    roles: ["ADMIN"],
    reason: true,
    remote: false,
    input: async () => ({ staffId: await newAgentAccount(), reason: "Forgot it" }),
  },
];

const usernames = { AGENT: "staff.agent", ADMIN: "staff.admin" } as const;

describe.each(cases)("the staff action: $name", (action) => {
  it("refuses without a staff session, from another site, and writes no audit row", async () => {
    const input = await action.input();
    const before = await latestAuditId();
    expect(await run(action.action, input)).toMatchObject({ ok: false, code: "unauthenticated" });

    newStaffRequest("https://evil.example");
    await signInAs(db(), usernames[action.roles[0]!]);
    const mark = await latestAuditId();
    expect(await run(action.action, input)).toMatchObject({ ok: false, code: "forbidden" });
    newStaffRequest(null);
    staffRequest.jar.set(staffCookie, "made-up-session-id");
    expect(await run(action.action, input)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await auditSince(mark)).toEqual([]);
    expect((await auditSince(before)).map((row) => row.action)).toEqual(["staff.signed_in"]);
  });

  // Actions open to both roles have no wrong role; those that need one are refused to the other.
  if (action.roles.length < 2)
    it("refuses the wrong role and records the refused attempt, changing nothing", async () => {
      const wrong = action.roles.includes("ADMIN") ? "AGENT" : "ADMIN";
      await signInAs(db(), usernames[wrong]);
      const input = await action.input();
      const before = await latestAuditId();
      expect(await run(action.action, input)).toMatchObject({
        ok: false,
        code: "forbidden",
        message: "Your role does not allow this.",
      });
      const rows = await auditSince(before);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: action.audit, outcome: "refused", actor: usernames[wrong] });
    });

  if (action.coded)
    it("refuses without a reason code, with one not on the list, or with Other and no details, and writes no audit row", async () => {
      await signInAs(db(), usernames[action.roles[0]!]);
      const input = await action.input();
      const before = await latestAuditId();
      const { reasonCode: _code, ...withoutCode } = input;
      const attempts: Array<[Record<string, unknown>, string]> = [
        [withoutCode, "reasonCode"],
        [{ ...input, reasonCode: "made_up" }, "reasonCode"],
        [{ ...input, reasonCode: "other", reason: "   " }, "reason"],
      ];
      for (const [attempt, field] of attempts) {
        const result = await run(action.action, attempt);
        expect(result).toMatchObject({ ok: false, code: "invalid" });
        if (!result.ok) expect(Object.keys(result.fieldErrors ?? {})).toEqual([field]);
      }
      expect(await auditSince(before)).toEqual([]);
    });

  if (action.reason && !action.coded)
    it("refuses without a reason, or with a blank one, and writes no audit row", async () => {
      await signInAs(db(), usernames[action.roles[0]!]);
      const input = await action.input();
      const before = await latestAuditId();
      const { reason: _reason, ...withoutReason } = input;
      for (const attempt of [withoutReason, { ...input, reason: "   " }]) {
        const result = await run(action.action, attempt);
        expect(result).toMatchObject({ ok: false, code: "invalid" });
        if (!result.ok) expect(result.fieldErrors?.reason).toBeTruthy();
      }
      expect(await auditSince(before)).toEqual([]);
    });

  it("succeeds for each allowed role and writes exactly one audit row of its success (and, for a call to the service, one before it)", async () => {
    for (const role of action.roles) {
      newStaffRequest();
      await signInAs(db(), usernames[role]);
      const input = await action.input();
      const before = await latestAuditId();
      const result = await run(action.action, input);
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
      const rows = await auditSince(before);
      const succeeded = rows.filter((row) => row.outcome === "succeeded");
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0]).toMatchObject({
        action: action.audit,
        actor: usernames[role],
        actorRole: role,
        ip: "198.51.100.23",
      });
      if (action.reason) expect(succeeded[0]!.reason).toBe(input.reason);
      if (action.coded) expect(succeeded[0]!.reasonCode).toBe(input.reasonCode);
      expect(rows.map((row) => row.outcome)).toEqual(action.remote ? ["attempted", "succeeded"] : ["succeeded"]);
      expect(new Set(rows.map((row) => row.requestId)).size).toBe(1);
    }
  });
});

describe("addresses and origins a client cannot choose", () => {
  it("audits the socket's address, not a forged X-Forwarded-For, and refuses an Origin matched only by a forged X-Forwarded-Host", async () => {
    newStaffRequest();
    await signInAs(db(), "staff.admin");
    staffRequest.headers.set("x-forwarded-for", "203.0.113.250");
    const before = await latestAuditId();
    const credit = cases.find((candidate) => candidate.audit === "points.credited")!;
    expect(await run(credit.action, await credit.input())).toMatchObject({ ok: true });
    const rows = await auditSince(before);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.ip === "198.51.100.23")).toBe(true);

    // The attacker's page names its own host in X-Forwarded-Host to pass the Origin check: not from an untrusted peer.
    staffRequest.headers.set("origin", "https://evil.example");
    staffRequest.headers.set("x-forwarded-host", "evil.example");
    const mark = await latestAuditId();
    expect(await run(credit.action, await credit.input())).toMatchObject({ ok: false, code: "forbidden" });
    expect(await auditSince(mark)).toEqual([]);
  });
});

describe("what the staff actions do", () => {
  it("refunds a completed order as staff: points and card refund on the timeline, the points back in the balance", async () => {
    await signInAs(db(), "staff.admin");
    const agent = { agentId: "tests", tokens: partnerClientTokens() };
    const balance = async () =>
      (await loyaltyService().retrieveAccountAsAgent("NORTHSTAR", member1, agent)).balance?.amount;
    const order = await completedOrder(db(), harness, { points: 4_000, cashMinor: 14_000 });
    const afterPurchase = await balance();
    const result = await refundOrderAction({
      membershipNumber: member1,
      orderId: order.id,
      formKey: randomUUID(),
      reasonCode: "complaint",
      reason: "Goodwill refund",
    });
    expect(result).toEqual({ ok: true, data: { requested: false, state: "cancelled", status: "Cancelled" } });
    expect(await balance()).toBe(afterPurchase! + 4_000);
    const facts = await orderFacts(db(), order.id);
    expect(facts.pointsKept).toBe(0);
    expect(facts.cashKept).toBe(0);
    // Staff read who refunded it and why; the member reads customer care's refund, never the name or the note.
    const refunded = await findMemberOrder(member1, order.id, {}, "staff");
    const steps = refunded!.timeline.map((entry) => entry.step);
    expect(steps.slice(0, 5)).toEqual(["priced", "card_authorised", "points_debited", "capturing", "completed"]);
    expect(steps).toContain("cancelling");
    expect(steps.at(-1)).toBe("cancelled");
    expect(refunded!.timeline.find((entry) => entry.step === "cancelling")!.description).toBe(
      "Refund by staff.admin of staff: Goodwill refund",
    );
    expect(refunded!.timeline.some((entry) => entry.call?.operation.includes("P6"))).toBe(true);
    expect(refunded!.timeline.some((entry) => entry.call?.operation.includes("refund"))).toBe(true);
    const membersView = await findMemberOrder(member1, order.id);
    expect(membersView!.timeline.map((entry) => entry.step)).toEqual(steps);
    expect(JSON.stringify(membersView)).not.toMatch(/staff\.admin|Goodwill refund|of staff/);
    expect(membersView!.timeline.find((entry) => entry.step === "cancelling")).toMatchObject({
      description: "Refunded by Northstar Club customer care",
      customerCare: { action: "refund", programme: "Northstar Club" },
    });

    // A second refund of it is refused before anything is sent, and audited not at all.
    const mark = await latestAuditId();
    const again = { membershipNumber: member1, orderId: order.id, formKey: randomUUID(), reasonCode: "complaint" };
    expect(await refundOrderAction(again)).toMatchObject({
      ok: false,
      code: "refused",
    });
    expect(await auditSince(mark)).toEqual([]);
  });

  it("lists the orders needing attention oldest first, and settles one with the reason on its timeline", async () => {
    const older = await attentionOrder(db(), "the debit's outcome could not be learnt", 600);
    const newer = await attentionOrder(db(), "the reversal window closed", 5);
    const listed = (await listAttentionOrders(db())).map((entry) => entry.order.id);
    expect(listed.indexOf(older)).toBeLessThan(listed.indexOf(newer));
    expect(listed.indexOf(older)).toBeGreaterThanOrEqual(0);

    await signInAs(db(), "staff.admin");
    const result = await settleOrderAction({
      membershipNumber: member1,
      orderId: older,
      outcome: "points_returned",
      reasonCode: "data_correction",
      reason: "Reversal found in the ledger",
    });
    expect(result).toEqual({ ok: true, data: { state: "points_returned" } });
    const settled = await findMemberOrder(member1, older, {}, "staff");
    expect(settled!.state).toBe("points_returned");
    expect(settled!.timeline.at(-1)!.description).toBe(
      "Settled by staff.admin of staff (points already returned): Reversal found in the ledger",
    );
    const membersView = await findMemberOrder(member1, older);
    expect(JSON.stringify(membersView)).not.toMatch(/staff\.admin|Reversal found in the ledger|of staff/);
    expect(membersView!.timeline.at(-1)).toMatchObject({
      description: "Settled by Northstar Club customer care",
      customerCare: { action: "settlement", programme: "Northstar Club" },
    });
    expect((await listAttentionOrders(db())).map((entry) => entry.order.id)).not.toContain(older);
    // Settled once: a second settlement is refused.
    expect(
      await settleOrderAction({
        membershipNumber: member1,
        orderId: older,
        outcome: "cancelled",
        reasonCode: "other",
        reason: "Again",
      }),
    ).toMatchObject({ ok: false, code: "refused" });
  });

  it("signs in through the login form's action with its own cookie, and a wrong password writes no audit row", async () => {
    const form = (username: string, password: string) => {
      const data = new FormData();
      data.set("username", username);
      data.set("password", password);
      data.set("next", "/staff/members/3081000000000012");
      return data;
    };
    const before = await latestAuditId();
    expect(await signInStaffAction({}, form("staff.agent", "not-the-password"))).toEqual({
      refusal: { ok: false, code: "refused", message: "The username or password is incorrect." },
      username: "staff.agent",
    });
    expect(await auditSince(before)).toEqual([]);
    expect(staffRequest.jar.has(staffCookie)).toBe(false);

    // Through the portal's wrapper: the one action result, blank fields said under each field.
    expect(await signInStaffAction({}, form("", ""))).toEqual({
      refusal: {
        ok: false,
        code: "invalid",
        message: "Some details need correcting.",
        fieldErrors: { username: "Enter your username.", password: "Enter your password." },
      },
      username: "",
    });
    // A post from another site is refused before the password is tried, even with the right one.
    newStaffRequest("https://evil.example");
    expect(await signInStaffAction({}, form("staff.agent", "Sandbox#2026"))).toMatchObject({
      refusal: { ok: false, code: "forbidden" },
    });
    expect(staffRequest.jar.has(staffCookie)).toBe(false);
    expect(await auditSince(before)).toEqual([]);
    newStaffRequest();

    const redirected = await signInStaffAction({}, form("staff.agent", "Sandbox#2026")).catch(
      (error: unknown) => error,
    );
    expect(isRedirectError(redirected)).toBe(true);
    expect((redirected as { digest: string }).digest).toContain("/staff/members/3081000000000012");
    expect(staffRequest.jar.has(staffCookie)).toBe(true);
    expect((await auditSince(before)).map((row) => [row.action, row.actor])).toEqual([
      ["staff.signed_in", "staff.agent"],
    ]);
  });

  it("changes the member's email through P8 as the agent, with before and after in the audit trail", async () => {
    await signInAs(db(), "staff.agent");
    const values = await membershipValues(shopper);
    const before = await latestAuditId();
    const result = await updateMemberProfileAction({
      membershipNumber: shopper,
      values: { ...values, email: "casey.audit@example.com" },
      reasonCode: "data_correction",
      reason: "Member's new address",
    });
    expect(result).toEqual({ ok: true, data: { changed: ["Email address"] } });
    expect((await membershipValues(shopper)).email).toBe("CASEY.AUDIT@EXAMPLE.COM");
    const [attempted, succeeded] = await auditSince(before);
    expect(attempted).toMatchObject({
      outcome: "attempted",
      membershipNumber: shopper,
      before: { email: values.email },
      after: { email: "casey.audit@example.com" },
    });
    expect(succeeded).toMatchObject({
      outcome: "succeeded",
      before: { email: values.email },
      after: { email: "CASEY.AUDIT@EXAMPLE.COM" },
    });

    // A value the contract refuses is refused on its field before any call: nothing sent, nothing audited.
    const mark = await latestAuditId();
    const refused = await updateMemberProfileAction({
      membershipNumber: shopper,
      values: { ...(await membershipValues(shopper)), email: "no-at-sign" },
      reasonCode: "data_correction",
      reason: "Typo on purpose",
    });
    expect(refused).toMatchObject({ ok: false, code: "invalid" });
    if (!refused.ok) expect(Object.keys(refused.fieldErrors ?? {})).toEqual(["email"]);
    expect(await auditSince(mark)).toEqual([]);
  });

  it("credits goodwill points once per form, whatever the double clicks", async () => {
    await signInAs(db(), "staff.admin");
    const formKey = randomUUID();
    const input = {
      membershipNumber: member1,
      points: "1000",
      reasonCode: "service_recovery",
      reason: "Lost luggage",
      formKey,
    };
    const agent = { agentId: "tests", tokens: partnerClientTokens() };
    const balance = async () =>
      (await loyaltyService().retrieveAccountAsAgent("NORTHSTAR", member1, agent)).balance?.amount;
    const start = await balance();
    const first = await creditPointsAction(input);
    const second = await creditPointsAction(input);
    expect(first).toMatchObject({ ok: true, data: { points: 1000 } });
    expect(second).toMatchObject({ ok: true, data: { points: 1000 } });
    if (!first.ok || !second.ok) return;
    expect(first.data.balanceAfter).toBe(start! + 1000);
    expect(second.data.balanceAfter).toBe(first.data.balanceAfter);
    expect(await balance()).toBe(start! + 1000);
  });

  it("ends a disabled account's sessions at once: its next action is refused", async () => {
    const insert = await prepareStaffAccount("leaving.agent", "AGENT");
    const created = (await db().transaction((tx) => insert(tx, "tests"))).result;
    newStaffRequest();
    await signInAs(db(), "leaving.agent", created.password);
    const agentJar = staffRequest.jar;

    newStaffRequest();
    await signInAs(db(), "staff.admin");
    expect(await disableStaffAccountAction({ staffId: created.id, reason: "Left" })).toMatchObject({
      ok: true,
      data: { sessionsEnded: 1 },
    });
    expect(await db().select().from(staffSessions).where(eq(staffSessions.staffId, created.id))).toEqual([]);
    const [account] = await db().select().from(staffAccounts).where(eq(staffAccounts.id, created.id));
    expect(account!.disabledAt).not.toBeNull();

    staffRequest.jar = agentJar;
    expect(await revealContactAction({ membershipNumber: member1 })).toMatchObject({
      ok: false,
      code: "unauthenticated",
    });
    // Nobody disables their own account.
    newStaffRequest();
    await signInAs(db(), "staff.admin");
    const [self] = await db().select().from(staffAccounts).where(eq(staffAccounts.username, "staff.admin"));
    expect(await disableStaffAccountAction({ staffId: self!.id, reason: "Oops" })).toMatchObject({
      ok: false,
      code: "refused",
    });
  });

  it("reveals an agent's masked contact details in full, and the audit row names what, not the values", async () => {
    await signInAs(db(), "staff.agent");
    const result = await revealContactAction({ membershipNumber: member1 });
    expect(result).toMatchObject({ ok: true, data: { masked: false } });
    const [row] = await db()
      .select()
      .from(staffAuditEvents)
      .where(eq(staffAuditEvents.action, "member.contact_revealed"))
      .orderBy(desc(staffAuditEvents.id))
      .limit(1);
    expect(JSON.stringify(row!.after)).not.toContain("@");
  });
});
