import { randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { staffAdjustments, staffAuditEvents, staffRoleLimits } from "@/server/portal/db/schema";
import { partnerClientTokens } from "@/server/portal/agent-tokens";
import { loyaltyService } from "@/server/portal/loyalty-service";
import { approveRequestAction } from "@/server/portal/staff/actions/approve-request-action";
import { creditPointsAction } from "@/server/portal/staff/actions/credit-points-action";
import { refundOrderAction } from "@/server/portal/staff/actions/refund-order-action";
import { resendRequestAction } from "@/server/portal/staff/actions/resend-request-action";
import { prepareStaffAccount } from "@/server/portal/staff/create-staff-account";
import { cancelOrder } from "@/server/portal/checkout/cancel-order";
import { findMemberOrder } from "@/server/portal/checkout/find-member-order";
import { checkoutFetch, checkoutHarness } from "../support/checkout-harness";
import { completedOrder } from "../support/staff-orders";
import { newStaffRequest, signInAs } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

process.env.NEXTAUTH_SECRET ??= "staff-resend-test-secret-of-at-least-thirty-two-characters";

const { db } = setupTestDatabase();
const harness = checkoutHarness(db);
const member1 = "3081000000000001";
const agent = { agentId: "tests", tokens: partnerClientTokens() };
const balance = async () =>
  (await loyaltyService().retrieveAccountAsAgent("NORTHSTAR", member1, agent)).balance?.amount;

/** The one-time passwords of the administrators the tests create. */
const passwords = new Map<string, string>();

/**
 * How the service answers P4 (the credit): `up`; `down`, the call never
 * arrives; `answer-lost`, the service credits but its answer never comes
 * back. Either way the portal's client sees no answer at all.
 */
let credits: "up" | "down" | "answer-lost" = "up";
const p4Calls: { idempotencyKey: string | null }[] = [];

beforeAll(async () => {
  const wire = checkoutFetch();
  vi.stubGlobal("fetch", async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    if (method !== "POST" || !new URL(url).pathname.endsWith("/credit-transaction-requests"))
      return wire.fetch(input, init);
    // The header is a Structured Field String ("…"): the key is what is inside the quotes.
    const key = new Headers(init?.headers).get("Idempotency-Key");
    p4Calls.push({ idempotencyKey: key?.replace(/^"(.*)"$/, "$1") ?? null });
    if (credits === "down") throw new TypeError("fetch failed");
    const answer = await wire.fetch(input, init);
    if (credits === "answer-lost") {
      await answer.text();
      throw new TypeError("fetch failed: the connection was reset");
    }
    return answer;
  });
  // Room for every request the tests make today: the daily limit is not what is tested here.
  await db().update(staffRoleLimits).set({ dailyGoodwillPoints: 1_000_000 }).where(eq(staffRoleLimits.role, "ADMIN"));
  for (const username of ["second.admin", "third.admin"]) {
    const insert = await prepareStaffAccount(username, "ADMIN");
    passwords.set(username, (await db().transaction((tx) => insert(tx, "tests"))).result.password);
  }
});
beforeEach(() => {
  credits = "up";
  newStaffRequest();
});

async function signInAsAdmin(username: "second.admin" | "third.admin"): Promise<void> {
  newStaffRequest();
  await signInAs(db(), username, passwords.get(username));
}

/** The latest audit row's id: the rows a test writes come after it. */
async function auditMark(): Promise<number> {
  const rows = await db().select({ id: staffAuditEvents.id }).from(staffAuditEvents);
  return Math.max(0, ...rows.map((row) => row.id));
}

async function auditSince(mark: number) {
  return db().select().from(staffAuditEvents).where(gt(staffAuditEvents.id, mark)).orderBy(staffAuditEvents.id);
}

async function adjustment(id: string) {
  const [row] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.id, id));
  return row!;
}

/** A large credit asked by staff.admin and approved by second.admin while P4 gets no answer: it ends unknown. */
async function unknownCredit(points: number, p4: "down" | "answer-lost"): Promise<string> {
  newStaffRequest();
  await signInAs(db(), "staff.admin");
  const requested = await creditPointsAction({
    membershipNumber: member1,
    points: String(points),
    reasonCode: "flight_disruption",
    reason: "Three cancelled flights in a row",
    formKey: randomUUID(),
  });
  expect(requested, JSON.stringify(requested)).toMatchObject({ ok: true, data: { requested: true } });
  const requestId = requested.ok ? requested.data.requestId : "";

  await signInAsAdmin("second.admin");
  credits = p4;
  const approved = await approveRequestAction({ requestId });
  credits = "up";
  expect(approved).toMatchObject({
    ok: false,
    code: "unavailable",
    message: "The loyalty service did not answer. The change may or may not have been made: check before trying again.",
  });
  expect(await adjustment(requestId)).toMatchObject({
    status: "unknown",
    decidedBy: "second.admin",
    result: { error: { kind: "unavailable" } },
  });
  return requestId;
}

