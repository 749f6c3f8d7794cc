import type { Database } from "@/server/db/connect";
import { accounts, transactions, type NewTransaction } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipProgrammes, registeredIdentifiers } from "@/server/loyalty/members/member-tables";
import { securityProfiles } from "@/server/loyalty/members/security-profile-tables";
import type { Sandbox, SandboxMember } from "./sandbox-file";
import { idOf, type IdMap } from "./id-map";
import { seededJournal, type JournalContext, type SeededJournal } from "./seed-transactions";

/** argon2id hashes computed before the transaction, keyed by membership number. */
export interface MemberSecretHashes {
  /** Of the sandbox password, for members with a username. */
  passwords: Map<string, string>;
  /** Of the document number on file, for members with a `registeredIdentifier`. */
  registeredIdentifiers: Map<string, string>;
}

/** A developer sandbox's copies of the personas: who owns them and which persona each repeats. */
export interface PersonaCopies {
  sandboxPartnerId: number;
  /** Copy's membership number → the persona it copies. */
  personas: Map<string, SandboxMember>;
  /** Keeps the public identifiers of named seeded transactions unique across the service. */
  identifierSuffix: string;
}

/** Members with their programme, account, security profile and seeded journal. */
export async function insertMembers(
  db: Database,
  sandbox: Sandbox,
  ids: { programmes: IdMap; partners: IdMap },
  secretHashes: MemberSecretHashes,
  now: Date,
  copies?: PersonaCopies,
): Promise<void> {
  const inserted = await db
    .insert(members)
    .values(
      sandbox.members.map((member) => ({
        membershipNumber: member.membershipNumber,
        firstName: member.firstName,
        familyName: member.familyName,
        title: member.title ?? null,
        dateOfBirth: member.dateOfBirth ?? null,
        countryOfResidence: member.country,
        joinDate: member.joinDate,
        postCodeOnFile: member.postCode ?? null,
        sandboxPartnerId: copies?.sandboxPartnerId ?? null,
        personaNumber: copies?.personas.get(member.membershipNumber)?.membershipNumber ?? null,
      })),
    )
    .returning({ id: members.id, membershipNumber: members.membershipNumber });
  const memberIds: IdMap = new Map(inserted.map((row) => [row.membershipNumber, row.id]));
  const memberIdOf = (member: SandboxMember) => idOf(memberIds, member.membershipNumber, "member");
  const programmeIdOf = (member: SandboxMember) => idOf(ids.programmes, member.programme, "programme");

  await db.insert(membershipProgrammes).values(
    sandbox.members.map((member) => ({
      memberId: memberIdOf(member),
      programmeId: programmeIdOf(member),
      associatedAt: new Date(`${member.joinDate}T00:00:00Z`),
    })),
  );

  const profiles = sandbox.members.flatMap((member) => {
    if (!member.username) return [];
    const passwordHash = secretHashes.passwords.get(member.membershipNumber);
    if (!passwordHash) throw new Error(`No password hash prepared for member ${member.membershipNumber}`);
    return [
      {
        memberId: memberIdOf(member),
        // Usernames are matched upper-case, so they are stored that way.
        username: member.username.toUpperCase(),
        passwordHash,
        passwordExpired: member.passwordExpired ?? false,
        createdAt: now,
      },
    ];
  });
  if (profiles.length > 0) await db.insert(securityProfiles).values(profiles);

  const documents = sandbox.members.flatMap((member) => {
    if (!member.registeredIdentifier) return [];
    const identifierHash = secretHashes.registeredIdentifiers.get(member.membershipNumber);
    if (!identifierHash) throw new Error(`No identifier hash prepared for member ${member.membershipNumber}`);
    return [{ memberId: memberIdOf(member), type: member.registeredIdentifier.type, identifierHash }];
  });
  if (documents.length > 0) await db.insert(registeredIdentifiers).values(documents);

  const journal: NewTransaction[] = [];
  for (const member of sandbox.members) {
    const persona = copies?.personas.get(member.membershipNumber);
    const copyOf = copies && persona ? { persona, identifierSuffix: copies.identifierSuffix } : undefined;
    const history = journalOf(sandbox, member, ids.partners, now, copyOf);
    const [account] = await db
      .insert(accounts)
      .values({
        memberId: memberIdOf(member),
        programmeId: programmeIdOf(member),
        accountType: member.accountType,
        status: member.status,
        balance: BigInt(member.balance),
        lastActivityDate: history.lastActivityDate,
        createdAt: now,
      })
      .returning({ id: accounts.id });
    journal.push(...history.rows.map((row) => ({ ...row, accountId: account!.id })));
  }
  if (journal.length > 0) await db.insert(transactions).values(journal);
}

/**
 * The member's seeded journal, written by the first active partner that serves
 * the member's programme and credits under an external source (Demo Partner
 * for every sandbox programme), as a real history would have been.
 */
function journalOf(
  sandbox: Sandbox,
  member: SandboxMember,
  partnerIds: IdMap,
  now: Date,
  copyOf?: JournalContext["copyOf"],
): SeededJournal {
  const partner = sandbox.partners.find(
    (candidate) =>
      candidate.status === "ACTIVE" && candidate.externalSource && candidate.programmes.includes(member.programme),
  );
  if (!partner?.externalSource) {
    if (member.balance === 0) return { rows: [], lastActivityDate: null };
    throw new Error(`No active partner with an external source serves ${member.programme}`);
  }
  const partnerId = idOf(partnerIds, partner.partnerIdentifier, "partner");
  return seededJournal(member, { partnerId, externalSource: partner.externalSource, now, copyOf });
}
