import { createHash } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "@/server/db/rows";
import { accounts, transactions, type Transaction } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipProgrammes, registeredIdentifiers } from "@/server/loyalty/members/member-tables";
import { securityProfiles } from "@/server/loyalty/members/security-profile-tables";
import { oauthClients, oauthRedirectUris } from "@/server/loyalty/oauth/client-tables";
import { apiKeys, partners } from "@/server/loyalty/partners/partner-tables";
import { partnerProgrammes, programmeCountries, programmes } from "@/server/loyalty/programmes/programme-tables";
import { serviceRules } from "@/server/loyalty/rules/rule-tables";
import { sandbox } from "@/server/loyalty/sandbox/sandbox-file";
import { seededJournal } from "@/server/loyalty/sandbox/seed-transactions";
import { verifySecret } from "@/server/security/password-hash";
import { setupTestDatabase } from "@/test/support/test-database";

// A vitest fixture that only shares the "use" prefix with React hooks.
const { db } = setupTestDatabase();

const member1 = "3081000000000001";
const member9 = "3081000000000009";
const shopper = "3081000000000012";
const dayMs = 86_400_000;

/** Whole UTC calendar days between two moments. */
const daysBetween = (earlier: Date, later: Date) =>
  Math.floor(later.getTime() / dayMs) - Math.floor(earlier.getTime() / dayMs);

let seedMoment: Date;
let demoPartnerId: number;
let journalByMember: Map<string, Transaction[]>;

beforeAll(async () => {
  // Partners are stamped with the `now` the seed counted back from.
  const [demo] = await db().select().from(partners).where(eq(partners.partnerIdentifier, "DEMOPARTNER01"));
  seedMoment = demo!.createdAt;
  demoPartnerId = demo!.id;
  const rows = await db()
    .select({ membershipNumber: members.membershipNumber, transaction: transactions })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(members, eq(members.id, accounts.memberId))
    .orderBy(asc(transactions.dateMade), asc(transactions.id));
  journalByMember = new Map();
  for (const { membershipNumber, transaction } of rows) {
    journalByMember.set(membershipNumber, [...(journalByMember.get(membershipNumber) ?? []), transaction]);
  }
});

const journalOf = (membershipNumber: string) => journalByMember.get(membershipNumber) ?? [];
/** What retrieve transactions can show: the journal without opening balances. */
const transactionsOf = (membershipNumber: string) =>
  journalOf(membershipNumber).filter((row) => row.kind !== "OPENING");
const allTransactions = () => [...journalByMember.keys()].flatMap(transactionsOf);