/**
 * A completed order of member1 (points and card) whose refund staff.admin asked for and second.admin approved, but
 * whose saga got no answer: the request is left unknown, the order still completed.
 */
async function unknownRefund(): Promise<{ orderId: string; requestId: string }> {
  newStaffRequest();
  await signInAs(db(), "staff.admin");
  const order = await completedOrder(db(), harness, { points: 2_000, cashMinor: 30_000 });
  const requested = await refundOrderAction({
    membershipNumber: member1,
    orderId: order.id,
    formKey: randomUUID(),
    reasonCode: "complaint",
  });
  expect(requested).toMatchObject({ ok: true, data: { requested: true } });
  const [request] = await db().select().from(staffAdjustments).where(eq(staffAdjustments.orderId, order.id));
  // As an approval whose saga got no answer leaves it.
  await db()
    .update(staffAdjustments)
    .set({
      status: "unknown",
      decidedBy: "second.admin",
      decidedAt: new Date(),
      result: { error: { kind: "unavailable" } },
    })
    .where(and(eq(staffAdjustments.id, request!.id), eq(staffAdjustments.status, "pending")));
  return { orderId: order.id, requestId: request!.id };
}

describe("sending again a request whose outcome is unknown", () => {
  it("credits the points exactly once when the first call never arrived, as the administrator who sends it, audited", async () => {
    const start = await balance();
    const requestId = await unknownCredit(20_000, "down");
    expect(await balance()).toBe(start);

    const callsBefore = p4Calls.length;
    await signInAsAdmin("third.admin");
    const mark = await auditMark();
    const resent = await resendRequestAction({ requestId });
    expect(resent, JSON.stringify(resent)).toMatchObject({
      ok: true,
      data: { kind: "goodwill_credit", credit: { points: 20_000, balanceAfter: start! + 20_000 } },
    });
    expect(await balance()).toBe(start! + 20_000);

    // The same key as the approval's attempt: P4's `goodwill-<form key>`.
    const stored = await adjustment(requestId);
    expect(p4Calls.slice(callsBefore).map((call) => call.idempotencyKey)).toEqual([`goodwill-${stored.formKey}`]);
    expect(p4Calls[callsBefore - 1]!.idempotencyKey).toBe(`goodwill-${stored.formKey}`);
    // Performed; the approval stays the second administrator's.
    expect(stored).toMatchObject({ status: "performed", decidedBy: "second.admin", requestedBy: "staff.admin" });
    expect(stored.performedAt).toBeInstanceOf(Date);

    const rows = (await auditSince(mark)).map((row) => [row.action, row.outcome, row.actor, row.reasonCode]);
    expect(rows).toEqual([
      ["request.resent", "succeeded", "third.admin", "flight_disruption"],
      ["points.credited", "attempted", "third.admin", "flight_disruption"],
      ["points.credited", "succeeded", "third.admin", "flight_disruption"],
    ]);
    const [resentRow] = await auditSince(mark);
    expect(resentRow).toMatchObject({
      targetType: "member",
      membershipNumber: member1,
      before: { status: "unknown", requestedBy: "staff.admin", approvedBy: "second.admin" },
      after: { status: "approved", requestId, points: 20_000 },
    });

    // Sent again once more: refused in words, nothing sent, nothing credited, no audit row of a success.
    const again = await resendRequestAction({ requestId });
    expect(again).toMatchObject({
      ok: false,
      code: "refused",
      message: "This was already carried out: there is nothing to send again.",
    });
    expect(p4Calls.length).toBe(callsBefore + 1);
    expect(await balance()).toBe(start! + 20_000);
    expect((await auditSince(mark)).length).toBe(3);
  });

  it("credits nothing more when the first call did arrive: the service replays it under the same key", async () => {
    const start = await balance();
    const requestId = await unknownCredit(12_000, "answer-lost");
    // The service credited; the portal never heard.
    expect(await balance()).toBe(start! + 12_000);

    await signInAsAdmin("third.admin");
    const resent = await resendRequestAction({ requestId });
    expect(resent, JSON.stringify(resent)).toMatchObject({
      ok: true,
      data: { kind: "goodwill_credit", credit: { points: 12_000 } },
    });
    expect(await balance()).toBe(start! + 12_000);
    expect((await adjustment(requestId)).status).toBe("performed");
  });

  it("takes the service's duplicate of the credit's own identifier, once it no longer keeps the key, as done", async () => {
    const start = await balance();
    const requestId = await unknownCredit(10_200, "answer-lost");
    expect(await balance()).toBe(start! + 10_200);
    // Past the service's retention its key is purged: the same key is new, the credit's identifier is not.
    const { formKey } = await adjustment(requestId);
    await db().execute(sql`delete from loyalty.idempotency_keys where key = ${`goodwill-${formKey}`}`);

    await signInAsAdmin("third.admin");
    const resent = await resendRequestAction({ requestId });
    expect(resent, JSON.stringify(resent)).toMatchObject({
      ok: true,
      data: { kind: "goodwill_credit", credit: { points: 10_200, dateMade: null } },
    });
    expect(await balance()).toBe(start! + 10_200);
    expect((await adjustment(requestId)).status).toBe("performed");
  });

  it("stays unknown, and may be sent again, while the service still does not answer", async () => {
    const start = await balance();
    const requestId = await unknownCredit(11_000, "down");
    await signInAsAdmin("third.admin");
    credits = "down";
    expect(await resendRequestAction({ requestId })).toMatchObject({ ok: false, code: "unavailable" });
    expect((await adjustment(requestId)).status).toBe("unknown");
    credits = "up";
    expect(await resendRequestAction({ requestId })).toMatchObject({ ok: true });
    expect(await balance()).toBe(start! + 11_000);
  });

  it("lets one of two resends at once send it; the other is refused in words", async () => {
    const start = await balance();
    const requestId = await unknownCredit(10_500, "down");
    await signInAsAdmin("third.admin");
    const outcomes = await Promise.all([resendRequestAction({ requestId }), resendRequestAction({ requestId })]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.find((outcome) => !outcome.ok)).toMatchObject({ ok: false, code: "refused" });
    expect(await balance()).toBe(start! + 10_500);
  });

  it("refuses a request that failed with a definite answer, and one still pending", async () => {
    const start = await balance();
    const requestId = await unknownCredit(13_000, "down");
    // As if the service had refused it: a definite answer, which the same key would only repeat.
    await db()
      .update(staffAdjustments)
      .set({ status: "failed", result: { error: { kind: "service", status: 400, code: "REQUEST_INVALID" } } })
      .where(eq(staffAdjustments.id, requestId));
    await signInAsAdmin("third.admin");
    const mark = await auditMark();
    expect(await resendRequestAction({ requestId })).toMatchObject({
      ok: false,
      code: "refused",
      message:
        "This one failed with a clear answer, so sending it again would only get the same answer. Make a new one if it is still needed.",
    });
    expect((await adjustment(requestId)).status).toBe("failed");
    expect(await auditSince(mark)).toEqual([]);

    newStaffRequest();
    await signInAs(db(), "staff.admin");
    const pending = await creditPointsAction({
      membershipNumber: member1,
      points: "14000",
      reasonCode: "complaint",
      formKey: randomUUID(),
    });
    const pendingId = pending.ok ? pending.data.requestId : "";
    expect(await resendRequestAction({ requestId: pendingId })).toMatchObject({
      ok: false,
      message: "This request has not been approved yet: nothing has been sent.",
    });
    expect(await resendRequestAction({ requestId: randomUUID() })).toMatchObject({
      ok: false,
      message: "There is no such request.",
    });
    expect(await balance()).toBe(start);
  });

  it("refuses an agent, on the server, and records the refusal", async () => {
    const start = await balance();
    const requestId = await unknownCredit(15_000, "down");
    newStaffRequest();
    await signInAs(db(), "staff.agent");
    const mark = await auditMark();
    expect(await resendRequestAction({ requestId })).toMatchObject({
      ok: false,
      code: "forbidden",
      message: "Your role does not allow this.",
    });
    expect((await auditSince(mark)).map((row) => [row.action, row.outcome, row.actor])).toEqual([
      ["request.resent", "refused", "staff.agent"],
    ]);
    expect((await adjustment(requestId)).status).toBe("unknown");
    expect(await balance()).toBe(start);
  });

  it("sends a refund again through the order's saga, which refunds the order once", async () => {
    const { orderId, requestId } = await unknownRefund();
    const afterPurchase = await balance();

    await signInAsAdmin("third.admin");
    const mark = await auditMark();
    const resent = await resendRequestAction({ requestId });
    expect(resent, JSON.stringify(resent)).toMatchObject({
      ok: true,
      data: { kind: "order_refund", refund: { state: "cancelled" } },
    });
    expect(await balance()).toBe(afterPurchase! + 2_000);
    expect((await adjustment(requestId)).status).toBe("performed");
    expect((await auditSince(mark)).map((row) => [row.action, row.outcome, row.actor])).toEqual([
      ["request.resent", "succeeded", "third.admin"],
      ["order.refunded", "attempted", "third.admin"],
      ["order.refunded", "succeeded", "third.admin"],
    ]);

    // Unknown again (as if its answer had been lost), and sent again by another administrator (here the requester):
    // the order third.admin's resend refunded is answered as this request's, not refunded twice.
    await db().update(staffAdjustments).set({ status: "unknown" }).where(eq(staffAdjustments.id, requestId));
    newStaffRequest();
    await signInAs(db(), "staff.admin");
    expect(await resendRequestAction({ requestId })).toMatchObject({
      ok: true,
      data: { kind: "order_refund", refund: { state: "cancelled" } },
    });
    expect(await balance()).toBe(afterPurchase! + 2_000);
    expect((await adjustment(requestId)).status).toBe("performed");
    expect((await findMemberOrder(member1, orderId, {}, "staff"))!.state).toBe("cancelled");
  });

  it("fails, in words, a refund the member cancelled themselves meanwhile: nothing more refunded, nothing performed", async () => {
    const { orderId, requestId } = await unknownRefund();
    const afterPurchase = await balance();
    const cancelled = await cancelOrder(
      { orderId, actor: { kind: "member", membershipNumber: member1 } },
      harness.deps(),
    );
    expect(cancelled).toMatchObject({ kind: "cancelled", order: { state: "cancelled" } });
    expect(await balance()).toBe(afterPurchase! + 2_000);

    await signInAsAdmin("third.admin");
    const mark = await auditMark();
    const words =
      "This order was already cancelled by the member, not by this request: nothing more was refunded. The member's own cancellation returns their points and payment.";
    expect(await resendRequestAction({ requestId })).toMatchObject({ ok: false, code: "refused", message: words });
    expect(await adjustment(requestId)).toMatchObject({
      status: "failed",
      performedAt: null,
      result: { error: { kind: "refused", message: words } },
    });
    expect(await balance()).toBe(afterPurchase! + 2_000);

    // The trail says what happened: taken to send again, then the refund failed, with the words.
    const rows = await auditSince(mark);
    expect(rows.map((row) => [row.action, row.outcome, row.actor])).toEqual([
      ["request.resent", "succeeded", "third.admin"],
      ["order.refunded", "attempted", "third.admin"],
      ["order.refunded", "failed", "third.admin"],
    ]);
    expect(rows[2]).toMatchObject({
      targetType: "order",
      targetId: orderId,
      before: { state: "cancelled" },
      after: { error: { kind: "refused", message: words } },
    });

    // A definite answer: not offered again.
    expect(await resendRequestAction({ requestId })).toMatchObject({
      ok: false,
      message:
        "This one failed with a clear answer, so sending it again would only get the same answer. Make a new one if it is still needed.",
    });
  });

  it("fails a refund another member of staff made meanwhile, naming them", async () => {
    const { orderId, requestId } = await unknownRefund();
    const afterPurchase = await balance();
    // staff.admin asked for the request but never sent it: their own refund of the order is not this request's.
    await cancelOrder(
      { orderId, actor: { kind: "staff", username: "staff.admin", reason: "Refunded by telephone" } },
      harness.deps(),
    );
    await signInAsAdmin("third.admin");
    expect(await resendRequestAction({ requestId })).toMatchObject({
      ok: false,
      code: "refused",
      message:
        "This order was already refunded by staff.admin of staff, not by this request: nothing more was refunded.",
    });
    expect((await adjustment(requestId)).status).toBe("failed");
    expect(await balance()).toBe(afterPurchase! + 2_000);
  });

  it("answers as performed a refund the approval's own attempt put in motion", async () => {
    const { orderId, requestId } = await unknownRefund();
    const afterPurchase = await balance();
    // As the approver's attempt leaves it when the saga ran but its answer was lost.
    await cancelOrder(
      { orderId, actor: { kind: "staff", username: "second.admin", reason: "Complaint" } },
      harness.deps(),
    );
    await signInAsAdmin("third.admin");
    expect(await resendRequestAction({ requestId })).toMatchObject({
      ok: true,
      data: { kind: "order_refund", refund: { state: "cancelled" } },
    });
    expect((await adjustment(requestId)).status).toBe("performed");
    expect(await balance()).toBe(afterPurchase! + 2_000);
  });
});
