import { randomUUID } from "node:crypto";
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { staffAccounts, staffAdjustments, staffAuditEvents, staffRoleLimits } from "@/server/portal/db/schema";
import { partnerClientTokens } from "@/server/portal/agent-tokens";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { approveRequestAction } from "@/server/portal/staff/actions/approve-request-action";
import { creditPointsAction } from "@/server/portal/staff/actions/credit-points-action";
import { refundOrderAction } from "@/server/portal/staff/actions/refund-order-action";
import { rejectRequestAction } from "@/server/portal/staff/actions/reject-request-action";
import { decideStaffRequest } from "@/server/portal/staff/approve-staff-request";
import { prepareStaffAccount } from "@/server/portal/staff/create-staff-account";
import { listPendingRequests } from "@/server/portal/staff/list-staff-requests";
import { goodwillPointsToday, recordStaffAdjustment } from "@/server/portal/staff/record-staff-adjustment";
import { openStaffAudit } from "@/server/portal/staff/staff-action-audit";
import type { StaffSession } from "@/server/portal/staff/staff-session";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { checkoutFetch, checkoutHarness } from "../support/checkout-harness";
import { completedOrder } from "../support/staff-orders";
import { newStaffRequest, signInAs } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
/** Run once a refund has been checked and before it is sent: where a member's own cancellation can come in between. */
let afterRefundChecked: (() => Promise<void>) | undefined;
vi.mock("@/server/portal/staff/refund-order", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/server/portal/staff/refund-order")>();
  return {
    ...original,
    planOrderRefund: async (...args: Parameters<typeof original.planOrderRefund>) => {
      const planned = await original.planOrderRefund(...args);
      const between = afterRefundChecked;
      afterRefundChecked = undefined;
      await between?.();
      return planned;
    },
  };
});

process.env.NEXTAUTH_SECRET ??= "staff-approvals-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);
const member1 = "3081000000000001";
const agent = { agentId: "tests", tokens: partnerClientTokens() };
const balance = async () =>
  (await loyaltyService().retrieveAccountAsAgent("NORTHSTAR", member1, agent)).balance?.amount;

/** The one-time passwords of the administrators the tests create. */
const passwords = new Map<string, string>();

beforeAll(async () => {
  vi.stubGlobal("fetch", checkoutFetch().fetch);
  for (const username of ["second.admin", "third.admin"]) {
    const insert = await prepareStaffAccount(username, "ADMIN");
    passwords.set(username, (await db().transaction((tx) => insert(tx, "tests"))).result.password);
  }
});
beforeEach(() => newStaffRequest());

/** A member of staff's session as the console holds it, for deciding outside a request (two at once). */
async function sessionOf(username: string): Promise<StaffSession> {
  const [account] = await db().select().from(staffAccounts).where(eq(staffAccounts.username, username));
  return {
    staffId: account!.id,
    username,
    agentId: account!.agentId,
    role: "ADMIN",
    sessionIdHash: "0".repeat(64),
  };
}

async function signInAsSecondAdmin(): Promise<void> {
  await signInAs(db(), "second.admin", passwords.get("second.admin"));
}

async function auditOf(requestId: string) {
  const rows = await db().select().from(staffAuditEvents).orderBy(staffAuditEvents.id);
  return rows.filter((row) => JSON.stringify(row.after ?? {}).includes(requestId));
}

async function requestCredit(points: number, reasonCode = "flight_disruption") {
  await signInAs(db(), "staff.admin");
  const result = await creditPointsAction({
    membershipNumber: member1,
    points: String(points),
    reasonCode,
    reason: "Three cancelled flights in a row",
    formKey: randomUUID(),
  });
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true, data: { requested: true } });
  return result.ok ? result.data.requestId : "";
}

