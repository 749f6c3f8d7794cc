import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAccount as registrationRoute } from "@/server/loyalty/operations/register-account";
import { webhookEvents } from "@/server/loyalty/events/event-tables";
import { accounts, type AccountStatus } from "@/server/loyalty/ledger/ledger-tables";
import {
  members,
  membershipProgrammes,
  postalAddresses,
  registeredIdentifiers,
} from "@/server/loyalty/members/member-tables";
import { securityProfiles, securityResponses } from "@/server/loyalty/members/security-profile-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { normaliseRegisteredIdentifier, normaliseSecurityResponse } from "@/server/loyalty/members/ascii-upper";
import { findMemberByMembershipNumber, findMemberByUsername } from "@/server/loyalty/members/find-member";
import { uniqueViolationOf } from "@/server/db/unique-violation";
import { hashSecret, verifySecret } from "@/server/security/password-hash";
import { callRoute, withKey, type RouteAnswer } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { setupTestDatabase } from "../support/test-database";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

const database = setupTestDatabase();

const gbMember = "3081000000000003";
const zaMember = "3081000000000004";
const esMember = "3081000000000005";

interface RegistrationBody {
  member: {
    securityProfile: { credentials: Record<string, unknown>; securityResponses: unknown[] } & Record<string, unknown>;
    postalAddress?: unknown;
    registeredIdentifier?: unknown;
    dateOfBirth?: unknown;
  } & Record<string, unknown>;
}

let usernameCounter = 0;
function freshUsername(): string {
  usernameCounter += 1;
  return `member.${usernameCounter}_${Date.now().toString(36)}`;
}

/** A valid body for a member resident in GB (postcode, no date of birth). */
function gbBody(username = freshUsername()): RegistrationBody {
  return {
    member: {
      securityProfile: {
        credentials: { identifier: username, password: "Secret#2026" },
        securityResponses: [
          { questionIdentifier: "1", response: "Fluffy the cat" },
          { questionIdentifier: "7", response: "Málaga" },
        ],
      },
      postalAddress: { postCode: "SW1A1AA" },
    },
  };
}

/** ZA: the postcode and national identity card the sandbox holds on file for member 4, and a passport beside it. */
function zaBody(username?: string): RegistrationBody {
  const body = gbBody(username);
  body.member.postalAddress = { postCode: "2196" };
  body.member.registeredIdentifier = [
    { identifier: "ZA-Pässport-778899", type: "PASSPORT" },
    { identifier: "8001015009087", type: "NATIONAL_IDENTITY_CARD" },
  ];
  return body;
}

/** Elsewhere: the date of birth on file (member 5's in the sandbox, and the fixtures' default). */
function esBody(username?: string): RegistrationBody {
  const body = gbBody(username);
  delete body.member.postalAddress;
  body.member.dateOfBirth = "1990-04-12";
  return body;
}

