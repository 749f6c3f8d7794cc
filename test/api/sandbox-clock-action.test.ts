import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { advanceClockAction } from "@/server/loyalty/developers/actions/clock-actions";
import { developerAccounts } from "@/server/loyalty/developers/developer-tables";
import { developerCookieName } from "@/server/loyalty/developers/developer-session-cookie";
import { signInDeveloper } from "@/server/loyalty/developers/sign-in-developer";
import { signUpDeveloper } from "@/server/loyalty/developers/sign-up-developer";
import { sandboxClocks } from "@/server/loyalty/sandbox-clock/sandbox-clock-tables";
import { newStaffRequest, staffRequest } from "../support/staff-request";
import { setupTestDatabase } from "../support/test-database";

vi.mock("next/headers", async () => (await import("../support/staff-request")).nextHeadersMock);
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { db } = setupTestDatabase();
const hourMs = 3_600_000;

beforeEach(() => newStaffRequest());

/** A developer with a sandbox of their own, signed in in this request; answers its partner id. */
async function ownSandboxDeveloper(): Promise<number> {
  const email = `clock-${crypto.randomUUID()}@example.com`;
  const result = await signUpDeveloper(db(), {
    email,
    password: "correct horse battery",
    address: "192.0.2.42",
    now: new Date(),
  });
  if (result.outcome !== "signed-up") throw new Error(result.message);
  staffRequest.jar.set(developerCookieName(), result.sessionId);
  const [account] = await db().select().from(developerAccounts).where(eq(developerAccounts.email, email));
  return account!.partnerId;
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const offsetOf = async (partnerId: number) =>
  (await db().select().from(sandboxClocks).where(eq(sandboxClocks.partnerId, partnerId)))[0]?.offsetMs ?? 0;

describe("moving the clock from the console", () => {
  it("moves the signed-in developer's own clock, and no one else's", async () => {
    const other = await ownSandboxDeveloper();
    const own = await ownSandboxDeveloper();
    expect(await advanceClockAction(null, form({ amount: "25", unit: "hours" }))).toEqual({
      ok: true,
      data: { message: "Moved forward 25 hours." },
    });
    expect(await advanceClockAction(null, form({ amount: "1", unit: "days" }))).toMatchObject({
      ok: true,
      data: { message: "Moved forward 1 day." },
    });
    expect(await offsetOf(own)).toBe(49 * hourMs);
    expect(await offsetOf(other)).toBe(0);
  });

  it("refuses an amount it cannot read in the form's words, and moves nothing", async () => {
    const own = await ownSandboxDeveloper();
    const refused = await advanceClockAction(null, form({ amount: "-2", unit: "hours" }));
    expect(refused).toMatchObject({ ok: false });
    expect(refused.ok ? "" : refused.message).toContain("whole number");
    expect(await advanceClockAction(null, form({ amount: "2", unit: "fortnights" }))).toMatchObject({
      ok: false,
      message: "Choose minutes, hours or days.",
    });
    expect(await offsetOf(own)).toBe(0);
  });

  it("refuses the Demo Partner's clock, which keeps real time for everyone", async () => {
    const signedIn = await signInDeveloper(db(), {
      email: "developer@demopartner.example",
      password: "Sandbox#2026",
      address: "192.0.2.43",
      now: new Date(),
    });
    if (signedIn.outcome !== "signed-in") throw new Error(signedIn.message);
    staffRequest.jar.set(developerCookieName(), signedIn.sessionId);
    const refused = await advanceClockAction(null, form({ amount: "1", unit: "hours" }));
    expect(refused).toMatchObject({ ok: false, code: "forbidden" });
    expect(refused.ok ? "" : refused.message).toContain("keeps real time");
    const [demo] = await db()
      .select()
      .from(developerAccounts)
      .where(eq(developerAccounts.email, "developer@demopartner.example"));
    expect(await db().select().from(sandboxClocks).where(eq(sandboxClocks.partnerId, demo!.partnerId))).toEqual([]);
  });
});
