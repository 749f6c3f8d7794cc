import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvironmentCache } from "@/server/config/env";
import { developerAccounts } from "@/server/loyalty/developers/developer-tables";
import { signUpDeveloper, signUpMessages } from "@/server/loyalty/developers/sign-up-developer";
import { collectMetrics } from "@/server/observability/metrics";
import { setupTestDatabase } from "../support/test-database";

const { db } = setupTestDatabase();
const password = "correct horse battery";
let serial = 0;

/** Runs with these limits in force (each test sets its own, in its own hour of its own day). */
function withLimits(limits: Record<string, number>): void {
  for (const [name, value] of Object.entries(limits)) process.env[name] = String(value);
  resetEnvironmentCache();
}

afterEach(() => {
  for (const name of [
    "DEVELOPER_SIGN_UPS_PER_ADDRESS_PER_HOUR",
    "DEVELOPER_SIGN_UPS_PER_NETWORK_PER_HOUR",
    "DEVELOPER_SIGN_UPS_PER_HOUR",
    "DEVELOPER_SIGN_UPS_PER_DAY",
  ])
    delete process.env[name];
  resetEnvironmentCache();
});

async function signUp(address: string, now: Date, email = `dev${(serial += 1)}@example.test`) {
  const result = await signUpDeveloper(db(), { email, password, address, now });
  return { email, outcome: result.outcome, message: result.outcome === "refused" ? result.message : undefined };
}

/** Sign-ups a limit refused so far in this process, as /metrics reports them. */
async function limitRefusals(): Promise<number> {
  const { text } = await collectMetrics();
  const line = text
    .split("\n")
    .find((entry) => entry.startsWith('loyalty_platform_rate_limit_refusals_total{limiter="developer-sign-up"}'));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

async function accountExists(email: string): Promise<boolean> {
  const rows = await db().select().from(developerAccounts).where(eq(developerAccounts.email, email));
  return rows.length > 0;
}

describe("developer sign-up caps", () => {
  it("counts IPv6 sign-ups per /48 as well as per /64", async () => {
    withLimits({ DEVELOPER_SIGN_UPS_PER_ADDRESS_PER_HOUR: 5, DEVELOPER_SIGN_UPS_PER_NETWORK_PER_HOUR: 2 });
    const now = new Date("2031-03-01T10:00:00Z");
    // Three /64s of one site: the third is refused, with no account made.
    expect((await signUp("2001:db8:5:1::1", now)).outcome).toBe("signed-up");
    expect((await signUp("2001:db8:5:2::1", now)).outcome).toBe("signed-up");
    const third = await signUp("2001:db8:5:3::1", now);
    expect(third).toMatchObject({ outcome: "refused", message: signUpMessages.tooMany });
    expect(await accountExists(third.email)).toBe(false);
    // Another site is not affected; nor is IPv4.
    expect((await signUp("2001:db8:6:1::1", now)).outcome).toBe("signed-up");
  });

  it("caps sign-ups per hour for everyone together, after the per-address limits and never for a taken email", async () => {
    withLimits({ DEVELOPER_SIGN_UPS_PER_ADDRESS_PER_HOUR: 1, DEVELOPER_SIGN_UPS_PER_HOUR: 2 });
    const now = new Date("2031-03-02T10:15:00Z");
    const refusalsBefore = await limitRefusals();
    const first = await signUp("198.51.100.20", now);
    expect(first.outcome).toBe("signed-up");
    // One address's flood is refused by its own limit and spends nothing of the global cap.
    for (let i = 0; i < 5; i++)
      expect(await signUp("198.51.100.20", now)).toMatchObject({ message: signUpMessages.tooMany });
    // A taken email is refused before the global cap counts.
    expect(await signUp("198.51.100.21", now, first.email)).toMatchObject({ message: signUpMessages.taken });
    expect((await signUp("198.51.100.22", now)).outcome).toBe("signed-up");
    // The cap is reached: the next address is refused, told when to come back (the window ends at 11:00).
    const refused = await signUp("198.51.100.23", now);
    expect(refused).toMatchObject({ outcome: "refused", message: signUpMessages.full(45 * 60) });
    expect(refused.message).toBe(
      "The sandbox has made as many new sandboxes as it can for now. Try again in 45 minutes.",
    );
    expect(await accountExists(refused.email)).toBe(false);
    // Every limit's refusal is counted on /metrics (five per address, one cap), the taken email is not.
    expect((await limitRefusals()) - refusalsBefore).toBe(6);
    // The next hour has room again.
    expect((await signUp("198.51.100.23", new Date("2031-03-02T11:00:00Z"))).outcome).toBe("signed-up");
  });

  it("caps sign-ups per day for everyone together", async () => {
    withLimits({ DEVELOPER_SIGN_UPS_PER_DAY: 2 });
    expect((await signUp("192.0.2.30", new Date("2031-03-03T01:00:00Z"))).outcome).toBe("signed-up");
    expect((await signUp("192.0.2.31", new Date("2031-03-03T02:00:00Z"))).outcome).toBe("signed-up");
    const refused = await signUp("192.0.2.32", new Date("2031-03-03T03:00:00Z"));
    expect(refused).toMatchObject({ outcome: "refused" });
    expect(refused.message).toBe(
      "The sandbox has made as many new sandboxes as it can for now. Try again in 21 hours.",
    );
  });
});