function register(
  membership: string,
  body: unknown,
  options: { version?: string; method?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  const version = options.version ?? "v2";
  return callRoute(registrationRoute, {
    method: options.method ?? "POST",
    url: withKey(`/api/${version}/memberships/${membership}/registrations`),
    params: { version, membershipIdentifier: membership },
    headers: { "Content-Type": "application/json", ...options.headers },
    body: options.raw ?? JSON.stringify(body),
  });
}

let fixtureCounter = 0;

/**
 * A membership of the primary programme made for one test, so each can
 * register it afresh. Unless told otherwise it holds on file what its country
 * requires, as the bodies above send it: postcode SW1A1AA (GB, ZA), national
 * identity card 8001015009087 (ZA), date of birth 1990-04-12 (elsewhere). A
 * `postCode` is held as the PERSONAL postal address's instead.
 */
async function createMember(
  options: {
    country: string | null;
    status?: AccountStatus;
    dateOfBirth?: string | null;
    postCode?: string;
    nothingOnFile?: boolean;
  } = {
    country: "GB",
  },
): Promise<string> {
  const onFile = !options.nothingOnFile;
  const postCodeCountry = options.country === "GB" || options.country === "ZA";
  const db = database.db();
  fixtureCounter += 1;
  const membershipNumber = `30819${String(process.pid % 1000).padStart(3, "0")}${String(fixtureCounter).padStart(8, "0")}`;
  const [programme] = await db.select().from(programmes).where(eq(programmes.identifier, "NORTHSTAR"));
  const [member] = await db
    .insert(members)
    .values({
      membershipNumber,
      familyName: "FIXTURE",
      countryOfResidence: options.country,
      dateOfBirth:
        options.dateOfBirth !== undefined ? options.dateOfBirth : onFile && !postCodeCountry ? "1990-04-12" : null,
      postCodeOnFile:
        onFile && postCodeCountry && !options.postCode ? (options.country === "ZA" ? "2196" : "SW1A1AA") : null,
      joinDate: "2020-01-01",
    })
    .returning();
  await db.insert(accounts).values({
    memberId: member!.id,
    programmeId: programme!.id,
    accountType: "INDIVIDUAL",
    status: options.status ?? "ACTIVE",
  });
  await db.insert(membershipProgrammes).values({ memberId: member!.id, programmeId: programme!.id });
  if (onFile && options.country === "ZA") {
    await db.insert(registeredIdentifiers).values({
      memberId: member!.id,
      type: "NATIONAL_IDENTITY_CARD",
      identifierHash: await hashSecret("8001015009087"),
    });
  }
  if (options.postCode) {
    await db.insert(postalAddresses).values({
      memberId: member!.id,
      type: "PERSONAL",
      lines: ["1 HIGH STREET"],
      countryCode: options.country ?? "GB",
      postCode: options.postCode,
    });
  }
  return membershipNumber;
}

async function profileOf(membershipNumber: string) {
  return (await findMemberByMembershipNumber(database.db(), membershipNumber))?.securityProfile ?? null;
}

const wrapped = { shape: "wrapped" } as const;
const dataInvalid = { status: 400, code: "REQUEST_INVALID", childCode: "DATA_INVALID", ...wrapped } as const;
const mandatoryMissing = {
  status: 400,
  code: "REQUEST_INVALID",
  childCode: "MANDATORY_DATA_MISSING",
  ...wrapped,
} as const;

describe("P7 register account: success", () => {
  it("answers 201 with an empty body, and the member can log in with the new credentials", async () => {
    const username = "Jo.Tester_01";
    const answer = await register(gbMember, gbBody(username));
    expect(answer.status, answer.text).toBe(201);
    expect(answer.text).toBe("");

    // Exactly what A1's credential check reads: the upper-case username, an argon2id hash, not expired.
    const record = await findMemberByUsername(database.db(), "jo.tester_01");
    expect(record?.member.membershipNumber).toBe(gbMember);
    expect(record?.account.status).toBe("ACTIVE");
    const profile = record!.securityProfile!;
    expect(profile.username).toBe("JO.TESTER_01");
    expect(profile.passwordHash).toMatch(/^\$argon2id\$/);
    expect(profile.passwordExpired).toBe(false);
    expect(await verifySecret(profile.passwordHash, "Secret#2026")).toBe(true);
    expect(await verifySecret(profile.passwordHash, "secret#2026")).toBe(false);

    // The registering partner's event, written in the registration's transaction (and no personal data in it).
    const registered = await database
      .db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, "security_profile.registered"));
    expect(registered.map((event) => event.data)).toContainEqual({ membershipNumber: gbMember });
    expect(JSON.stringify(registered.map((event) => event.data))).not.toMatch(/jo\.tester/i);
  });

  it("stores the two security responses hashed over their upper-case ASCII form", async () => {
    const profile = await profileOf(gbMember);
    const rows = await database
      .db()
      .select()
      .from(securityResponses)
      .where(eq(securityResponses.securityProfileId, profile!.id));
    expect(rows.map((row) => row.questionId).sort((a, b) => a - b)).toEqual([1, 7]);
    const malaga = rows.find((row) => row.questionId === 7)!;
    expect(malaga.responseHash).toMatch(/^\$argon2id\$/);
    expect(normaliseSecurityResponse("  málaga ")).toBe("MALAGA");
    expect(await verifySecret(malaga.responseHash, "MALAGA")).toBe(true);
  });

  it("registers a member resident in ZA with a registered identifier, stored hashed", async () => {
    const answer = await register(zaMember, zaBody());
    expect(answer.status, answer.text).toBe(201);
    const record = await findMemberByMembershipNumber(database.db(), zaMember);
    const rows = await database
      .db()
      .select()
      .from(registeredIdentifiers)
      .where(eq(registeredIdentifiers.memberId, record!.member.id));
    // Beside the identity card the sandbox holds on file for this member.
    expect(rows.map((row) => row.type).sort()).toEqual(["NATIONAL_IDENTITY_CARD", "PASSPORT"]);
    const passport = rows.find((row) => row.type === "PASSPORT")!;
    expect(await verifySecret(passport.identifierHash, normaliseRegisteredIdentifier("ZA-Pässport-778899"))).toBe(true);
    expect(normaliseRegisteredIdentifier("ZA-Pässport-778899")).toBe("ZA-PASSPORT-778899");
    const card = rows.find((row) => row.type === "NATIONAL_IDENTITY_CARD")!;
    expect(await verifySecret(card.identifierHash, "8001015009087")).toBe(true);
  });

  it("registers a member resident elsewhere whose date of birth is the one on file", async () => {
    const answer = await register(esMember, esBody());
    expect(answer.status, answer.text).toBe(201);
    const record = await findMemberByMembershipNumber(database.db(), esMember);
    expect(record?.member.dateOfBirth).toBe("1990-04-12");
    expect(record?.securityProfile).not.toBeNull();
  });

  it("stores a date of birth sent beside the postcode when none was held", async () => {
    const membership = await createMember({ country: "GB" });
    const body = gbBody();
    body.member.dateOfBirth = "1988-11-23";
    expect((await register(membership, body)).status).toBe(201);
    expect((await findMemberByMembershipNumber(database.db(), membership))?.member.dateOfBirth).toBe("1988-11-23");
  });

  it("stores nothing the member typed in clear", async () => {
    const db = database.db();
    const secrets = [
      "Secret#2026",
      "Fluffy the cat",
      "FLUFFY THE CAT",
      "Málaga",
      "MALAGA",
      "ZA-Pässport-778899",
      "ZA-PASSPORT-778899",
      "778899",
    ];
    const tables = [
      await db.select().from(securityProfiles),
      await db.select().from(securityResponses),
      await db.select().from(registeredIdentifiers),
    ];
    expect(tables[0]!.length).toBeGreaterThan(0);
    expect(tables[1]!.length).toBeGreaterThan(0);
    expect(tables[2]!.length).toBeGreaterThan(0);
    for (const rows of tables) {
      for (const row of rows) {
        for (const value of Object.values(row)) {
          const text = String(value instanceof Date ? value.toISOString() : value).toLowerCase();
          for (const secret of secrets) expect(text).not.toContain(secret.toLowerCase());
        }
      }
    }
  });

  it("accepts the username's special characters inside it, and a password of three character classes", async () => {
    const membership = await createMember({ country: "GB" });
    const body = gbBody("a.b@c-d_e");
    body.member.securityProfile.credentials.password = "abcdefg1#";
    const answer = await register(membership, body);
    expect(answer.status, answer.text).toBe(201);
    expect((await profileOf(membership))?.username).toBe("A.B@C-D_E");
  });

  it("accepts a postcode in any case and a date of birth for a GB member, matching what is held", async () => {
    const membership = await createMember({ country: "GB", postCode: "EC1A1BB", dateOfBirth: "1970-01-01" });
    const body = gbBody();
    body.member.postalAddress = { postCode: "ec1a1bb" };
    body.member.dateOfBirth = "1970-01-01";
    expect((await register(membership, body)).status).toBe(201);
  });

  it("does not store registered identifiers of members resident outside ZA", async () => {
    const membership = await createMember({ country: "GB" });
    const body = gbBody();
    body.member.registeredIdentifier = [{ identifier: "GB123456", type: "NATIONAL_IDENTITY_CARD" }];
    expect((await register(membership, body)).status).toBe(201);
    const record = await findMemberByMembershipNumber(database.db(), membership);
    expect(
      await database
        .db()
        .select()
        .from(registeredIdentifiers)
        .where(eq(registeredIdentifiers.memberId, record!.member.id)),
    ).toEqual([]);
  });
});

