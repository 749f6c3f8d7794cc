import "server-only";
import { inArray } from "drizzle-orm";
import type { Database } from "@/server/db/connect";
import { members } from "@/server/loyalty/members/member-tables";
import { partners } from "@/server/loyalty/partners/partner-tables";
import { sandbox } from "./sandbox-file";

/**
 * Live mode's check of the service's database: the sandbox's partners (their
 * api keys and client secrets are published) and members (their password is
 * published), one line each kind, empty when there are none.
 */
export async function sandboxAccountProblems(db: Database): Promise<string[]> {
  const partnerIds = sandbox.partners.map((partner) => partner.partnerIdentifier);
  const memberNumbers = sandbox.members.map((member) => member.membershipNumber);
  const foundPartners = await db
    .select({ id: partners.partnerIdentifier })
    .from(partners)
    .where(inArray(partners.partnerIdentifier, partnerIds))
    .orderBy(partners.partnerIdentifier);
  const foundMembers = await db
    .select({ number: members.membershipNumber })
    .from(members)
    .where(inArray(members.membershipNumber, memberNumbers));
  const problems: string[] = [];
  if (foundPartners.length > 0)
    problems.push(
      `The database holds the sandbox's partners (${foundPartners.map((row) => row.id).join(", ")}), whose api keys and secrets are published; start live mode on a database the sandbox never seeded.`,
    );
  if (foundMembers.length > 0)
    problems.push(
      `The database holds ${foundMembers.length} of the sandbox's members, whose password is published; start live mode on a database the sandbox never seeded.`,
    );
  return problems;
}
