import { and, eq } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { partnerProgrammes, programmes } from "@/server/loyalty/programmes/programme-tables";
import { members, membershipProgrammes } from "./member-tables";
import { reachesMemberCondition } from "./sandbox-reach";

export interface PartnerMembershipQuery {
  partnerId: number;
  membershipNumber: string;
  /** When named, the membership must be associated with this programme (any case), and the partner registered with it. */
  programmeIdentifier?: string;
}

/**
 * Whether a membership belongs to the partner's reach: associated with a
 * programme the partner is registered with (its own programme or one it
 * joined). The offline channels' boundary: an agent of a partner reaches the
 * members of that partner's programmes, nobody else; and in the sandbox, a
 * developer's sandbox partner reaches only its own member copies, the other
 * partners only the shared sandbox members (sandbox-reach.ts; docs/decisions.md, "Developer console").
 */
export async function isPartnerMembership(db: Database, query: PartnerMembershipQuery): Promise<boolean> {
  const programmeCondition =
    query.programmeIdentifier === undefined
      ? undefined
      : eq(programmes.identifier, query.programmeIdentifier.toUpperCase());
  const [row] = await db
    .select({ memberId: members.id })
    .from(members)
    .innerJoin(membershipProgrammes, eq(membershipProgrammes.memberId, members.id))
    .innerJoin(
      partnerProgrammes,
      and(
        eq(partnerProgrammes.programmeId, membershipProgrammes.programmeId),
        eq(partnerProgrammes.partnerId, query.partnerId),
      ),
    )
    .innerJoin(programmes, eq(programmes.id, membershipProgrammes.programmeId))
    .innerJoin(partners, eq(partners.id, partnerProgrammes.partnerId))
    .where(
      and(
        eq(members.membershipNumber, query.membershipNumber),
        programmeCondition,
        reachesMemberCondition(query.partnerId),
      ),
    )
    .limit(1);
  return row !== undefined;
}