describe("P7 register account: the membership (E10)", () => {
  it("CUSTOMER_ALREADY_EXISTS (409) when registering again, with the SECURITY_PROFILE_ALREADY_EXISTS child", async () => {
    const answer = await register(gbMember, gbBody());
    const body = expectServiceError(answer, {
      status: 409,
      code: "CUSTOMER_ALREADY_EXISTS",
      childCode: "SECURITY_PROFILE_ALREADY_EXISTS",
      ...wrapped,
    });
    expect(body.childError).toHaveLength(1);
  });

  it("CUSTOMER_ALREADY_EXISTS for a sandbox member who already has a profile", async () => {
    const body = gbBody();
    body.member.dateOfBirth = "1980-05-17";
    expectServiceError(await register("3081000000000001", body), {
      status: 409,
      code: "CUSTOMER_ALREADY_EXISTS",
      ...wrapped,
    });
  });

  it("REGISTRATION_FAILED for an unknown membership", async () => {
    expectServiceError(await register("3081999999999999", gbBody()), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "REGISTRATION_FAILED",
      ...wrapped,
    });
  });

  it.each(["INACTIVE", "BLOCKED", "FRAUD", "CANCELLED", "DECEASED", "GROUP"] as const)(
    "REGISTRATION_FAILED for a %s account",
    async (status) => {
      const membership = await createMember({ country: "GB", status });
      expectServiceError(await register(membership, gbBody()), {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "REGISTRATION_FAILED",
        ...wrapped,
      });
      expect(await profileOf(membership)).toBeNull();
    },
  );

  it.each([
    ["longer than 24 digits", "3081000000000000000000003"],
    ["with letters", "30810000000000AB"],
    ["shorter than 16 digits", "308100000000003"],
  ])("DATA_INVALID for a membership identifier %s", async (_label, membership) => {
    expectServiceError(await register(membership, gbBody()), { ...dataInvalid, path: "membershipIdentifier" });
  });

  it("USERNAME_ALREADY_EXISTS for a username in use, in any case", async () => {
    const membership = await createMember({ country: "GB" });
    expectServiceError(await register(membership, gbBody("DEMO.member1")), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "USERNAME_ALREADY_EXISTS",
      path: "member.securityProfile.credentials.identifier",
      ...wrapped,
    });
    expect(await profileOf(membership)).toBeNull();
  });

  it("AUTHENTICATION_FAILED when the postcode differs from the one held, and nothing is written", async () => {
    const membership = await createMember({ country: "GB", postCode: "EC1A1BB" });
    const body = gbBody();
    body.member.postalAddress = { postCode: "SW1A1AA" };
    const answer = expectServiceError(await register(membership, body), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "AUTHENTICATION_FAILED",
      ...wrapped,
    });
    expect(answer.childError?.[0]?.path).toBeUndefined();
    expect(await profileOf(membership)).toBeNull();
  });

  it("AUTHENTICATION_FAILED when the date of birth differs from the one held", async () => {
    const membership = await createMember({ country: "ES", dateOfBirth: "1980-01-01" });
    const body = esBody();
    body.member.dateOfBirth = "1980-01-02";
    const answer = expectServiceError(await register(membership, body), {
      status: 400,
      code: "REQUEST_INVALID",
      childCode: "AUTHENTICATION_FAILED",
      ...wrapped,
    });
    expect(answer.childError?.[0]?.path).toBeUndefined();
    expect(await profileOf(membership)).toBeNull();
  });

  it("MANDATORY_DATA_MISSING without the postcode a GB resident registers with", async () => {
    const membership = await createMember({ country: "GB" });
    const body = gbBody();
    delete body.member.postalAddress;
    expectServiceError(await register(membership, body), {
      ...mandatoryMissing,
      path: "member.postalAddress.postCode",
    });
  });

  it.each([
    ["absent", undefined],
    ["empty", []],
  ])("MANDATORY_DATA_MISSING when a ZA resident's registered identifier is %s", async (_label, registered) => {
    const membership = await createMember({ country: "ZA" });
    const body = zaBody();
    body.member.registeredIdentifier = registered;
    expectServiceError(await register(membership, body), { ...mandatoryMissing, path: "member.registeredIdentifier" });
  });

  it("MANDATORY_DATA_MISSING without the postcode a ZA resident registers with", async () => {
    const membership = await createMember({ country: "ZA" });
    const body = zaBody();
    delete body.member.postalAddress;
    expectServiceError(await register(membership, body), {
      ...mandatoryMissing,
      path: "member.postalAddress.postCode",
    });
  });

  it.each([["ES"], [null]])(
    "MANDATORY_DATA_MISSING without a date of birth for a member resident in %s",
    async (country) => {
      const membership = await createMember({ country });
      const body = esBody();
      delete body.member.dateOfBirth;
      expectServiceError(await register(membership, body), { ...mandatoryMissing, path: "member.dateOfBirth" });
    },
  );
});

