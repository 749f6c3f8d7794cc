import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerAccount as registrationRoute } from "@/server/loyalty/operations/register-account";
import { accounts } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipProgrammes, registrationThrottles } from "@/server/loyalty/members/member-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { findMemberByMembershipNumber } from "@/server/loyalty/members/find-member";
import { registrationThrottlePolicy } from "@/server/loyalty/members/registration-throttle";
import { callRoute, withKey, type RouteAnswer } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { setupTestDatabase } from "../support/test-database";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

/**
 * P7 must not hand a membership to whoever holds a partner's api_key: the
 * details the member's country requires must be those on file (sandbox
 * members 3, 4 and 5), wrong details lock the membership, and neither the
 * refusal nor the username check tells anything about the membership.
 */
const database = setupTestDatabase();

const gbMember = "3081000000000003"; // postcode SW1A1AA on file
const zaMember = "3081000000000004"; // postcode 2196, national identity card 8001015009087 on file
const esMember = "3081000000000005"; // date of birth 1990-04-12 on file

let counter = 0;
function body(details: Record<string, unknown>, username = `taker.${++counter}.${Date.now().toString(36)}`) {
  return {
    member: {
      securityProfile: {
        credentials: { identifier: username, password: "Secret#2026" },
        securityResponses: [
          { questionIdentifier: "1", response: "Rex" },
          { questionIdentifier: "2", response: "Leeds" },
        ],
      },
      ...details,
    },
  };
}

function register(membership: string, payload: unknown): Promise<RouteAnswer> {
  return callRoute(registrationRoute, {
    method: "POST",
    url: withKey(`/api/v2/memberships/${membership}/registrations`),
    params: { version: "v2", membershipIdentifier: membership },
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
  });
}

async function hasProfile(membership: string): Promise<boolean> {
  return Boolean((await findMemberByMembershipNumber(database.db(), membership))?.securityProfile);
}

async function throttleOf(membership: string) {
  const record = await findMemberByMembershipNumber(database.db(), membership);
  const [row] = await database
    .db()
    .select()
    .from(registrationThrottles)
    .where(eq(registrationThrottles.memberId, record!.member.id));
  return row;
}

/** A GB membership of the primary programme holding the given postcode on file (none when null). */
async function gbMembership(postCode: string | null): Promise<string> {
  const db = database.db();
  const membershipNumber = `30817${String(process.pid % 1000).padStart(3, "0")}${String(++counter).padStart(8, "0")}`;
  const [programme] = await db.select().from(programmes).where(eq(programmes.identifier, "NORTHSTAR"));
  const [member] = await db
    .insert(members)
    .values({
      membershipNumber,
      familyName: "FIXTURE",
      countryOfResidence: "GB",
      postCodeOnFile: postCode,
      joinDate: "2020-01-01",
    })
    .returning();
  await db
    .insert(accounts)
    .values({ memberId: member!.id, programmeId: programme!.id, accountType: "INDIVIDUAL", status: "ACTIVE" });
  await db.insert(membershipProgrammes).values({ memberId: member!.id, programmeId: programme!.id });
  return membershipNumber;
}

const authenticationFailed = {
  status: 400,
  code: "REQUEST_INVALID",
  childCode: "AUTHENTICATION_FAILED",
  shape: "wrapped",
} as const;
const locked = { status: 429, code: "USAGE_RATE_LIMIT_EXCEEDED", shape: "wrapped" } as const;

afterEach(() => {
  vi.useRealTimers();
});

