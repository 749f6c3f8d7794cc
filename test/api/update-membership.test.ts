import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { membershipResource as membershipRoute } from "@/server/loyalty/operations/update-membership";
import { membershipResource as testMembershipRoute } from "@/server/loyalty/operations/update-membership";
import { utcToday } from "@/lib/contract/register-account";
import { membershipResponseSchema, type MembershipResponse } from "@/lib/contract/retrieve-membership";
import { accounts } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipProgrammes, telecomAddresses } from "@/server/loyalty/members/member-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { callRoute, withKey } from "../support/call-route";
import { expectServiceError } from "../support/error-assertions";
import { issueMemberToken } from "../support/member-tokens";
import { setupTestDatabase } from "../support/test-database";
import { needsPostgres, unlessSkipped } from "@/test/support/skip-condition";

const database = setupTestDatabase();

const flat = { shape: "flat" } as const;
const dataInvalid = { status: 400, code: "REQUEST_INVALID", childCode: "DATA_INVALID", ...flat } as const;
const mandatoryMissing = {
  status: 400,
  code: "REQUEST_INVALID",
  childCode: "MANDATORY_DATA_MISSING",
  ...flat,
} as const;
const addressNotSupported = {
  status: 400,
  code: "ADDRESS_NOT_SUPPORTED",
  childCode: "ADDRESS_NOT_SUPPORTED",
  ...flat,
} as const;
const detailsExist = { status: 400, code: "DETAILS_ALREADY_EXIST", ...flat } as const;
const postalAddressInvalid = {
  status: 400,
  code: "REQUEST_INVALID",
  childCode: "POSTAL_ADDRESS_INVALID",
  ...flat,
} as const;
const programmeInvalid = {
  status: 400,
  code: "REQUEST_INVALID",
  childCode: "PROGRAMME_INVALID",
  path: "programme.identifier",
  ...flat,
} as const;

const tokens = new Map<string, string>();
async function tokenOf(membership: string): Promise<string> {
  const known = tokens.get(membership);
  if (known) return known;
  const token = await issueMemberToken(database.db(), membership);
  tokens.set(membership, token);
  return token;
}

interface CallOptions {
  token?: string | null;
  version?: string;
  method?: string;
  headers?: Record<string, string>;
  raw?: string;
  testPath?: boolean;
}

async function call(membership: string, body: unknown, options: CallOptions = {}) {
  const version = options.version ?? "v3";
  const bearer = options.token === undefined ? await tokenOf(membership) : options.token;
  const method = options.method ?? "PATCH";
  return callRoute(options.testPath ? testMembershipRoute : membershipRoute, {
    method,
    url: withKey(`/api/${options.testPath ? "test/" : ""}${version}/memberships/${membership}`),
    params: { version, membershipIdentifier: membership },
    headers: {
      ...(bearer === null ? {} : { Authorization: `Bearer ${bearer}` }),
      ...(method === "GET" ? {} : { "Content-Type": "application/json" }),
      ...options.headers,
    },
    body: method === "GET" ? undefined : (options.raw ?? JSON.stringify(body)),
  });
}

const update = (membership: string, body: unknown, options?: CallOptions) => call(membership, body, options);

async function read(membership: string): Promise<MembershipResponse> {
  const answer = await call(membership, undefined, { method: "GET" });
  expect(answer.status, answer.text).toBe(200);
  return membershipResponseSchema.parse(answer.json);
}

async function expectNoContent(answer: { status: number; text: string }) {
  expect(answer.status, answer.text).toBe(204);
  expect(answer.text).toBe("");
}

let fixtureCounter = 0;

/** A membership made for one test: no title, date of birth or country unless given. */
async function createMember(
  options: { country?: string | null; dateOfBirth?: string; title?: string } = {},
): Promise<string> {
  const db = database.db();
  fixtureCounter += 1;
  const membershipNumber = `30818${String(process.pid % 1000).padStart(3, "0")}${String(fixtureCounter).padStart(8, "0")}`;
  const [programme] = await db.select().from(programmes).where(eq(programmes.identifier, "NORTHSTAR"));
  const [member] = await db
    .insert(members)
    .values({
      membershipNumber,
      firstName: "Fix",
      familyName: "TURE",
      countryOfResidence: options.country === undefined ? "GB" : options.country,
      dateOfBirth: options.dateOfBirth ?? null,
      title: options.title ?? null,
      joinDate: "2020-01-01",
    })
    .returning();
  await db
    .insert(accounts)
    .values({ memberId: member!.id, programmeId: programme!.id, accountType: "INDIVIDUAL", status: "ACTIVE" });
  await db.insert(membershipProgrammes).values({ memberId: member!.id, programmeId: programme!.id });
  return membershipNumber;
}

const person = (fields: Record<string, unknown>) => ({ member: { person: fields } });
const gbAddress = (fields: Record<string, unknown> = {}) => ({
  type: "PERSONAL",
  addressLines: ["10 Downing Street", "Westminster"],
  countryCode: "gb",
  postCode: "sw1a2aa",
  ...fields,
});
const mobile = (fields: Record<string, unknown> = {}) => ({
  countryCode: "44",
  areaCode: "7700",
  number: "900123",
  type: "PERSONAL",
  deviceType: "MOBILE",
  ...fields,
});