describe("P7 register account: MANDATORY_DATA_MISSING (E10)", () => {
  it.each([
    ["an empty body", ""],
    ["an empty object", "{}"],
    ["null", "null"],
    ["an array", "[]"],
    ["a body that is not JSON", "{member:"],
  ])("for %s", async (_label, raw) => {
    expectServiceError(await register(gbMember, undefined, { raw }), mandatoryMissing);
  });

  const cases: Array<[string, (body: RegistrationBody) => void, string]> = [
    ["an empty member", (body) => (body.member = {} as RegistrationBody["member"]), "member.securityProfile"],
    [
      "no credentials",
      (body) => delete (body.member.securityProfile as Record<string, unknown>).credentials,
      "member.securityProfile.credentials",
    ],
    [
      "empty credentials",
      (body) => (body.member.securityProfile.credentials = {}),
      "member.securityProfile.credentials.identifier",
    ],
    [
      "an empty username",
      (body) => (body.member.securityProfile.credentials.identifier = ""),
      "member.securityProfile.credentials.identifier",
    ],
    [
      "an empty password",
      (body) => (body.member.securityProfile.credentials.password = ""),
      "member.securityProfile.credentials.password",
    ],
    [
      "no security responses",
      (body) => delete (body.member.securityProfile as Record<string, unknown>).securityResponses,
      "member.securityProfile.securityResponses",
    ],
    [
      "only one security response",
      (body) => body.member.securityProfile.securityResponses.pop(),
      "member.securityProfile.securityResponses",
    ],
    [
      "three security responses",
      (body) => body.member.securityProfile.securityResponses.push({ questionIdentifier: "3", response: "third" }),
      "member.securityProfile.securityResponses",
    ],
    [
      "an empty security response",
      (body) => (body.member.securityProfile.securityResponses[0] = { questionIdentifier: "1", response: "" }),
      "member.securityProfile.securityResponses[0].response",
    ],
    [
      "a blank security response",
      (body) => (body.member.securityProfile.securityResponses[0] = { questionIdentifier: "1", response: "   " }),
      "member.securityProfile.securityResponses[0].response",
    ],
    [
      "a security response of 101 characters",
      (body) =>
        (body.member.securityProfile.securityResponses[0] = { questionIdentifier: "1", response: "x".repeat(101) }),
      "member.securityProfile.securityResponses[0].response",
    ],
    [
      "an empty security challenge",
      (body) => (body.member.securityProfile.securityResponses[0] = {}),
      "member.securityProfile.securityResponses[0].questionIdentifier",
    ],
    ...(["13", "0", "00", "A", "123", "-1", "1.5", ""] as const).map(
      (id): [string, (body: RegistrationBody) => void, string] => [
        `question identifier '${id}'`,
        (body) => (body.member.securityProfile.securityResponses[0] = { questionIdentifier: id, response: "answer" }),
        "member.securityProfile.securityResponses[0].questionIdentifier",
      ],
    ),
    [
      "the same question twice",
      (body) =>
        (body.member.securityProfile.securityResponses = [
          { questionIdentifier: "4", response: "one" },
          { questionIdentifier: "04", response: "two" },
        ]),
      "member.securityProfile.securityResponses[1].questionIdentifier",
    ],
    [
      "a postal address without its postcode",
      (body) => (body.member.postalAddress = {}),
      "member.postalAddress.postCode",
    ],
    [
      "a registered identifier without its identifier",
      (body) => (body.member.registeredIdentifier = [{ type: "PASSPORT" }]),
      "member.registeredIdentifier[0].identifier",
    ],
    [
      "a registered identifier without its type",
      (body) => (body.member.registeredIdentifier = [{ identifier: "AB123" }]),
      "member.registeredIdentifier[0].type",
    ],
  ];
  it.each(cases)("for %s", async (_label, change, path) => {
    const body = gbBody();
    change(body);
    expectServiceError(await register(gbMember, body), { ...mandatoryMissing, path });
  });
});