describe("P7: the details on file decide", () => {
  it("refuses a GB membership any postcode but the one on file, and writes nothing", async () => {
    expectServiceError(await register(gbMember, body({ postalAddress: { postCode: "LS11AA" } })), authenticationFailed);
    expect(await hasProfile(gbMember)).toBe(false);
  });

  it("refuses a ZA membership whose identifier is not the one on file, in the same words as a wrong postcode", async () => {
    const wrongIdentifier = await register(
      zaMember,
      body({
        postalAddress: { postCode: "2196" },
        registeredIdentifier: [{ identifier: "8001015009088", type: "NATIONAL_IDENTITY_CARD" }],
      }),
    );
    const wrongPostCode = await register(
      zaMember,
      body({
        postalAddress: { postCode: "2197" },
        registeredIdentifier: [{ identifier: "8001015009087", type: "NATIONAL_IDENTITY_CARD" }],
      }),
    );
    const wrongType = await register(
      zaMember,
      body({
        postalAddress: { postCode: "2196" },
        registeredIdentifier: [{ identifier: "8001015009087", type: "PASSPORT" }],
      }),
    );
    for (const answer of [wrongIdentifier, wrongPostCode, wrongType]) {
      const error = expectServiceError(answer, authenticationFailed);
      expect(error.childError?.some((child) => child.path !== undefined)).toBe(false);
    }
    expect(wrongIdentifier.text).toBe(wrongPostCode.text);
    expect(wrongType.text).toBe(wrongPostCode.text);
    expect(await hasProfile(zaMember)).toBe(false);
  });

  it("refuses a membership resident elsewhere any date of birth but the one on file", async () => {
    expectServiceError(await register(esMember, body({ dateOfBirth: "1990-04-13" })), authenticationFailed);
    expect(await hasProfile(esMember)).toBe(false);
  });

  it("refuses a membership that holds nothing to compare: REGISTRATION_FAILED, whatever is sent", async () => {
    const membership = await gbMembership(null);
    expectServiceError(await register(membership, body({ postalAddress: { postCode: "SW1A1AA" } })), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "REGISTRATION_FAILED",
      shape: "wrapped",
    });
    expect(await hasProfile(membership)).toBe(false);
  });

  it("registers with the details on file, written as a member would (case, spaces)", async () => {
    const answer = await register(
      zaMember,
      body({
        postalAddress: { postCode: "2196" },
        registeredIdentifier: [{ identifier: "8001 0150 09087", type: "NATIONAL_IDENTITY_CARD" }],
      }),
    );
    expect(answer.status, answer.text).toBe(201);
    expect(await hasProfile(zaMember)).toBe(true);
    expect(await throttleOf(zaMember)).toBeUndefined();
  });
});

describe("P7: usernames are not told before the details match", () => {
  it("answers wrong details as such even when the username is taken, and the taken username only after a match", async () => {
    const membership = await gbMembership("EC1A1BB");
    expectServiceError(
      await register(membership, body({ postalAddress: { postCode: "SW1A1AA" } }, "demo.member1")),
      authenticationFailed,
    );
    expectServiceError(await register(membership, body({ postalAddress: { postCode: "ec1a1bb" } }, "demo.member1")), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "USERNAME_ALREADY_EXISTS",
      shape: "wrapped",
    });
  });
});

describe("P7: wrong details lock the membership", () => {
  const { maxFailures, lockSeconds } = registrationThrottlePolicy;

  it("locks after repeated wrong details, even for the right ones, and opens again after the lock", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2031-03-01T10:00:00Z");
    vi.setSystemTime(start);
    const membership = await gbMembership("M11AE");
    const wrong = () => register(membership, body({ postalAddress: { postCode: "M11AF" } }));
    for (let attempt = 1; attempt < maxFailures; attempt += 1) expectServiceError(await wrong(), authenticationFailed);
    const locking = await wrong();
    expectServiceError(locking, locked);
    expect(Number(locking.headers.get("retry-after"))).toBe(lockSeconds);

    vi.setSystemTime(new Date(start.getTime() + (lockSeconds - 60) * 1000));
    const right = await register(membership, body({ postalAddress: { postCode: "M11AE" } }));
    expectServiceError(right, locked);
    expect(Number(right.headers.get("retry-after"))).toBe(60);
    expect(await hasProfile(membership)).toBe(false);

    vi.setSystemTime(new Date(start.getTime() + (lockSeconds + 1) * 1000));
    expect((await register(membership, body({ postalAddress: { postCode: "M11AE" } }))).status).toBe(201);
  });

  it("does not count requests refused for their format, nor the other memberships' failures", async () => {
    const membership = await gbMembership("M11AE");
    for (let attempt = 0; attempt < maxFailures * 2; attempt += 1) {
      expectServiceError(await register(membership, body({ postalAddress: { postCode: "M1 1AE" } })), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "DATA_INVALID",
        shape: "wrapped",
      });
      expectServiceError(await register(membership, body({})), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "MANDATORY_DATA_MISSING",
        shape: "wrapped",
      });
    }
    const other = await gbMembership("M11AE");
    for (let attempt = 0; attempt < maxFailures; attempt += 1) {
      await register(other, body({ postalAddress: { postCode: "M11AF" } }));
    }
    expect(await throttleOf(membership)).toBeUndefined();
    expectServiceError(
      await register(membership, body({ postalAddress: { postCode: "M11AF" } })),
      authenticationFailed,
    );
    await expect(throttleOf(membership)).resolves.toMatchObject({ failedAttempts: 1, lockedUntil: null });
  });

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "compares the details of no more than the allowed attempts when 20 arrive together, on PostgreSQL",
    ),
    async () => {
      const membership = await gbMembership("M11AE");
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => register(membership, body({ postalAddress: { postCode: "M11AF" } }))),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(maxFailures - 1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - (maxFailures - 1));
      await expect(throttleOf(membership)).resolves.toMatchObject({ failedAttempts: maxFailures });
    },
  );
});