describe("four eyes on large goodwill credits", () => {
  it("stores a credit above the threshold as a request; the requester cannot approve it; another administrator's approval credits once", async () => {
    const start = await balance();
    const requestId = await requestCredit(20_000);
    expect(await balance()).toBe(start);
    const [stored] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.id, requestId));
    expect(stored).toMatchObject({ status: "pending", points: 20_000, requestedBy: "staff.admin" });
    expect(stored!.expiresAt!.getTime() - stored!.requestedAt.getTime()).toBe(4_320 * 60_000);
    const requested = await db()
      .select()
      .from(staffAuditEvents)
      .where(eq(staffAuditEvents.action, "points.credit_requested"))
      .orderBy(desc(staffAuditEvents.id))
      .limit(1);
    expect(requested[0]).toMatchObject({ outcome: "succeeded", reasonCode: "flight_disruption", actor: "staff.admin" });

    // The requester may not approve or reject it.
    for (const decide of [approveRequestAction, rejectRequestAction]) {
      expect(await decide({ requestId })).toMatchObject({
        ok: false,
        code: "refused",
        message: "You made this request: another administrator must approve or reject it.",
      });
    }
    expect(await balance()).toBe(start);

    newStaffRequest();
    await signInAsSecondAdmin();
    const approved = await approveRequestAction({ requestId, note: "Checked the booking" });
    expect(approved, JSON.stringify(approved)).toMatchObject({
      ok: true,
      data: { decision: "approve", kind: "goodwill_credit", credit: { points: 20_000 } },
    });
    expect(await balance()).toBe(start! + 20_000);
    // A second click is refused in words, and credits nothing more.
    expect(await approveRequestAction({ requestId })).toMatchObject({
      ok: false,
      message: "This request was already approved by you.",
    });
    expect(await balance()).toBe(start! + 20_000);

    const [done] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.id, requestId));
    expect(done).toMatchObject({ status: "performed", decidedBy: "second.admin", decisionNote: "Checked the booking" });
    const lines = (await auditOf(requestId)).map((row) => [row.action, row.outcome, row.actor, row.reasonCode]);
    expect(lines).toEqual([
      ["points.credit_requested", "succeeded", "staff.admin", "flight_disruption"],
      ["request.approved", "succeeded", "second.admin", "flight_disruption"],
    ]);
    const credited = await db()
      .select()
      .from(staffAuditEvents)
      .where(and(eq(staffAuditEvents.action, "points.credited"), eq(staffAuditEvents.actor, "second.admin")));
    expect(credited.map((row) => [row.outcome, row.reasonCode])).toEqual([
      ["attempted", "flight_disruption"],
      ["succeeded", "flight_disruption"],
    ]);
  });

  it("fails, in words, the approval of a credit whose member can no longer be found, and the trail says so", async () => {
    // Requested while the member was found (a request is stored only then); gone by the time it is approved.
    const gone = "3081000000009999";
    const now = new Date();
    const { adjustment: request } = await recordStaffAdjustment(
      db(),
      { username: "staff.admin", role: "ADMIN" },
      {
        kind: "goodwill_credit",
        formKey: randomUUID(),
        membershipNumber: gone,
        points: 20_000,
        reasonCode: "complaint",
        expiresAt: new Date(now.getTime() + 60 * 60_000),
      },
      now,
    );
    expect(request.status).toBe("pending");
    newStaffRequest();
    await signInAsSecondAdmin();
    const words = "There is no member of ours with this membership number.";
    expect(await approveRequestAction({ requestId: request.id })).toMatchObject({
      ok: false,
      code: "refused",
      message: words,
    });
    const [done] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.id, request.id));
    expect(done).toMatchObject({ status: "failed", result: { error: { kind: "refused", message: words } } });

    // The credit it did not send: failed with the same words, and no attempt, since none was made.
    const credited = await db()
      .select()
      .from(staffAuditEvents)
      .where(and(eq(staffAuditEvents.action, "points.credited"), eq(staffAuditEvents.targetId, gone)));
    expect(credited.map((row) => [row.outcome, row.actor, row.reasonCode])).toEqual([
      ["failed", "second.admin", "complaint"],
    ]);
    expect(credited[0]).toMatchObject({
      targetType: "member",
      membershipNumber: gone,
      after: { error: { kind: "refused", message: words } },
    });
  });

  it("credits once when two administrators approve the same request at the same moment", async () => {
    const start = await balance();
    const requestId = await requestCredit(15_000, "complaint");
    const approvers = await Promise.all(["second.admin", "third.admin"].map(sessionOf));
    const outcomes = await Promise.allSettled(
      approvers.map(async (staff) => {
        const audit = await openStaffAudit({
          staff,
          action: "request.approved",
          reason: undefined,
          requestId: randomUUID(),
        });
        return decideStaffRequest({ ...audit.context, staff }, { requestId }, "approve");
      }),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason.message)).toMatch(/^This request was already approved by (second|third)\.admin\.$/);
    expect(await balance()).toBe(start! + 15_000);
    expect(
      (await auditOf(requestId)).filter((row) => row.action === "request.approved").map((row) => row.outcome),
    ).toEqual(["succeeded"]);
  });

  it("refuses, in the database, a decision by the one who asked", async () => {
    const requestId = await requestCredit(11_000);
    const error = await db()
      .update(staffAdjustments)
      .set({ status: "approved", decidedBy: "staff.admin", decidedAt: new Date() })
      .where(eq(staffAdjustments.id, requestId))
      .then(
        () => undefined,
        (caught: unknown) => caught as Error & { cause?: Error },
      );
    expect(`${error?.message} ${error?.cause?.message ?? ""}`).toMatch(/staff_adjustments_four_eyes/);
  });

  it("lets a rejected request credit nothing, and an expired one be neither listed nor approved", async () => {
    const start = await balance();
    const rejectedId = await requestCredit(12_000);
    const expiredId = await requestCredit(13_000);
    await db()
      .update(staffAdjustments)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(staffAdjustments.id, expiredId));

    newStaffRequest();
    await signInAsSecondAdmin();
    expect(await rejectRequestAction({ requestId: rejectedId, note: "No booking found" })).toMatchObject({
      ok: true,
      data: { decision: "reject" },
    });
    expect(await approveRequestAction({ requestId: rejectedId })).toMatchObject({
      ok: false,
      message: "This request was already rejected by you.",
    });
    expect(await approveRequestAction({ requestId: expiredId })).toMatchObject({
      ok: false,
      message: "This request has expired. Nothing was done; it can be made again.",
    });
    expect(await balance()).toBe(start);
    const pending = await listPendingRequests(db(), new Date(), 1, 100);
    expect(pending.rows.map((row) => row.id)).not.toContain(expiredId);
    expect(pending.rows.map((row) => row.id)).not.toContain(rejectedId);
  });
});

