import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { staffAuditEvents, staffControlChanges, staffControls, staffRoleLimits } from "@/server/portal/db/schema";
import { approveControlChangeAction } from "@/server/portal/staff/actions/approve-control-change-action";
import { changeControlAction } from "@/server/portal/staff/actions/change-control-action";
import { rejectControlChangeAction } from "@/server/portal/staff/actions/reject-control-change-action";
import { prepareStaffAccount } from "@/server/portal/staff/create-staff-account";
import { dailyGoodwillLimit, readStaffControls } from "@/server/portal/staff/staff-controls";
import { newStaffRequest, signInAs } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { db } = setupTestDatabase();
let secondAdminPassword = "";

beforeAll(async () => {
  const insert = await prepareStaffAccount("second.admin", "ADMIN");
  secondAdminPassword = (await db().transaction((tx) => insert(tx, "tests"))).result.password;
});

// Each test starts from the migration's seeded controls, with no change on record.
beforeEach(async () => {
  await db().delete(staffControlChanges);
  await db()
    .update(staffControls)
    .set({ goodwillApprovalPoints: 10_000, refundApprovalCashMinor: 25_000, approvalExpiryMinutes: 4_320 });
  await db().update(staffRoleLimits).set({ dailyGoodwillPoints: 100_000 }).where(eq(staffRoleLimits.role, "ADMIN"));
  await db().delete(staffRoleLimits).where(eq(staffRoleLimits.role, "AGENT"));
  newStaffRequest();
  await signInAs(db(), "staff.admin");
});

async function asSecondAdmin(): Promise<void> {
  newStaffRequest();
  await signInAs(db(), "second.admin", secondAdminPassword);
}

const lastAudit = async (action: string) =>
  (
    await db()
      .select()
      .from(staffAuditEvents)
      .where(eq(staffAuditEvents.action, action))
      .orderBy(sql`${staffAuditEvents.id} desc`)
      .limit(1)
  )[0];

