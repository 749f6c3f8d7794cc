import { eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { accounts, type AccountStatus } from "@/server/loyalty/ledger/ledger-tables";
import { members } from "@/server/loyalty/members/member-tables";
import { programmes } from "@/server/loyalty/programmes/programme-tables";
import { isRefusedAtLogin } from "@/server/loyalty/members/login-refusals";

export interface TokenMember {
  memberDbId: number;
  membershipNumber: string;
  accountStatus: AccountStatus;
  /** The programme the member's account belongs to. */
  programmeDbId: number;
  programmeIdentifier: string;
}

/** The member a code or refresh token was issued for, as its tokens' claims need it. */
export async function findTokenMember(db: Database, memberDbId: number): Promise<TokenMember | undefined> {
  const [row] = await db
    .select({
      memberDbId: members.id,
      membershipNumber: members.membershipNumber,
      accountStatus: accounts.status,
      programmeDbId: programmes.id,
      programmeIdentifier: programmes.identifier,
    })
    .from(members)
    .innerJoin(accounts, eq(accounts.memberId, members.id))
    .innerJoin(programmes, eq(programmes.id, accounts.programmeId))
    .where(eq(members.id, memberDbId))
    .limit(1);
  return row;
}

/**
 * Statuses that forbid use of the account (spec, States: inactive, blocked,
 * fraud), the ones login refuses; a token exchange checks again because the
 * status may have changed since the login.
 */
export function mayReceiveTokens(member: TokenMember): boolean {
  return !isRefusedAtLogin(member.accountStatus);
}
