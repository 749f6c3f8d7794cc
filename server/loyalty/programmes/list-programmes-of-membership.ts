import { asc, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { accounts, type AccountStatus } from "@/server/loyalty/ledger/ledger-tables";
import { members, membershipProgrammes } from "@/server/loyalty/members/member-tables";
import { programmes, type Programme } from "./programme-tables";

export interface MembershipProgrammes {
  accountStatus: AccountStatus | undefined;
  programmes: Programme[];
}

/** The programmes a membership is associated with; undefined for an unknown membership. */
export async function listProgrammesOfMembership(
  db: Database,
  membershipNumber: string,
): Promise<MembershipProgrammes | undefined> {
  const [member] = await db
    .select({ id: members.id, accountStatus: accounts.status })
    .from(members)
    .leftJoin(accounts, eq(accounts.memberId, members.id))
    .where(eq(members.membershipNumber, membershipNumber))
    .limit(1);
  if (!member) return undefined;

  const rows = await db
    .select({ programme: programmes })
    .from(membershipProgrammes)
    .innerJoin(programmes, eq(programmes.id, membershipProgrammes.programmeId))
    .where(eq(membershipProgrammes.memberId, member.id))
    .orderBy(asc(programmes.position));
  return { accountStatus: member.accountStatus ?? undefined, programmes: rows.map((row) => row.programme) };
}
