import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { accounts, type Account } from "@/server/loyalty/ledger/ledger-tables";
import { programmes, type Programme } from "@/server/loyalty/programmes/programme-tables";
import { members, type Member } from "./member-tables";
import { securityProfiles, type SecurityProfile } from "./security-profile-tables";

export interface MemberRecord {
  member: Member;
  account: Account;
  /** The programme the account belongs to. */
  programme: Programme;
  securityProfile: SecurityProfile | null;
}

function selectMemberRecord(db: Database) {
  return db
    .select({ member: members, account: accounts, programme: programmes, securityProfile: securityProfiles })
    .from(members)
    .innerJoin(accounts, eq(accounts.memberId, members.id))
    .innerJoin(programmes, eq(programmes.id, accounts.programmeId))
    .leftJoin(securityProfiles, eq(securityProfiles.memberId, members.id));
}

export async function findMemberByMembershipNumber(
  db: Database,
  membershipNumber: string,
): Promise<MemberRecord | undefined> {
  const [row] = await selectMemberRecord(db).where(eq(members.membershipNumber, membershipNumber)).limit(1);
  return row;
}

/** By login name; usernames are stored in upper case, so the lookup is case insensitive. */
export async function findMemberByUsername(db: Database, username: string): Promise<MemberRecord | undefined> {
  const [row] = await selectMemberRecord(db).where(eq(securityProfiles.username, username.toUpperCase())).limit(1);
  return row;
}