describe("seeded ledger", () => {
  it("sums every account's journal to its balance, which is sandbox.json's", async () => {
    const result = await db().execute<{ membership_number: string; balance: string; journal: string }>(sql`
      select m.membership_number, a.balance::text as balance, coalesce(sum(t.points_delta), 0)::text as journal
      from loyalty.accounts a
      join loyalty.members m on m.id = a.member_id
      left join loyalty.transactions t on t.account_id = a.id
      group by m.membership_number, a.balance`);
    const rows = rowsOf<{ membership_number: string; balance: string; journal: string }>(result);
    expect(rows).toHaveLength(sandbox.members.length);
    for (const row of rows) {
      const expected = sandbox.members.find((member) => member.membershipNumber === row.membership_number);
      expect(row.journal, row.membership_number).toBe(row.balance);
      expect(row.balance, row.membership_number).toBe(String(expected?.balance));
    }
  });

  it("never lets a running balance go negative, in date order", async () => {
    const result = await db().execute(sql`
      select account_id, min(running)::text as lowest from (
        select account_id, sum(points_delta) over (partition by account_id order by date_made, id) as running
        from loyalty.transactions
      ) r group by account_id`);
    const rows = rowsOf<{ account_id: number; lowest: string }>(result);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(BigInt(row.lowest)).toBeGreaterThanOrEqual(0n);
  });

  it("gives member 1 thirty transactions over the last year, including the three the sandbox names", () => {
    const journal = journalOf(member1);
    expect(journal).toHaveLength(30);
    for (const row of journal) {
      const age = daysBetween(row.dateMade, seedMoment);
      expect(age).toBeGreaterThanOrEqual(1);
      expect(age).toBeLessThanOrEqual(365);
    }
    const named = (identifier: string) => {
      const row = journal.find((candidate) => candidate.identifier === identifier);
      expect(row, identifier).toBeDefined();
      expect(row!.externalTransactionIdentifier).toBe(identifier);
      return { kind: row!.kind, delta: row!.pointsDelta, age: daysBetween(row!.dateMade, seedMoment) };
    };
    expect(named("SBXOLDDEBIT0001")).toEqual({ kind: "DEBIT", delta: -5000n, age: 40 });
    expect(named("SBXCREDIT0001")).toEqual({ kind: "CREDIT", delta: 2000n, age: 10 });
    expect(named("SBXBIGDEBIT0001")).toEqual({ kind: "DEBIT", delta: -1_000_000n, age: 200 });
    // A spread history: many different days and both kinds.
    expect(new Set(journal.map((row) => row.dateMade.toISOString().slice(0, 10))).size).toBeGreaterThanOrEqual(25);
    expect(journal.filter((row) => row.kind === "DEBIT").length).toBeGreaterThanOrEqual(5);
    expect(journal.filter((row) => row.kind === "CREDIT").length).toBeGreaterThanOrEqual(15);
  });

  it("gives member 9 twelve transactions, other funded members 1 to 4 credits and empty accounts none", () => {
    expect(journalOf(member9)).toHaveLength(12);
    for (const member of sandbox.members) {
      if ([member1, member9, shopper].includes(member.membershipNumber)) continue;
      const journal = journalOf(member.membershipNumber);
      if (member.balance === 0) {
        expect(journal, member.membershipNumber).toHaveLength(0);
      } else {
        expect(journal.length, member.membershipNumber).toBeGreaterThanOrEqual(1);
        expect(journal.length, member.membershipNumber).toBeLessThanOrEqual(4);
        expect(journal.every((row) => row.kind === "CREDIT")).toBe(true);
      }
    }
  });

  it("gives the checkout's shopper no transactions: its 60000 points are one opening balance in the journal", () => {
    expect(sandbox.members.find((member) => member.membershipNumber === shopper)?.balance).toBe(60_000);
    expect(transactionsOf(shopper)).toEqual([]);
    const [opening, ...others] = journalOf(shopper);
    expect(others).toEqual([]);
    expect(opening).toMatchObject({
      kind: "OPENING",
      pointsDelta: 60_000n,
      identifier: `SBX${shopper}OPEN`,
      partnerId: null,
      externalTransactionIdentifier: null,
      externalSource: null,
      description: "OPENING-BALANCE",
    });
    // Dated when the account opened, before anything the member could have done.
    expect(opening!.dateMade.toISOString()).toBe("2019-04-04T00:00:00.000Z");
    // No other account has one: every other balance is explained by its transactions.
    expect(
      [...journalByMember.entries()]
        .filter(([, rows]) => rows.some((row) => row.kind === "OPENING"))
        .map(([membershipNumber]) => membershipNumber),
    ).toEqual([shopper]);
  });

  it("follows the spec's field rules for retrieved transactions", () => {
    const journal = allTransactions();
    expect(journal.length).toBe(53);
    for (const row of journal) {
      expect(row.identifier).toMatch(/^[A-Z0-9]{1,32}$/);
      expect(row.externalTransactionIdentifier).toBe(row.identifier);
      // Credits carry the partner's booking reference; debits the service's own reference.
      const reference = row.kind === "CREDIT" ? row.externalReferenceIdentifier : row.serviceReference;
      expect(reference).toMatch(/^[A-Za-z0-9]{1,10}$/);
      expect(row.partnerId).toBe(demoPartnerId);
      expect(row.externalTransactionDate?.getTime()).toBe(row.dateMade.getTime());
      expect(row.dateMade.getTime()).toBeLessThan(seedMoment.getTime());
      expect(row.dateMade.getUTCHours()).toBe(10);
      if (row.kind === "CREDIT") {
        expect(row.pointsDelta).toBeGreaterThan(0n);
        expect(row.pointsDelta).toBeLessThanOrEqual(999_999n);
        expect(row.description).toMatch(/^[A-Za-z0-9&.-]{1,51}$/);
        expect(row.externalSource).toBe("DEMOSHOP");
      } else {
        expect(row.kind).toBe("DEBIT");
        expect(row.pointsDelta).toBeLessThan(0n);
        expect(row.description).toMatch(/^[A-Za-z0-9~!@#$%^&]+$/);
      }
    }
  });

  it("records each account's last activity as the date of its latest transaction", async () => {
    const rows = await db()
      .select({ membershipNumber: members.membershipNumber, lastActivityDate: accounts.lastActivityDate })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.memberId));
    for (const row of rows) {
      // An opening balance is no activity.
      const latest = transactionsOf(row.membershipNumber).at(-1);
      const expected = latest ? latest.dateMade.toISOString().slice(0, 10) : null;
      expect(row.lastActivityDate, row.membershipNumber).toBe(expected);
    }
    expect(rows.find((row) => row.membershipNumber === member1)?.lastActivityDate).not.toBeNull();
    expect(rows.find((row) => row.membershipNumber === shopper)?.lastActivityDate).toBeNull();
  });

  it("is deterministic: the same moment gives the same journal", () => {
    const sandboxMember = sandbox.members.find((member) => member.membershipNumber === member1)!;
    const context = { partnerId: demoPartnerId, externalSource: "DEMOSHOP", now: seedMoment };
    const generated = seededJournal(sandboxMember, context);
    expect(seededJournal(sandboxMember, context)).toEqual(generated);
    const stored = journalOf(member1).map(({ id: _id, accountId: _account, ...row }) => row);
    expect(stored).toEqual(
      generated.rows.map((row) => ({ productSummary: null, reversedTransactionId: null, agentId: null, ...row })),
    );
  });

  it("refuses to build a history that contradicts the sandbox balance", () => {
    const sandboxMember = sandbox.members.find((member) => member.membershipNumber === member1)!;
    const context = { partnerId: demoPartnerId, externalSource: "DEMOSHOP", now: seedMoment };
    expect(() => seededJournal({ ...sandboxMember, balance: 250_001 }, context)).toThrow(/sums to 250000/);
  });
});