function yearsAgo(years: number, dayShift = 0): string {
  const today = utcToday();
  const date = new Date(`${String(Number(today.slice(0, 4)) - years).padStart(4, "0")}${today.slice(4)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + dayShift);
  return date.toISOString().slice(0, 10);
}

describe("P8 update membership: success", () => {
  it("answers 204 with an empty body, and every change shows in the read model, in upper-case ASCII", async () => {
    const membership = "3081000000000003";
    const before = await read(membership);
    expect(before.canAdd).toEqual({ title: true, dateOfBirth: true, countryOfResidence: false });

    await expectNoContent(
      await update(membership, {
        member: {
          person: {
            name: { title: "Mr" },
            dateOfBirth: "1985-06-15",
            locale: { languageCode: "en" },
            preferredPostalAddress: gbAddress(),
            otherPostalAddress: {
              type: "BUSINESS",
              addressLines: ["1 Canada Square"],
              countryCode: "GB",
              postCode: "E145AB",
              validation: "EXPLICIT",
            },
            emailAddresses: { preferredEmailAddress: { emailAddress: "jo.tester@example.co.uk" } },
            preferredTelecomAddress: mobile(),
          },
          marketingPreference: [
            { campaignType: "TRAVEL_OFFERS", communicationChannel: "POSTAL", indicator: "Y" },
            { campaignType: "PARTNER", communicationChannel: "POSTAL", indicator: "N" },
          ],
          contactPreference: [
            { communicationChannel: "EMAIL", indicator: "Y" },
            { communicationChannel: "SMS", indicator: "N" },
            { communicationChannel: "PHONE", indicator: "Y" },
          ],
        },
        programme: { identifier: "meridian" },
      }),
    );

    const after = await read(membership);
    expect(after.member.person).toMatchObject({
      name: { title: "MR", familyName: "Tester" },
      dateOfBirth: "1985-06-15",
      countryOfResidence: "GB",
      locale: { languageCode: "EN" },
      emailAddresses: { preferredEmailAddress: { emailAddress: "JO.TESTER@EXAMPLE.CO.UK" } },
      preferredPostalAddress: {
        type: "PERSONAL",
        addressLines: ["10 DOWNING STREET", "WESTMINSTER"],
        countryCode: "GB",
        postCode: "SW1A2AA",
        validation: "SYSTEM",
      },
      otherPostalAddress: {
        type: "BUSINESS",
        addressLines: ["1 CANADA SQUARE"],
        countryCode: "GB",
        postCode: "E145AB",
        validation: "EXPLICIT",
      },
      telecomAddresses: [
        { type: "PERSONAL", deviceType: "MOBILE", countryCode: "44", areaCode: "7700", number: "900123" },
      ],
    });
    expect(after.member.marketingPreference).toEqual([
      { campaignType: "PARTNER", communicationChannel: "POSTAL", indicator: "N" },
      { campaignType: "TRAVEL_OFFERS", communicationChannel: "POSTAL", indicator: "Y" },
    ]);
    expect(after.member.contactPreference).toEqual([
      { communicationChannel: "EMAIL", indicator: "Y" },
      { communicationChannel: "PHONE", indicator: "Y" },
      { communicationChannel: "SMS", indicator: "N" },
    ]);
    expect(after.programmes.map((programme) => programme.identifier)).toEqual(["NORTHSTAR", "MERIDIAN"]);
    expect(after.canAdd).toEqual({ title: false, dateOfBirth: false, countryOfResidence: false });
  });

  it("transliterates accents one way: stored upper-case ASCII", async () => {
    const membership = await createMember({ country: "ES" });
    await expectNoContent(
      await update(
        membership,
        person({
          name: { title: "Doña" },
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["Calle José Ortega y Gasset 12", "Málaga"],
            countryCode: "es",
            postCode: "29001",
          },
          emailAddresses: { preferredEmailAddress: { emailAddress: "núria.garcía@example.es" } },
        }),
      ),
    );
    const view = await read(membership);
    expect(view.member.person.name.title).toBe("DONA");
    expect(view.member.person.preferredPostalAddress?.addressLines).toEqual([
      "CALLE JOSE ORTEGA Y GASSET 12",
      "MALAGA",
    ]);
    expect(view.member.person.emailAddresses?.preferredEmailAddress.emailAddress).toBe("NURIA.GARCIA@EXAMPLE.ES");
  });

  it("an empty body {} is a valid partial update that changes nothing", async () => {
    const membership = await createMember();
    const before = await read(membership);
    await expectNoContent(await update(membership, {}));
    await expectNoContent(await update(membership, person({})));
    expect(await read(membership)).toEqual(before);
  });

  it("works on the /test/ path", async () => {
    const membership = await createMember();
    await expectNoContent(await update(membership, person({ locale: { languageCode: "fr" } }), { testPath: true }));
    expect((await read(membership)).member.person.locale).toEqual({ languageCode: "FR" });
  });

  it("validates only the first X-Forwarded-For address", async () => {
    const membership = await createMember();
    await expectNoContent(
      await update(membership, {}, { headers: { "X-Forwarded-For": "203.0.113.7, not-an-address" } }),
    );
    expectServiceError(
      await update(membership, {}, { headers: { "X-Forwarded-For": "not-an-address, 203.0.113.7" } }),
      dataInvalid,
    );
  });

  it.each([["it"], ["ES"], ["Ca"], ["FR"], ["en"]])("accepts the language %s in any case", async (languageCode) => {
    const membership = await createMember();
    await expectNoContent(await update(membership, person({ locale: { languageCode } })));
    expect((await read(membership)).member.person.locale?.languageCode).toBe(languageCode.toUpperCase());
  });

  it.each([
    ["exactly 18 today", yearsAgo(18)],
    ["the earliest accepted date", "1000-01-01"],
  ])("accepts a date of birth %s", async (_label, dateOfBirth) => {
    const membership = await createMember();
    await expectNoContent(await update(membership, person({ dateOfBirth })));
    expect((await read(membership)).member.person.dateOfBirth).toBe(dateOfBirth);
  });

  it("updates the phone number of a kind the member holds and adds one of another kind, up to the three kinds", async () => {
    const membership = await createMember();
    await expectNoContent(await update(membership, person({ preferredTelecomAddress: mobile({ number: "900001" }) })));
    await expectNoContent(await update(membership, person({ preferredTelecomAddress: mobile({ number: "900002" }) })));
    let view = await read(membership);
    expect(view.member.person.telecomAddresses).toEqual([
      { type: "PERSONAL", deviceType: "MOBILE", countryCode: "44", areaCode: "7700", number: "900002" },
    ]);

    await expectNoContent(
      await update(
        membership,
        person({
          preferredTelecomAddress: { areaCode: "20", number: "79460000", type: "BUSINESS", deviceType: "PHONE" },
        }),
      ),
    );
    await expectNoContent(
      await update(
        membership,
        person({ preferredTelecomAddress: { number: "1234567", type: "PERSONAL", deviceType: "PHONE" } }),
      ),
    );
    await expectNoContent(
      await update(
        membership,
        person({ preferredTelecomAddress: { number: "7654321", type: "PERSONAL", deviceType: "PHONE" } }),
      ),
    );
    view = await read(membership);
    expect(
      view.member.person.telecomAddresses.map((telecom) => [telecom.type, telecom.deviceType, telecom.number]),
    ).toEqual([
      ["PERSONAL", "MOBILE", "900002"],
      ["BUSINESS", "PHONE", "79460000"],
      ["PERSONAL", "PHONE", "7654321"],
    ]);
  });

  it("accepts otherTelecomAddress but never stores it", async () => {
    const membership = await createMember();
    await expectNoContent(
      await update(
        membership,
        person({ otherTelecomAddress: [mobile(), { number: "5550000", type: "BUSINESS", deviceType: "PHONE" }] }),
      ),
    );
    expect((await read(membership)).member.person.telecomAddresses).toEqual([]);
    const record = await database.db().select().from(members).where(eq(members.membershipNumber, membership));
    expect(
      await database.db().select().from(telecomAddresses).where(eq(telecomAddresses.memberId, record[0]!.id)),
    ).toEqual([]);
  });

  it("updates a marketing or contact preference sent again", async () => {
    const membership = await createMember();
    await expectNoContent(
      await update(membership, {
        member: {
          person: {},
          marketingPreference: [{ campaignType: "PARTNER", communicationChannel: "POSTAL", indicator: "Y" }],
        },
      }),
    );
    await expectNoContent(
      await update(membership, {
        member: {
          person: {},
          marketingPreference: [{ campaignType: "PARTNER", communicationChannel: "POSTAL", indicator: "N" }],
        },
      }),
    );
    await expectNoContent(
      await update(membership, {
        member: { person: {}, contactPreference: [{ communicationChannel: "SMS", indicator: "Y" }] },
      }),
    );
    await expectNoContent(
      await update(membership, {
        member: { person: {}, contactPreference: [{ communicationChannel: "SMS", indicator: "N" }] },
      }),
    );
    const view = await read(membership);
    expect(view.member.marketingPreference).toEqual([
      { campaignType: "PARTNER", communicationChannel: "POSTAL", indicator: "N" },
    ]);
    expect(view.member.contactPreference).toEqual([{ communicationChannel: "SMS", indicator: "N" }]);
  });

  it("replaces a postal address of the same type, keeping the country", async () => {
    const membership = await createMember();
    await expectNoContent(await update(membership, person({ preferredPostalAddress: gbAddress() })));
    await expectNoContent(
      await update(
        membership,
        person({ preferredPostalAddress: gbAddress({ addressLines: ["221B Baker Street"], postCode: "NW16XE" }) }),
      ),
    );
    expect((await read(membership)).member.person.preferredPostalAddress).toEqual({
      type: "PERSONAL",
      addressLines: ["221B BAKER STREET"],
      countryCode: "GB",
      postCode: "NW16XE",
      validation: "SYSTEM",
    });
  });

  it("associates a programme of the partner", async () => {
    const membership = await createMember();
    await expectNoContent(await update(membership, { programme: { identifier: "HORIZON" } }));
    expect((await read(membership)).programmes.map((programme) => programme.identifier)).toEqual([
      "NORTHSTAR",
      "HORIZON",
    ]);
  });
});

describe("P8 update membership: add-only details (DETAILS_ALREADY_EXIST)", () => {
  const household = "3081000000000002";

  it.each([
    ["a title", person({ name: { title: "DR" } }), "member.person.name.title"],
    ["the same title", person({ name: { title: "ms" } }), "member.person.name.title"],
    ["a date of birth", person({ dateOfBirth: "1975-01-31" }), "member.person.dateOfBirth"],
    ["the same date of birth", person({ dateOfBirth: "1975-01-30" }), "member.person.dateOfBirth"],
    [
      "a postal address outside the country of residence",
      person({ preferredPostalAddress: gbAddress() }),
      "member.person.preferredPostalAddress.countryCode",
    ],
  ])("for %s on member 3081000000000002 (title and date of birth set, resident in US)", async (_label, body, path) => {
    expectServiceError(await update(household, body), { ...detailsExist, path });
  });

  it("accepts a postal address in the country of residence", async () => {
    await expectNoContent(
      await update(
        household,
        person({
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["1600 Pennsylvania Ave NW"],
            countryCode: "us",
            postCode: "20500",
          },
        }),
      ),
    );
  });

  it("lists every add-only detail the request tries to change", async () => {
    const body = expectServiceError(
      await update(household, person({ name: { title: "DR" }, dateOfBirth: "1975-01-31" })),
      detailsExist,
    );
    expect(body.childError?.map((child) => child.path)).toEqual([
      "member.person.name.title",
      "member.person.dateOfBirth",
    ]);
  });

  it("adds a title and a date of birth once, then refuses to change them", async () => {
    const membership = await createMember();
    await expectNoContent(await update(membership, person({ name: { title: "Prof" }, dateOfBirth: "1960-02-29" })));
    expectServiceError(await update(membership, person({ name: { title: "Dr" } })), {
      ...detailsExist,
      path: "member.person.name.title",
    });
    expectServiceError(await update(membership, person({ dateOfBirth: "1960-03-01" })), {
      ...detailsExist,
      path: "member.person.dateOfBirth",
    });
    const view = await read(membership);
    expect([view.member.person.name.title, view.member.person.dateOfBirth]).toEqual(["PROF", "1960-02-29"]);
  });

  it("sets an absent country of residence from the postal address, then keeps it", async () => {
    const membership = await createMember({ country: null });
    expect((await read(membership)).canAdd.countryOfResidence).toBe(true);
    await expectNoContent(
      await update(
        membership,
        person({
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["Via Roma 1"],
            countryCode: "it",
            postCode: "00184",
          },
        }),
      ),
    );
    const view = await read(membership);
    expect(view.member.person.countryOfResidence).toBe("IT");
    expect(view.canAdd.countryOfResidence).toBe(false);
    expectServiceError(
      await update(
        membership,
        person({
          otherPostalAddress: {
            type: "BUSINESS",
            addressLines: ["1 Rue de Rivoli"],
            countryCode: "FR",
            postCode: "75001",
          },
        }),
      ),
      { ...detailsExist, path: "member.person.otherPostalAddress.countryCode" },
    );
  });

  it("refuses two addresses in different countries when none is held, and sets nothing", async () => {
    const membership = await createMember({ country: null });
    expectServiceError(
      await update(
        membership,
        person({
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["Via Roma 1"],
            countryCode: "IT",
            postCode: "00184",
          },
          otherPostalAddress: {
            type: "BUSINESS",
            addressLines: ["1 Rue de Rivoli"],
            countryCode: "FR",
            postCode: "75001",
          },
        }),
      ),
      { ...detailsExist, path: "member.person.otherPostalAddress.countryCode" },
    );
    const view = await read(membership);
    expect(view.member.person.countryOfResidence).toBeUndefined();
    expect(view.member.person.preferredPostalAddress).toBeUndefined();
  });
});

describe("P8 update membership: concurrent updates", () => {
  it.runIf(process.env.TEST_DATABASE_KIND === "postgres")(
    unlessSkipped(
      process.env.TEST_DATABASE_KIND === "postgres",
      needsPostgres,
      "of an absent title: exactly one adds it, the others find it already there",
    ),
    async () => {
      const membership = await createMember();
      const titles = ["Dr", "Prof", "Mr", "Ms", "Mx", "Sir", "Dame", "Lord"];
      const answers = await Promise.all(titles.map((title) => update(membership, person({ name: { title } }))));
      const winners = answers.flatMap((answer, index) => (answer.status === 204 ? [titles[index]!.toUpperCase()] : []));
      expect(winners).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 204)) {
        expectServiceError(answer, { ...detailsExist, path: "member.person.name.title" });
      }
      expect((await read(membership)).member.person.name.title).toBe(winners[0]);
    },
  );
});

describe("P8 update membership: a rejected request changes nothing", () => {
  const valid = {
    name: { title: "Dr" },
    dateOfBirth: "1970-07-07",
    locale: { languageCode: "IT" },
    emailAddresses: { preferredEmailAddress: { emailAddress: "x@example.com" } },
    preferredPostalAddress: gbAddress(),
    preferredTelecomAddress: mobile(),
  };
  const preferences = {
    marketingPreference: [{ campaignType: "PARTNER", communicationChannel: "POSTAL", indicator: "Y" }],
    contactPreference: [{ communicationChannel: "EMAIL", indicator: "Y" }],
  };

  it.each([
    [
      "an invalid element",
      { member: { person: { ...valid, locale: { languageCode: "DE" } }, ...preferences } },
      dataInvalid,
    ],
    [
      "an unknown programme",
      { member: { person: valid, ...preferences }, programme: { identifier: "NOSUCH" } },
      programmeInvalid,
    ],
    [
      "a phone number of another country",
      { member: { person: { ...valid, preferredTelecomAddress: mobile({ countryCode: "34" }) }, ...preferences } },
      { status: 400, code: "REQUEST_INVALID", childCode: "PHONE_NUMBER_INVALID", ...flat },
    ],
  ])("with %s", async (_label, body, expected) => {
    const membership = await createMember();
    const before = await read(membership);
    expectServiceError(await update(membership, body), expected);
    expect(await read(membership)).toEqual(before);
  });

  it("rolls back what was written when a later write fails", async () => {
    const membership = await createMember();
    const before = await read(membership);
    const handle = database.handle();
    // The last write of the request (a contact preference) is made to fail inside the transaction.
    await handle.exec(
      `ALTER TABLE loyalty.contact_preferences ADD CONSTRAINT test_refuse_sms CHECK (communication_channel <> 'SMS') NOT VALID`,
    );
    try {
      const answer = await update(membership, {
        member: { person: valid, ...preferences, contactPreference: [{ communicationChannel: "SMS", indicator: "Y" }] },
      });
      expectServiceError(answer, { status: 503, code: "SYSTEM_UNAVAILABLE", shape: "wrapped" });
    } finally {
      await handle.exec(`ALTER TABLE loyalty.contact_preferences DROP CONSTRAINT test_refuse_sms`);
    }
    expect(await read(membership)).toEqual(before);
  });
});

describe("P8 update membership: element rules (E11)", () => {
  const today = utcToday();
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  type Case = [label: string, body: unknown, expected: Parameters<typeof expectServiceError>[1]];
  const at = (expected: Parameters<typeof expectServiceError>[1], path: string) => ({ ...expected, path });

  const cases: Case[] = [
    // member.person
    ["member without person", { member: {} }, at(mandatoryMissing, "member.person")],
    ["member.person not an object", { member: { person: "JO" } }, at(dataInvalid, "member.person")],
    ["an unknown top-level element", { membership: {} }, dataInvalid],
    // title
    ["an empty title", person({ name: { title: "" } }), at(dataInvalid, "member.person.name.title")],
    ["a title with a dot", person({ name: { title: "Dr." } }), at(dataInvalid, "member.person.name.title")],
    ["a title with a digit", person({ name: { title: "D1" } }), at(dataInvalid, "member.person.name.title")],
    ["a title of 31 letters", person({ name: { title: "A".repeat(31) } }), at(dataInvalid, "member.person.name.title")],
    ["a first name (not updatable)", person({ name: { firstName: "Joe" } }), at(dataInvalid, "member.person.name")],
    // date of birth
    [
      "an impossible date of birth",
      person({ dateOfBirth: "1990-02-30" }),
      at(dataInvalid, "member.person.dateOfBirth"),
    ],
    [
      "a date of birth before 1000-01-01",
      person({ dateOfBirth: "0999-12-31" }),
      at(dataInvalid, "member.person.dateOfBirth"),
    ],
    ["a date of birth in the future", person({ dateOfBirth: tomorrow }), at(dataInvalid, "member.person.dateOfBirth")],
    [
      "a member one day short of 18 (the spec's 500)",
      person({ dateOfBirth: yearsAgo(18, 1) }),
      at(dataInvalid, "member.person.dateOfBirth"),
    ],
    ["a member of 17", person({ dateOfBirth: yearsAgo(17) }), at(dataInvalid, "member.person.dateOfBirth")],
    [
      "a date of birth with a time",
      person({ dateOfBirth: "1990-01-01T00:00:00Z" }),
      at(dataInvalid, "member.person.dateOfBirth"),
    ],
    // language
    [
      "the language DE",
      person({ locale: { languageCode: "DE" } }),
      at(dataInvalid, "member.person.locale.languageCode"),
    ],
    [
      "a three-letter language",
      person({ locale: { languageCode: "eng" } }),
      at(dataInvalid, "member.person.locale.languageCode"),
    ],
    [
      "a locale without its language",
      person({ locale: {} }),
      at(mandatoryMissing, "member.person.locale.languageCode"),
    ],
    // postal addresses
    [
      "an unknown address type",
      person({ preferredPostalAddress: gbAddress({ type: "HOME" }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.type"),
    ],
    [
      "a lower-case address type",
      person({ preferredPostalAddress: gbAddress({ type: "personal" }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.type"),
    ],
    [
      "no address lines",
      person({ preferredPostalAddress: gbAddress({ addressLines: [] }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.addressLines"),
    ],
    [
      "five address lines",
      person({ preferredPostalAddress: gbAddress({ addressLines: ["1", "2", "3", "4", "5"] }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.addressLines"),
    ],
    [
      "a blank address line",
      person({ preferredPostalAddress: gbAddress({ addressLines: ["1 High St", " "] }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.addressLines[1]"),
    ],
    [
      "an address line of 51 characters",
      person({ preferredPostalAddress: gbAddress({ addressLines: ["x".repeat(51)] }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.addressLines[0]"),
    ],
    [
      "an address line in another script",
      person({ preferredPostalAddress: gbAddress({ addressLines: ["東京都"] }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.addressLines[0]"),
    ],
    [
      "a three-letter country",
      person({ preferredPostalAddress: gbAddress({ countryCode: "GBR" }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.countryCode"),
    ],
    [
      "a country that is not ISO 3166-1",
      person({ preferredPostalAddress: gbAddress({ countryCode: "XX" }) }),
      at(postalAddressInvalid, "member.person.preferredPostalAddress.countryCode"),
    ],
    [
      "a postcode with a space",
      person({ preferredPostalAddress: gbAddress({ postCode: "SW1A 2AA" }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.postCode"),
    ],
    [
      "a postcode of 9 characters",
      person({ preferredPostalAddress: gbAddress({ postCode: "SW1A2AAXX" }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.postCode"),
    ],
    [
      "a postcode not of the country",
      person({ preferredPostalAddress: gbAddress({ postCode: "12345" }) }),
      at(postalAddressInvalid, "member.person.preferredPostalAddress.postCode"),
    ],
    [
      "no postcode where the country needs one",
      person({ preferredPostalAddress: gbAddress({ postCode: undefined }) }),
      at(postalAddressInvalid, "member.person.preferredPostalAddress.postCode"),
    ],
    [
      "an unknown validation flag",
      person({ preferredPostalAddress: gbAddress({ validation: "MANUAL" }) }),
      at(dataInvalid, "member.person.preferredPostalAddress.validation"),
    ],
    [
      "an address without lines",
      person({ preferredPostalAddress: gbAddress({ addressLines: undefined }) }),
      at(mandatoryMissing, "member.person.preferredPostalAddress.addressLines"),
    ],
    [
      "an address without a type",
      person({ preferredPostalAddress: gbAddress({ type: undefined }) }),
      at(mandatoryMissing, "member.person.preferredPostalAddress.type"),
    ],
    [
      "an address without a country",
      person({ preferredPostalAddress: gbAddress({ countryCode: undefined }) }),
      at(mandatoryMissing, "member.person.preferredPostalAddress.countryCode"),
    ],
    [
      "BUSINESS under the preferred postal address",
      person({ preferredPostalAddress: gbAddress({ type: "BUSINESS" }) }),
      at(addressNotSupported, "member.person.preferredPostalAddress.type"),
    ],
    [
      "PERSONAL under the other postal address",
      person({ otherPostalAddress: gbAddress({ type: "PERSONAL" }) }),
      at(addressNotSupported, "member.person.otherPostalAddress.type"),
    ],
    [
      "identical types in both postal addresses",
      person({
        preferredPostalAddress: gbAddress({ type: "BUSINESS" }),
        otherPostalAddress: gbAddress({ type: "BUSINESS" }),
      }),
      at(addressNotSupported, "member.person.otherPostalAddress.type"),
    ],
    // email
    [
      "an email of 51 characters",
      person({ emailAddresses: { preferredEmailAddress: { emailAddress: `${"a".repeat(39)}@example.com` } } }),
      at(dataInvalid, "member.person.emailAddresses.preferredEmailAddress.emailAddress"),
    ],
    [
      "an email without @",
      person({ emailAddresses: { preferredEmailAddress: { emailAddress: "jo.example.com" } } }),
      at(dataInvalid, "member.person.emailAddresses.preferredEmailAddress.emailAddress"),
    ],
    [
      "an email with two @",
      person({ emailAddresses: { preferredEmailAddress: { emailAddress: "jo@x@example.com" } } }),
      at(dataInvalid, "member.person.emailAddresses.preferredEmailAddress.emailAddress"),
    ],
    [
      "an email with _ after @",
      person({ emailAddresses: { preferredEmailAddress: { emailAddress: "jo@exa_mple.com" } } }),
      at(dataInvalid, "member.person.emailAddresses.preferredEmailAddress.emailAddress"),
    ],
    [
      "an email with + after @",
      person({ emailAddresses: { preferredEmailAddress: { emailAddress: "jo@exa+mple.com" } } }),
      at(dataInvalid, "member.person.emailAddresses.preferredEmailAddress.emailAddress"),
    ],
    [
      "an email with a space",
      person({ emailAddresses: { preferredEmailAddress: { emailAddress: "jo tester@example.com" } } }),
      at(dataInvalid, "member.person.emailAddresses.preferredEmailAddress.emailAddress"),
    ],
    [
      "an email element without its address",
      person({ emailAddresses: { preferredEmailAddress: {} } }),
      at(mandatoryMissing, "member.person.emailAddresses.preferredEmailAddress.emailAddress"),
    ],
    [
      "email addresses without the preferred one",
      person({ emailAddresses: {} }),
      at(mandatoryMissing, "member.person.emailAddresses.preferredEmailAddress"),
    ],
    // telecom
    [
      "a country code with a leading zero",
      person({ preferredTelecomAddress: mobile({ countryCode: "044" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.countryCode"),
    ],
    [
      "a country code with a plus",
      person({ preferredTelecomAddress: mobile({ countryCode: "+44" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.countryCode"),
    ],
    [
      "a country code of 6 digits",
      person({ preferredTelecomAddress: mobile({ countryCode: "123456" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.countryCode"),
    ],
    [
      "an area code of 6 digits",
      person({ preferredTelecomAddress: mobile({ areaCode: "123456" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.areaCode"),
    ],
    [
      "an area code with a letter",
      person({ preferredTelecomAddress: mobile({ areaCode: "2O" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.areaCode"),
    ],
    [
      "a number of 16 digits",
      person({ preferredTelecomAddress: mobile({ areaCode: undefined, number: "1".repeat(16) }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.number"),
    ],
    [
      "a number with a hyphen",
      person({ preferredTelecomAddress: mobile({ number: "900-123" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.number"),
    ],
    [
      "area code and number of 16 digits together",
      person({ preferredTelecomAddress: mobile({ areaCode: "77001", number: "12345678901" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.number"),
    ],
    [
      "a telecom without its number",
      person({ preferredTelecomAddress: mobile({ number: undefined }) }),
      at(mandatoryMissing, "member.person.preferredTelecomAddress.number"),
    ],
    [
      "a telecom without its device type",
      person({ preferredTelecomAddress: mobile({ deviceType: undefined }) }),
      at(mandatoryMissing, "member.person.preferredTelecomAddress.deviceType"),
    ],
    [
      "a lower-case telecom type",
      person({ preferredTelecomAddress: mobile({ type: "personal" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.type"),
    ],
    [
      "a lower-case device type",
      person({ preferredTelecomAddress: mobile({ deviceType: "mobile" }) }),
      at(dataInvalid, "member.person.preferredTelecomAddress.deviceType"),
    ],
    [
      "the pair MOBILE+BUSINESS",
      person({ preferredTelecomAddress: mobile({ type: "BUSINESS" }) }),
      at(addressNotSupported, "member.person.preferredTelecomAddress.deviceType"),
    ],
    [
      "the pair MOBILE+BUSINESS in otherTelecomAddress",
      person({ otherTelecomAddress: [mobile({ type: "BUSINESS" })] }),
      at(addressNotSupported, "member.person.otherTelecomAddress[0].deviceType"),
    ],
    [
      "three other telecom addresses",
      person({ otherTelecomAddress: [mobile(), mobile(), mobile()] }),
      at(dataInvalid, "member.person.otherTelecomAddress"),
    ],
    [
      "a country code not of the country of residence",
      person({ preferredTelecomAddress: mobile({ countryCode: "34" }) }),
      {
        status: 400,
        code: "REQUEST_INVALID",
        childCode: "PHONE_NUMBER_INVALID",
        path: "member.person.preferredTelecomAddress.countryCode",
        ...flat,
      },
    ],
    // preferences
    [
      "three marketing preferences",
      {
        member: {
          person: {},
          marketingPreference: [1, 2, 3].map(() => ({
            campaignType: "PARTNER",
            communicationChannel: "POSTAL",
            indicator: "Y",
          })),
        },
      },
      at(dataInvalid, "member.marketingPreference"),
    ],
    [
      "a repeated campaign type (the spec's 500)",
      {
        member: {
          person: {},
          marketingPreference: ["Y", "N"].map((indicator) => ({
            campaignType: "PARTNER",
            communicationChannel: "POSTAL",
            indicator,
          })),
        },
      },
      at(dataInvalid, "member.marketingPreference[1].campaignType"),
    ],
    [
      "a marketing channel other than POSTAL",
      {
        member: {
          person: {},
          marketingPreference: [{ campaignType: "PARTNER", communicationChannel: "EMAIL", indicator: "Y" }],
        },
      },
      at(dataInvalid, "member.marketingPreference[0].communicationChannel"),
    ],
    [
      "an unknown campaign type",
      {
        member: {
          person: {},
          marketingPreference: [{ campaignType: "NEWS", communicationChannel: "POSTAL", indicator: "Y" }],
        },
      },
      at(dataInvalid, "member.marketingPreference[0].campaignType"),
    ],
    [
      "a marketing preference without its indicator",
      { member: { person: {}, marketingPreference: [{ campaignType: "PARTNER", communicationChannel: "POSTAL" }] } },
      at(mandatoryMissing, "member.marketingPreference[0].indicator"),
    ],
    [
      "a contact preference without its channel",
      { member: { person: {}, contactPreference: [{ indicator: "Y" }] } },
      at(mandatoryMissing, "member.contactPreference[0].communicationChannel"),
    ],
    [
      "a marketing indicator YES",
      {
        member: {
          person: {},
          marketingPreference: [{ campaignType: "PARTNER", communicationChannel: "POSTAL", indicator: "YES" }],
        },
      },
      at(dataInvalid, "member.marketingPreference[0].indicator"),
    ],
    [
      "four contact preferences",
      {
        member: {
          person: {},
          contactPreference: ["EMAIL", "SMS", "PHONE", "EMAIL"].map((communicationChannel) => ({
            communicationChannel,
            indicator: "Y",
          })),
        },
      },
      at(dataInvalid, "member.contactPreference"),
    ],
    [
      "a repeated contact channel (the spec's 500)",
      {
        member: {
          person: {},
          contactPreference: ["Y", "N"].map((indicator) => ({ communicationChannel: "SMS", indicator })),
        },
      },
      at(dataInvalid, "member.contactPreference[1].communicationChannel"),
    ],
    [
      "an unknown contact channel",
      { member: { person: {}, contactPreference: [{ communicationChannel: "POST", indicator: "Y" }] } },
      at(dataInvalid, "member.contactPreference[0].communicationChannel"),
    ],
    [
      "a lower-case contact indicator",
      { member: { person: {}, contactPreference: [{ communicationChannel: "SMS", indicator: "y" }] } },
      at(dataInvalid, "member.contactPreference[0].indicator"),
    ],
    [
      "preferences without person",
      { member: { contactPreference: [{ communicationChannel: "SMS", indicator: "Y" }] } },
      at(mandatoryMissing, "member.person"),
    ],
    // programme
    [
      "a programme identifier with a digit",
      { programme: { identifier: "NORTH5TAR" } },
      at(dataInvalid, "programme.identifier"),
    ],
    ["a programme without its identifier", { programme: {} }, at(mandatoryMissing, "programme.identifier")],
    ["an unknown programme", { programme: { identifier: "NOSUCH" } }, programmeInvalid],
    ["a programme the partner does not serve", { programme: { identifier: "TRADEWIND" } }, programmeInvalid],
    ["the programme the member is already in", { programme: { identifier: "northstar" } }, programmeInvalid],
  ];

  it.each(cases)("refuses %s", async (_label, body, expected) => {
    const membership = await createMember();
    expectServiceError(await update(membership, body), expected);
  });

  it.each([
    ["an empty body", ""],
    ["a body that is not JSON", "{member"],
    ["null", "null"],
    ["an array", "[]"],
  ])("MANDATORY_DATA_MISSING for %s", async (_label, raw) => {
    expectServiceError(await update("3081000000000001", undefined, { raw }), mandatoryMissing);
  });

  it("accepts an email with any character but @ and space before the @", async () => {
    const membership = await createMember();
    await expectNoContent(
      await update(
        membership,
        person({ emailAddresses: { preferredEmailAddress: { emailAddress: "o'brien+tag@mail-1.example.co.uk" } } }),
      ),
    );
    expect((await read(membership)).member.person.emailAddresses?.preferredEmailAddress.emailAddress).toBe(
      "O'BRIEN+TAG@MAIL-1.EXAMPLE.CO.UK",
    );
  });
});

describe("P8 update membership: tokens and protocol", () => {
  const member1 = "3081000000000001";

  it("refuses another member's token with 401 REQUEST_UNAUTHORIZED", async () => {
    const answer = await update(member1, person({ name: { title: "Mr" } }), {
      token: await tokenOf("3081000000000002"),
    });
    expectServiceError(answer, { status: 401, code: "REQUEST_UNAUTHORIZED", childCode: "UNAUTHORIZED", ...flat });
    expect((await read(member1)).member.person.name.title).toBeUndefined();
  });

  it("requires a member token", async () => {
    const answer = await update(member1, {}, { token: null });
    expectServiceError(answer, { status: 401, code: "REQUEST_UNAUTHORIZED", childCode: "TOKEN_INVALID", ...flat });
    expect(answer.headers.get("www-authenticate")).toMatch(/^Bearer /);
  });

  it("refuses a malformed membership identifier", async () => {
    expectServiceError(await update("30810000000000AB", {}, { token: await tokenOf(member1) }), {
      ...dataInvalid,
      path: "membershipIdentifier",
    });
  });

  it("works for a member of a further programme", async () => {
    await expectNoContent(await update("3081000000000009", person({ locale: { languageCode: "es" } })));
  });

  it("answers on v3 only", async () => {
    expectServiceError(await update(member1, {}, { version: "v2" }), {
      status: 404,
      code: "REQUEST_INVALID",
      childCode: "VERSION_NOT_SUPPORTED",
      ...flat,
    });
  });

  it("answers 405 to other methods, naming GET and PATCH", async () => {
    const answer = await update(member1, {}, { method: "POST" });
    expectServiceError(answer, {
      status: 405,
      code: "REQUEST_INVALID",
      childCode: "HTTP_METHOD_NOT_SUPPORTED",
      ...flat,
    });
    expect(answer.headers.get("allow")).toBe("GET, PATCH");
  });

  it("requires a JSON Content-Type", async () => {
    expectServiceError(await update(member1, {}, { headers: { "Content-Type": "text/plain" } }), {
      status: 415,
      code: "REQUEST_INVALID",
      childCode: "HEADER_INVALID",
      ...flat,
    });
  });
});