describe("the daily goodwill limit", () => {
  it("refuses the credit that would exceed it, with a clear message, and counts requests waiting for approval", async () => {
    await db().update(staffRoleLimits).set({ dailyGoodwillPoints: 1_000_000 }).where(eq(staffRoleLimits.role, "ADMIN"));
    newStaffRequest();
    await signInAs(db(), "staff.admin");
    // Today's use so far, whatever the tests above left: the limit is set just above it.
    const today = await goodwillPointsToday(db(), "staff.admin", new Date());
    await db()
      .update(staffRoleLimits)
      .set({ dailyGoodwillPoints: today + 5_000 })
      .where(eq(staffRoleLimits.role, "ADMIN"));

    const start = await balance();
    const allowed = await creditPointsAction({
      membershipNumber: member1,
      points: "3000",
      reasonCode: "service_recovery",
      formKey: randomUUID(),
    });
    expect(allowed).toMatchObject({ ok: true, data: { requested: false, points: 3_000 } });
    const mark = (await db().select().from(staffAuditEvents).orderBy(desc(staffAuditEvents.id)).limit(1))[0]!.id;
    const refused = await creditPointsAction({
      membershipNumber: member1,
      points: "2500",
      reasonCode: "service_recovery",
      formKey: randomUUID(),
    });
    expect(refused).toMatchObject({
      ok: false,
      code: "invalid",
      message: `This would take you over your daily limit of ${(today + 5_000).toLocaleString("en-GB")} goodwill points: you can credit 2,000 more today.`,
    });
    expect(await balance()).toBe(start! + 3_000);
    // Nothing was stored or sent for the refused credit.
    expect(await db().select().from(staffAuditEvents).where(gt(staffAuditEvents.id, mark))).toEqual([]);

    // Agents credit none: their role is refused before any limit, and the attempt is recorded.
    newStaffRequest();
    await signInAs(db(), "staff.agent");
    expect(
      await creditPointsAction({
        membershipNumber: member1,
        points: "1",
        reasonCode: "complaint",
        formKey: randomUUID(),
      }),
    ).toMatchObject({ ok: false, code: "forbidden" });
    await db().update(staffRoleLimits).set({ dailyGoodwillPoints: 100_000 }).where(eq(staffRoleLimits.role, "ADMIN"));
  });
});