describe("seeded members", () => {
  it("matches sandbox.json for every member and account", async () => {
    const rows = await db()
      .select({ member: members, account: accounts, programme: programmes.identifier })
      .from(members)
      .innerJoin(accounts, eq(accounts.memberId, members.id))
      .innerJoin(programmes, eq(programmes.id, accounts.programmeId));
    expect(rows).toHaveLength(sandbox.members.length);
    for (const expected of sandbox.members) {
      const row = rows.find((candidate) => candidate.member.membershipNumber === expected.membershipNumber);
      expect(row, expected.membershipNumber).toBeDefined();
      expect({
        programme: row!.programme,
        status: row!.account.status,
        accountType: row!.account.accountType,
        balance: row!.account.balance,
        firstName: row!.member.firstName,
        familyName: row!.member.familyName,
        title: row!.member.title,
        dateOfBirth: row!.member.dateOfBirth,
        country: row!.member.countryOfResidence,
        joinDate: row!.member.joinDate,
        postCodeOnFile: row!.member.postCodeOnFile,
      }).toEqual({
        programme: expected.programme,
        status: expected.status,
        accountType: expected.accountType,
        balance: BigInt(expected.balance),
        firstName: expected.firstName,
        familyName: expected.familyName,
        title: expected.title ?? null,
        dateOfBirth: expected.dateOfBirth ?? null,
        country: expected.country,
        joinDate: expected.joinDate,
        postCodeOnFile: expected.postCode ?? null,
      });
    }
  });

  it("holds the registration details on file: postcodes, dates of birth and the identity document, hashed", async () => {
    const onFile = await db()
      .select({
        membershipNumber: members.membershipNumber,
        postCode: members.postCodeOnFile,
        dateOfBirth: members.dateOfBirth,
      })
      .from(members)
      .where(inArray(members.membershipNumber, ["3081000000000003", "3081000000000004", "3081000000000005"]))
      .orderBy(asc(members.membershipNumber));
    expect(onFile).toEqual([
      { membershipNumber: "3081000000000003", postCode: "SW1A1AA", dateOfBirth: null },
      { membershipNumber: "3081000000000004", postCode: "2196", dateOfBirth: null },
      { membershipNumber: "3081000000000005", postCode: null, dateOfBirth: "1990-04-12" },
    ]);

    const documents = await db()
      .select({ membershipNumber: members.membershipNumber, document: registeredIdentifiers })
      .from(registeredIdentifiers)
      .innerJoin(members, eq(members.id, registeredIdentifiers.memberId));
    expect(documents.map((row) => [row.membershipNumber, row.document.type])).toEqual([
      ["3081000000000004", "NATIONAL_IDENTITY_CARD"],
    ]);
    const { identifierHash } = documents[0]!.document;
    // Only the argon2id hash is stored, of the number as registration normalises it.
    expect(identifierHash.startsWith("$argon2id$")).toBe(true);
    expect(identifierHash).not.toContain("8001015009087");
    expect(await verifySecret(identifierHash, "8001015009087")).toBe(true);
    expect(await verifySecret(identifierHash, "8001015009088")).toBe(false);
  });

  it("associates each membership with its own programme only", async () => {
    const rows = await db()
      .select({ membershipNumber: members.membershipNumber, programme: programmes.identifier })
      .from(membershipProgrammes)
      .innerJoin(members, eq(members.id, membershipProgrammes.memberId))
      .innerJoin(programmes, eq(programmes.id, membershipProgrammes.programmeId));
    expect(rows.sort((a, b) => a.membershipNumber.localeCompare(b.membershipNumber))).toEqual(
      sandbox.members.map((member) => ({ membershipNumber: member.membershipNumber, programme: member.programme })),
    );
  });

  it("stores usernames upper-case with argon2id hashes of the sandbox password", async () => {
    const rows = await db()
      .select({ membershipNumber: members.membershipNumber, profile: securityProfiles })
      .from(securityProfiles)
      .innerJoin(members, eq(members.id, securityProfiles.memberId));
    const withUsername = sandbox.members.filter((member) => member.username);
    expect(rows).toHaveLength(withUsername.length);
    for (const expected of withUsername) {
      const row = rows.find((candidate) => candidate.membershipNumber === expected.membershipNumber);
      expect(row?.profile.username).toBe(expected.username!.toUpperCase());
      expect(row!.profile.passwordHash.startsWith("$argon2id$")).toBe(true);
      expect(await verifySecret(row!.profile.passwordHash, sandbox.password)).toBe(true);
      expect(row!.profile.passwordExpired).toBe(expected.passwordExpired ?? false);
    }
    expect(await verifySecret(rows[0]!.profile.passwordHash, "Sandbox#2027")).toBe(false);
    expect(rows.filter((row) => row.profile.passwordExpired).map((row) => row.membershipNumber)).toEqual([
      "3081000000000011",
    ]);
  });
});