describe("P7 register account: DATA_INVALID (E10)", () => {
  const usernamePath = "member.securityProfile.credentials.identifier";
  it.each([
    ["5 characters", "abc12"],
    ["51 characters", `a${"b".repeat(50)}`],
    ["a leading special character", ".jo.tester"],
    ["a trailing special character", "jo.tester-"],
    ["a leading @", "@jotester"],
    ["a trailing _", "jotester_"],
    ["a $", "jo$tester"],
    ["a space", "jo tester"],
    ["an accented letter", "josé.tester"],
  ])("for a username with %s", async (_label, username) => {
    expectServiceError(await register(gbMember, gbBody(username)), { ...dataInvalid, path: usernamePath });
  });

  const passwordPath = "member.securityProfile.credentials.password";
  it.each([
    ["7 characters", "Ab1#xyz"],
    ["21 characters", "Ab1#xyzabcdefghijklmn"],
    ["two classes only (lower case, digits)", "alllower1234"],
    ["two classes only (upper case, special)", "ALLUPPER#$%"],
    ["an accented character", "Contraseña#1"],
    ["a space", "Pass word#1"],
  ])("for a password of %s", async (_label, password) => {
    const body = gbBody();
    body.member.securityProfile.credentials.password = password;
    expectServiceError(await register(gbMember, body), { ...dataInvalid, path: passwordPath });
  });

  it.each([
    ["empty", ""],
    ["with a space", "SW1A 1AA"],
    ["of 9 characters", "SW1A1AAXX"],
    ["with a hyphen", "SW1A-1AA"],
    ["a number", 12345],
  ])("for a postcode %s", async (_label, postCode) => {
    const body = gbBody();
    body.member.postalAddress = { postCode };
    expectServiceError(await register(gbMember, body), { ...dataInvalid, path: "member.postalAddress.postCode" });
  });

  it.each([
    ["an empty identifier", { identifier: "", type: "PASSPORT" }, "member.registeredIdentifier[0].identifier"],
    [
      "an identifier of 25 characters",
      { identifier: "X".repeat(25), type: "PASSPORT" },
      "member.registeredIdentifier[0].identifier",
    ],
    ["an empty type", { identifier: "AB123", type: "" }, "member.registeredIdentifier[0].type"],
    ["a lower-case type", { identifier: "AB123", type: "passport" }, "member.registeredIdentifier[0].type"],
    ["an unknown type", { identifier: "AB123", type: "DRIVING_LICENCE" }, "member.registeredIdentifier[0].type"],
  ])("for a registered identifier with %s", async (_label, item, path) => {
    const body = zaBody();
    body.member.registeredIdentifier = [item];
    expectServiceError(await register(zaMember, body), { ...dataInvalid, path });
  });

  it("for more than 5 registered identifiers", async () => {
    const body = zaBody();
    body.member.registeredIdentifier = Array.from({ length: 6 }, (_, index) => ({
      identifier: `ID${index}`,
      type: "PASSPORT",
    }));
    expectServiceError(await register(zaMember, body), { ...dataInvalid, path: "member.registeredIdentifier" });
  });

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  it.each([["1990-02-30"], ["1990-13-01"], ["1990-1-01"], ["19900101"], ["0999-12-31"], [tomorrow], ["2023-02-29"]])(
    "for the date of birth %s",
    async (dateOfBirth) => {
      const body = esBody();
      body.member.dateOfBirth = dateOfBirth;
      expectServiceError(await register(esMember, body), { ...dataInvalid, path: "member.dateOfBirth" });
    },
  );

  it("for an element the contract does not have", async () => {
    const body = gbBody();
    body.member.nickname = "JO";
    expectServiceError(await register(gbMember, body), { ...dataInvalid, path: "member" });
  });
});