describe("the daily goodwill limit under two credits at once", () => {
  it("lets only one of two credits that each fit, but not together, be stored", async () => {
    const staff = { username: "third.admin", role: "ADMIN" as const };
    const now = new Date();
    const used = await goodwillPointsToday(db(), staff.username, now);
    await db()
      .update(staffRoleLimits)
      .set({ dailyGoodwillPoints: used + 8_000 })
      .where(eq(staffRoleLimits.role, "ADMIN"));
    const credit = () =>
      recordStaffAdjustment(
        db(),
        staff,
        {
          kind: "goodwill_credit",
          formKey: randomUUID(),
          membershipNumber: member1,
          points: 5_000,
          reasonCode: "complaint",
          expiresAt: null,
        },
        now,
      );
    const outcomes = await Promise.allSettled([credit(), credit()]);
    await db().update(staffRoleLimits).set({ dailyGoodwillPoints: 100_000 }).where(eq(staffRoleLimits.role, "ADMIN"));
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason.message)).toMatch(/you can credit 3,000 more today\.$/);
    expect(await goodwillPointsToday(db(), staff.username, now)).toBe(used + 5_000);
  });
});

describe("four eyes on large refunds", () => {
  it("stores a refund above the cash threshold as a request, and another administrator's approval refunds the order", async () => {
    await signInAs(db(), "staff.admin");
    const order = await completedOrder(db(), harness, { points: 2_000, cashMinor: 30_000 });
    const afterPurchase = await balance();
    const result = await refundOrderAction({
      membershipNumber: member1,
      orderId: order.id,
      formKey: randomUUID(),
      reasonCode: "complaint",
    });
    expect(result).toMatchObject({ ok: true, data: { requested: true, state: "completed" } });
    expect((await findMemberOrder(member1, order.id, {}, "staff"))!.state).toBe("completed");

    const [request] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.orderId, order.id));
    expect(request).toMatchObject({ kind: "order_refund", status: "pending", cashMinor: 30_000 });

    newStaffRequest();
    await signInAsSecondAdmin();
    const approved = await approveRequestAction({ requestId: request!.id });
    expect(approved, JSON.stringify(approved)).toMatchObject({
      ok: true,
      data: { kind: "order_refund", refund: { state: "cancelled" } },
    });
    expect(await balance()).toBe(afterPurchase! + 2_000);
    const [done] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.id, request!.id));
    expect(done!.status).toBe("performed");
  });

  it("fails, rather than calls refunded, a refund within the threshold the member's own cancellation overtook", async () => {
    await signInAs(db(), "staff.admin");
    const order = await completedOrder(db(), harness, { points: 2_000, cashMinor: 9_000 });
    const afterPurchase = await balance();
    afterRefundChecked = async () => {
      expect(await cancelledByMember(order.id)).toMatchObject({ kind: "cancelled" });
    };
    const words =
      "This order was already cancelled by the member, not by this refund: nothing more was refunded. The member's own cancellation returns their points and payment.";
    const result = await refundOrderAction({
      membershipNumber: member1,
      orderId: order.id,
      formKey: randomUUID(),
      reasonCode: "complaint",
    });
    expect(result).toMatchObject({ ok: false, code: "refused", message: words });
    expect(afterRefundChecked).toBeUndefined();
    // Sent at once, not stored as a request; the points came back once, by the member's cancellation.
    expect(await db().select().from(staffAdjustments).where(eq(staffAdjustments.orderId, order.id))).toEqual([]);
    expect(await balance()).toBe(afterPurchase! + 2_000);
    const rows = await db()
      .select()
      .from(staffAuditEvents)
      .where(and(eq(staffAuditEvents.action, "order.refunded"), eq(staffAuditEvents.targetId, order.id)))
      .orderBy(staffAuditEvents.id);
    expect(rows.map((row) => [row.outcome, row.actor])).toEqual([
      ["attempted", "staff.admin"],
      ["failed", "staff.admin"],
    ]);
    expect(rows[1]!.after).toEqual({ error: { kind: "refused", message: words } });
  });

  /** A completed order of member1 whose refund staff.admin asked for: a pending request, as second.admin sees it. */
  async function requestedRefund(): Promise<{ orderId: string; requestId: string }> {
    await signInAs(db(), "staff.admin");
    const order = await completedOrder(db(), harness, { points: 2_000, cashMinor: 30_000 });
    const result = await refundOrderAction({
      membershipNumber: member1,
      orderId: order.id,
      formKey: randomUUID(),
      reasonCode: "complaint",
    });
    expect(result).toMatchObject({ ok: true, data: { requested: true } });
    const [request] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.orderId, order.id));
    newStaffRequest();
    await signInAsSecondAdmin();
    return { orderId: order.id, requestId: request!.id };
  }
  const cancelledByMember = (orderId: string) =>
    cancelOrder({ orderId, actor: { kind: "member", membershipNumber: member1 } }, harness.deps());

  it("fails, in words, the approval of a refund whose order the member has cancelled since, and the trail says so", async () => {
    const { orderId, requestId } = await requestedRefund();
    const afterPurchase = await balance();
    await cancelledByMember(orderId);
    const words = "Only a completed order can be refunded; this one is cancelled.";
    expect(await approveRequestAction({ requestId })).toMatchObject({ ok: false, code: "refused", message: words });
    const [done] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.id, requestId));
    expect(done).toMatchObject({
      status: "failed",
      performedAt: null,
      result: { error: { kind: "refused", message: words } },
    });
    expect(await balance()).toBe(afterPurchase! + 2_000);

    // The approval, then the refund it did not send: failed with the same words, and no attempt, since none was made.
    const rows = await db()
      .select()
      .from(staffAuditEvents)
      .where(
        and(
          inArray(staffAuditEvents.action, ["request.approved", "order.refunded"]),
          eq(staffAuditEvents.targetId, orderId),
        ),
      )
      .orderBy(staffAuditEvents.id);
    expect(rows.map((row) => [row.action, row.outcome, row.actor])).toEqual([
      ["request.approved", "succeeded", "second.admin"],
      ["order.refunded", "failed", "second.admin"],
    ]);
    expect(rows[1]).toMatchObject({
      targetType: "order",
      membershipNumber: member1,
      reasonCode: "complaint",
      requestId: rows[0]!.requestId,
      before: { state: "cancelled" },
      after: { error: { kind: "refused", message: words } },
    });
  });

  it("fails, rather than calls performed, an approval the member's own cancellation overtook", async () => {
    const { orderId, requestId } = await requestedRefund();
    const afterPurchase = await balance();
    // Completed when the approval checked it; cancelled by the member before the approval's refund reached it.
    afterRefundChecked = async () => {
      expect(await cancelledByMember(orderId)).toMatchObject({ kind: "cancelled" });
    };
    const words =
      "This order was already cancelled by the member, not by this request: nothing more was refunded. The member's own cancellation returns their points and payment.";
    expect(await approveRequestAction({ requestId })).toMatchObject({ ok: false, code: "refused", message: words });
    expect(afterRefundChecked).toBeUndefined();
    const [done] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.id, requestId));
    expect(done).toMatchObject({ status: "failed", result: { error: { kind: "refused", message: words } } });
    expect(await balance()).toBe(afterPurchase! + 2_000);
    const rows = await db()
      .select()
      .from(staffAuditEvents)
      .where(and(eq(staffAuditEvents.action, "order.refunded"), eq(staffAuditEvents.targetId, orderId)))
      .orderBy(staffAuditEvents.id);
    expect(rows.map((row) => [row.outcome, row.actor])).toEqual([
      ["attempted", "second.admin"],
      ["failed", "second.admin"],
    ]);
    expect(rows[1]!.after).toEqual({ error: { kind: "refused", message: words } });
  });
});
