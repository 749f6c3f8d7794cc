import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import { developerAccounts } from "@/server/loyalty/developers/developer-tables";
import { webhookEvents } from "@/server/loyalty/events/event-tables";
import {
  replayEventAction,
  replayFailedAction,
  sendTestEventAction,
} from "@/server/loyalty/developers/actions/event-actions";
import { developerCookieName } from "@/server/loyalty/developers/developer-session-cookie";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import {
  consumeTestEventSend,
  remainingTestEventSends,
  testEventLimit,
  testEventLimitText,
} from "@/server/loyalty/events/test-event-limit";
import { newStaffRequest, staffRequest } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const limit = 5;
process.env.WEBHOOK_TEST_EVENT_LIMIT = String(limit);
resetEnvironmentCache();
afterAll(() => {
  delete process.env.WEBHOOK_TEST_EVENT_LIMIT;
  resetEnvironmentCache();
});

const { db } = setupTestDatabase();

beforeEach(() => newStaffRequest());

/** A developer with a sandbox of their own, signed in in this request; answers its partner id. */
async function ownSandboxDeveloper(): Promise<number> {
  const email = `limit-${crypto.randomUUID()}@example.com`;
  const result = await signUpDeveloper(db(), {
    email,
    password: "correct horse battery",
    address: `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
    now: new Date(),
  });
  if (result.outcome !== "signed-up") throw new Error(result.message);
  staffRequest.jar.set(developerCookieName(), result.sessionId);
  const [account] = await db().select().from(developerAccounts).where(eq(developerAccounts.email, email));
  return account!.partnerId;
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("test events and replays per sandbox", () => {
  it("defaults to 60 an hour, and the console words it", () => {
    delete process.env.WEBHOOK_TEST_EVENT_LIMIT;
    resetEnvironmentCache();
    try {
      expect(testEventLimit()).toEqual({ limit: 60, windowSeconds: 3_600 });
    } finally {
      process.env.WEBHOOK_TEST_EVENT_LIMIT = String(limit);
      resetEnvironmentCache();
    }
    expect(testEventLimitText({ limit: 60, windowSeconds: 3_600 })).toBe(
      "Your sandbox may send 60 test events and replays an hour, counted together.",
    );
  });

  it("counts test events and replays together; once spent, each is refused with the limit and when to come back", async () => {
    const partnerId = await ownSandboxDeveloper();
    for (let i = 0; i < limit - 2; i += 1)
      expect(await sendTestEventAction(null, form({ type: "points.credited" }))).toMatchObject({ ok: true });
    const [event] = await db().select().from(webhookEvents).where(eq(webhookEvents.partnerId, partnerId));
    // A replay of one event and a replay of failed deliveries count too (whatever they queue).
    expect(await replayEventAction(null, form({ eventId: event!.id }))).toMatchObject({ ok: false, code: "refused" });
    expect(await replayFailedAction(null, form({ since: "2026-01-01T00:00" }))).toMatchObject({ ok: true });
    expect((await remainingTestEventSends(db(), partnerId, new Date())).remaining).toBe(0);

    const before = await db().select().from(webhookEvents).where(eq(webhookEvents.partnerId, partnerId));
    for (const refused of [
      await sendTestEventAction(null, form({ type: "points.credited" })),
      await replayEventAction(null, form({ eventId: event!.id })),
      await replayFailedAction(null, form({ since: "2026-01-01T00:00" })),
    ]) {
      expect(refused).toMatchObject({ ok: false, code: "refused" });
      const message = refused.ok ? "" : refused.message;
      expect(message).toContain(`sent the ${limit} test events and replays it may send an hour`);
      expect(message).toMatch(/You can send again in \d{1,2} minutes?, at \d{2}:00 UTC\.$/);
    }
    // Refused sends write nothing.
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.partnerId, partnerId))).toHaveLength(
      before.length,
    );

    // Another developer's sandbox has its own count.
    await ownSandboxDeveloper();
    expect(await sendTestEventAction(null, form({ type: "points.credited" }))).toMatchObject({ ok: true });
  });

  it("opens again with the next window, named in the refusal", async () => {
    const partnerId = await ownSandboxDeveloper();
    const now = new Date("2031-03-01T10:37:00Z");
    for (let i = 0; i < limit; i += 1)
      expect(await consumeTestEventSend(db(), partnerId, now)).toEqual({ allowed: true });
    const refused = await consumeTestEventSend(db(), partnerId, now);
    expect(refused).toEqual({
      allowed: false,
      retryAt: new Date("2031-03-01T11:00:00Z"),
      message: `Your sandbox has sent the ${limit} test events and replays it may send an hour. You can send again in 23 minutes, at 11:00 UTC.`,
    });
    expect(await remainingTestEventSends(db(), partnerId, now)).toEqual({
      remaining: 0,
      resetsAt: new Date("2031-03-01T11:00:00Z"),
    });
    expect(await consumeTestEventSend(db(), partnerId, new Date("2031-03-01T11:00:00Z"))).toEqual({ allowed: true });
  });

  it("is exact when sends arrive together on several connections (one count in the database)", async () => {
    const partnerId = await ownSandboxDeveloper();
    const now = new Date("2031-04-01T08:00:00Z");
    const answers = await Promise.all(Array.from({ length: 20 }, () => consumeTestEventSend(db(), partnerId, now)));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(limit);
  });
});