describe("P7 register account: protocol", () => {
  it("answers on v2 only", async () => {
    expectServiceError(await register(gbMember, gbBody(), { version: "v3" }), {
      status: 404,
      code: "REQUEST_INVALID",
      childCode: "VERSION_NOT_SUPPORTED",
      ...wrapped,
    });
  });

  it("answers 405 to other methods", async () => {
    const answer = await register(gbMember, gbBody(), { method: "PUT" });
    expectServiceError(answer, {
      status: 405,
      code: "REQUEST_INVALID",
      childCode: "HTTP_METHOD_NOT_SUPPORTED",
      ...wrapped,
    });
    expect(answer.headers.get("allow")).toBe("POST");
  });

  it("requires a JSON Content-Type", async () => {
    const answer = await register(gbMember, gbBody(), { headers: { "Content-Type": "text/plain" } });
    expectServiceError(answer, { status: 415, code: "REQUEST_INVALID", childCode: "HEADER_INVALID", ...wrapped });
  });

  it("needs no member token, only the api_key", async () => {
    const answer = await callRoute(registrationRoute, {
      method: "POST",
      url: `/api/v2/memberships/${gbMember}/registrations`,
      params: { version: "v2", membershipIdentifier: gbMember },
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(gbBody()),
    });
    expectServiceError(answer, { status: 401, code: "DEVELOPER_NOT_AUTHORIZED", ...wrapped });
  });
});