describe("changing the console's controls", () => {
  it("applies a stricter value at once, with one audit line saying what it was and is", async () => {
    const changed = await changeControlAction({
      control: "goodwillApprovalPoints",
      value: "5,000",
      reason: "Fraud wave this week",
    });
    expect(changed, JSON.stringify(changed)).toMatchObject({
      ok: true,
      data: { outcome: "applied", control: "goodwillApprovalPoints", from: 10_000, to: 5_000 },
    });
    expect((await readStaffControls(db())).goodwillApprovalPoints).toBe(5_000);
    expect(await lastAudit("control.changed")).toMatchObject({
      actor: "staff.admin",
      outcome: "succeeded",
      targetType: "control",
      targetId: "goodwillApprovalPoints",
      reason: "Fraud wave this week",
      before: { "Goodwill credits above this need a second administrator": "10,000 points" },
      after: { "Goodwill credits above this need a second administrator": "5,000 points" },
    });
    const [row] = await db().select().from(staffControlChanges);
    expect(row).toMatchObject({ status: "applied", fromValue: 10_000, toValue: 5_000, expiresAt: null });
  });

  it("holds a looser value for another administrator: not its maker, once, and only then in force", async () => {
    const asked = await changeControlAction({
      control: "refundApprovalCashMinor",
      value: "400.50",
      reason: "Long-haul refunds",
    });
    expect(asked, JSON.stringify(asked)).toMatchObject({ ok: true, data: { outcome: "pending", to: 40_050 } });
    const requestId = asked.ok && asked.data.outcome === "pending" ? asked.data.requestId : "";
    expect((await readStaffControls(db())).refundApprovalCashMinor).toBe(25_000);
    expect(await lastAudit("control.change_requested")).toMatchObject({ outcome: "succeeded", actor: "staff.admin" });

    // One change per control waits at a time.
    expect(
      await changeControlAction({ control: "refundApprovalCashMinor", value: "500", reason: "Even more" }),
    ).toMatchObject({ ok: false, message: expect.stringContaining("already waiting") });
    // Its maker can neither approve nor reject it.
    for (const decide of [approveControlChangeAction, rejectControlChangeAction]) {
      expect(await decide({ requestId })).toMatchObject({
        ok: false,
        message: "You asked for this change: another administrator must approve or reject it.",
      });
    }

    await asSecondAdmin();
    const [first, second] = await Promise.all([
      approveControlChangeAction({ requestId, note: "Agreed at the Monday review" }),
      approveControlChangeAction({ requestId }),
    ]);
    expect([first, second].filter((result) => result.ok)).toHaveLength(1);
    expect([first, second].find((result) => !result.ok)).toMatchObject({
      message: "This change was already approved by you.",
    });
    expect((await readStaffControls(db())).refundApprovalCashMinor).toBe(40_050);
    const approved = await lastAudit("request.approved");
    expect(approved).toMatchObject({
      actor: "second.admin",
      targetType: "control",
      targetId: "refundApprovalCashMinor",
      reason: "Long-haul refunds",
      before: { "Refunds whose card part is above this need a second administrator": "£250.00" },
    });
    // Either approval may win the race; the trail keeps the winner's note, if it gave one.
    expect(approved!.after).toEqual({
      "Refunds whose card part is above this need a second administrator": "£400.50",
      ...(first.ok ? { Note: "Agreed at the Monday review" } : {}),
    });
  });

  it("changes nothing on a rejection, and lets the control be asked for again", async () => {
    const asked = await changeControlAction({
      control: "agentDailyGoodwillPoints",
      value: "2000",
      reason: "Let agents help",
    });
    const requestId = asked.ok && asked.data.outcome === "pending" ? asked.data.requestId : "";
    expect(requestId).not.toBe("");
    await asSecondAdmin();
    expect(await rejectControlChangeAction({ requestId })).toMatchObject({ ok: true, data: { decision: "reject" } });
    expect(await dailyGoodwillLimit(db(), "AGENT")).toBe(0);
    expect(await lastAudit("request.rejected")).toMatchObject({
      before: { "Goodwill points each agent may put in motion per day": "none" },
      after: { "Asked for": "2,000 points" },
    });
    expect(
      await changeControlAction({ control: "agentDailyGoodwillPoints", value: "1000", reason: "A smaller start" }),
    ).toMatchObject({ ok: true, data: { outcome: "pending" } });
  });

  it("refuses an expired request, and an expired one no longer holds the control's place", async () => {
    const asked = await changeControlAction({ control: "approvalExpiryMinutes", value: "96", reason: "Long weekend" });
    const requestId = asked.ok && asked.data.outcome === "pending" ? asked.data.requestId : "";
    await db()
      .update(staffControlChanges)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(staffControlChanges.id, requestId));
    await asSecondAdmin();
    expect(await approveControlChangeAction({ requestId })).toMatchObject({
      ok: false,
      message: "This request has expired. Nothing was changed; it can be asked for again.",
    });
    expect((await readStaffControls(db())).approvalExpiryMinutes).toBe(4_320);
    expect(
      await changeControlAction({ control: "approvalExpiryMinutes", value: "120", reason: "Five days this time" }),
    ).toMatchObject({ ok: true, data: { outcome: "pending", to: 7_200 } });
    const statuses = (await db().select().from(staffControlChanges)).map((row) => row.status).sort();
    expect(statuses).toEqual(["expired", "pending"]);
  });

  it("answers a value it cannot take under its field, and the same value in words", async () => {
    for (const [control, value, message] of [
      ["goodwillApprovalPoints", "ten", "Enter a whole number of points."],
      ["refundApprovalCashMinor", "250.001", "Enter an amount such as 250.00."],
      ["approvalExpiryMinutes", "0", "A request must wait at least 1 hour."],
      ["goodwillApprovalPoints", "1000000", "At most 999,999 points."],
    ] as const) {
      expect(await changeControlAction({ control, value, reason: "Testing the form" })).toMatchObject({
        ok: false,
        fieldErrors: { value: message },
      });
    }
    expect(
      await changeControlAction({ control: "goodwillApprovalPoints", value: "10000", reason: "No change" }),
    ).toMatchObject({ ok: false, message: "It is already 10,000 points: nothing changed." });
    expect(await db().select().from(staffControlChanges)).toHaveLength(0);
  });

  it("refuses an agent, and records the refusal", async () => {
    newStaffRequest();
    await signInAs(db(), "staff.agent");
    expect(
      await changeControlAction({ control: "agentDailyGoodwillPoints", value: "0", reason: "Trying my luck" }),
    ).toMatchObject({ ok: false, code: "forbidden" });
    expect(await lastAudit("control.changed")).toMatchObject({ actor: "staff.agent", outcome: "refused" });
    expect(await db().select().from(staffControlChanges)).toHaveLength(0);
  });

  it("has the database refuse a decision by the one who asked", async () => {
    await expect(
      db().insert(staffControlChanges).values({
        control: "goodwillApprovalPoints",
        fromValue: 10_000,
        toValue: 20_000,
        status: "applied",
        reason: "Self-approved",
        requestedBy: "staff.admin",
        requestedAt: new Date(),
        decidedBy: "staff.admin",
      }),
    ).rejects.toThrow();
  });
});