describe("seeded programmes and partners", () => {
  it("holds the six programmes in file order, with their countries and organisation", async () => {
    const rows = await db().select().from(programmes).orderBy(asc(programmes.position));
    const countries = await db().select().from(programmeCountries);
    expect(rows).toHaveLength(6);
    expect(
      rows.map((row) => ({
        identifier: row.identifier,
        name: row.name,
        role: row.role,
        countries: countries
          .filter((country) => country.programmeId === row.id)
          .map((country) => country.countryCode)
          .sort(),
        partner:
          row.organisationIdentifier === null && row.organisationName === null
            ? null
            : { identifier: row.organisationIdentifier, organisationName: row.organisationName },
      })),
    ).toEqual(sandbox.programmes.map((programme) => ({ ...programme, countries: [...programme.countries].sort() })));
  });

  it("holds which programmes take credits, reversals and which variant of retrieve transactions", async () => {
    const rows = await db().select().from(programmes).orderBy(asc(programmes.position));
    const rules = sandbox.operationProgrammes;
    expect(rows.filter((row) => row.acceptsCredits).map((row) => row.identifier)).toEqual(rules.credit);
    expect(rows.filter((row) => row.acceptsReversals).map((row) => row.identifier)).toEqual(rules.reverse);
    expect(rows.filter((row) => row.transactionsVariant === "primary").map((row) => row.identifier)).toEqual(
      rules.retrieveTransactionsPrimaryVariant,
    );
    expect(rows.filter((row) => row.transactionsVariant === "other").map((row) => row.identifier)).toEqual(
      rules.retrieveTransactionsOtherVariant,
    );
  });

  it("holds the service's rules in one row", async () => {
    const rows = await db()
      .select({ rules: serviceRules, debitProgramme: programmes.identifier })
      .from(serviceRules)
      .innerJoin(programmes, eq(programmes.id, serviceRules.debitPartnerProgrammeId));
    expect(rows).toEqual([
      {
        rules: {
          id: 1,
          svcClientApplicationName: sandbox.svcClientApplicationName,
          authorisationCodeSeconds: sandbox.authorisationCodeSeconds,
          debitPartnerProgrammeId: expect.any(Number),
        },
        debitProgramme: sandbox.operationProgrammes.debitPartnerMustBeAssociatedWith,
      },
    ]);
  });

  it("holds the partners with their status, programmes, source, window and pricing", async () => {
    const rows = await db().select().from(partners);
    const links = await db()
      .select({ partnerId: partnerProgrammes.partnerId, programme: programmes.identifier })
      .from(partnerProgrammes)
      .innerJoin(programmes, eq(programmes.id, partnerProgrammes.programmeId));
    expect(rows).toHaveLength(sandbox.partners.length);
    for (const expected of sandbox.partners) {
      const row = rows.find((candidate) => candidate.partnerIdentifier === expected.partnerIdentifier);
      expect(row, expected.partnerIdentifier).toBeDefined();
      expect(row!.name).toBe(expected.name);
      expect(row!.status).toBe(expected.status);
      expect(row!.externalSource).toBe(expected.externalSource ?? null);
      expect(row!.reversalWindowHours).toBe(sandbox.reversalWindowHours);
      expect(row!.pricingConfiguration).toEqual(expected.pricing ?? null);
      const programmesOfPartner = links.filter((link) => link.partnerId === row!.id).map((link) => link.programme);
      expect(programmesOfPartner.sort()).toEqual([...expected.programmes].sort());
    }
  });

  it("finds every sandbox api key by its sha256, under the right partner and environment", async () => {
    const rows = await db()
      .select({ key: apiKeys, partner: partners.partnerIdentifier, status: partners.status })
      .from(apiKeys)
      .innerJoin(partners, eq(partners.id, apiKeys.partnerId));
    const expectedKeys = sandbox.partners.flatMap((partner) =>
      Object.entries(partner.apiKeys).map(([environment, key]) => ({ partner, environment, key: key! })),
    );
    expect(rows).toHaveLength(expectedKeys.length);
    for (const { partner, environment, key } of expectedKeys) {
      const keyHash = createHash("sha256").update(key).digest("hex");
      const row = rows.find((candidate) => candidate.key.keyHash === keyHash);
      expect(row, key).toBeDefined();
      expect(row!.partner).toBe(partner.partnerIdentifier);
      expect(row!.status).toBe(partner.status);
      expect(row!.key.environment).toBe(environment);
      expect(row!.key.keyPrefix).toBe(key.slice(0, 8));
      expect(row!.key.revokedAt).toBeNull();
      // Only the hash is stored: no column holds the key itself.
      expect(JSON.stringify(row!.key)).not.toContain(key);
    }
  });

  it("registers both OAuth clients with argon2id secrets and their redirect URIs", async () => {
    const demo = sandbox.partners[0]!;
    const clients = await db().select().from(oauthClients);
    const uris = await db()
      .select({ clientId: oauthRedirectUris.clientId, uri: oauthRedirectUris.uri, programme: programmes.identifier })
      .from(oauthRedirectUris)
      .leftJoin(programmes, eq(programmes.id, oauthRedirectUris.programmeId));
    expect(clients).toHaveLength(2);

    const login = clients.find((client) => client.clientId === demo.oauthClient!.clientId)!;
    expect(login).toMatchObject({ kind: "member_login", partnerId: demoPartnerId, businessContextIdentifier: null });
    expect(login.secretHash.startsWith("$argon2id$")).toBe(true);
    expect(await verifySecret(login.secretHash, demo.oauthClient!.password)).toBe(true);
    expect(await verifySecret(login.secretHash, demo.furtherProgrammes!.partnerSecret)).toBe(false);
    expect(uris.filter((uri) => uri.clientId === login.id).map(({ uri, programme }) => ({ uri, programme }))).toEqual(
      demo.oauthClient!.redirectUris.map((uri) => ({ uri, programme: null })),
    );

    const further = clients.find((client) => client.clientId === "DEMO10001")!;
    expect(further).toMatchObject({
      kind: "further_programmes",
      partnerId: demoPartnerId,
      businessContextIdentifier: demo.furtherProgrammes!.businessContextIdentifier,
    });
    expect(await verifySecret(further.secretHash, demo.furtherProgrammes!.partnerSecret)).toBe(true);
    const furtherUris = uris.filter((uri) => uri.clientId === further.id);
    expect(Object.fromEntries(furtherUris.map(({ uri, programme }) => [programme, uri]))).toEqual(
      demo.furtherProgrammes!.redirectUris,
    );
  });
});