/**
 * A registration that lost a race for one membership: the profile exists
 * already, or (each attempt being counted before its details are compared)
 * more than the allowed attempts were in flight at once.
 */
function expectLostRace(answer: RouteAnswer): void {
  if (answer.status === 429) {
    expectServiceError(answer, { status: 429, code: "USAGE_RATE_LIMIT_EXCEEDED", ...wrapped });
  } else {
    expectServiceError(answer, { status: 409, code: "CUSTOMER_ALREADY_EXISTS", ...wrapped });
  }
}

describe("P7 register account: the database decides races", () => {
  it("reports a unique violation the way either driver raises it", async () => {
    const db = database.db();
    const [taken] = await db.select().from(securityProfiles).limit(1);
    const error = await db
      .insert(securityProfiles)
      .values({ memberId: taken!.memberId, username: "ANOTHER.NAME", passwordHash: "x" })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(uniqueViolationOf(error)).toEqual({ constraint: "security_profiles_member_id_unique" });
    expect(uniqueViolationOf(new Error("not a database error"))).toBeUndefined();
  });

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "10 parallel registrations of one member create exactly one security profile",
    ),
    async () => {
      const membership = await createMember({ country: "GB" });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => register(membership, gbBody(`racer.${index}.${membership}`))),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      for (const answer of answers.filter((candidate) => candidate.status !== 201)) expectLostRace(answer);
      const record = await findMemberByMembershipNumber(database.db(), membership);
      const profiles = await database
        .db()
        .select()
        .from(securityProfiles)
        .where(eq(securityProfiles.memberId, record!.member.id));
      expect(profiles).toHaveLength(1);
      const responses = await database
        .db()
        .select()
        .from(securityResponses)
        .where(eq(securityResponses.securityProfileId, profiles[0]!.id));
      expect(responses).toHaveLength(2);
    },
  );

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "10 parallel registrations of one member with one username: one 201, the others already exist",
    ),
    async () => {
      const membership = await createMember({ country: "GB" });
      const username = `same.racer.${membership}`;
      const answers = await Promise.all(Array.from({ length: 10 }, () => register(membership, gbBody(username))));
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 201)) expectLostRace(answer);
    },
  );

  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "two members racing for one username: one 201, the other USERNAME_ALREADY_EXISTS",
    ),
    async () => {
      const first = await createMember({ country: "GB" });
      const second = await createMember({ country: "GB" });
      const username = `contested.${first}`;
      const answers = await Promise.all([
        register(first, gbBody(username)),
        register(second, gbBody(username.toUpperCase())),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      const loser = answers.find((answer) => answer.status === 400)!;
      expectServiceError(loser, {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "USERNAME_ALREADY_EXISTS",
        ...wrapped,
      });
    },
  );
});
